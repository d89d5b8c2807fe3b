// The conformance checker: probes a service, one small request after another, and reports how each
// interface matches service-spec.md (and the conventions of wire-notes.md where the spec says "not shown").
// Used by `quartet doctor` and by the app's connection check.
import { KEY_FAMILIES, type KeyFamily } from '../../shared/formats.ts';
import { createRedactor } from '../core/index.ts';
import { keyFor } from '../core/http/auth.ts';
import { checkDoubledPath, checkFinalAddresses, checkReachable, checkRoot } from './addresses.ts';
import { CHAT_CHECK } from './chat.ts';
import { checkErrors } from './errors.ts';
import { GENERATE_CHECK } from './generate.ts';
import { checkImages } from './images.ts';
import { MESSAGES_CHECK } from './messages.ts';
import { checkModels } from './models.ts';
import { CHECK_HINTS } from './hints.ts';
import { Stopped } from './probe.ts';
import { emit, type Group } from './report.ts';
import { RESPONSES_CHECK } from './responses.ts';
import { checkTextFormat, type TextFormatCheck } from './text-format.ts';
import type { CheckResult, ConformanceOptions, ConformanceReport, Ctx } from './types.ts';
import { compact } from '../../shared/compact.ts';

export type {
  CheckResult,
  CheckStatus,
  ConformanceModels,
  ConformanceOptions,
  ConformanceReport,
} from './types.ts';
export { reportToMarkdown, reportToTable, summaryLine } from './output.ts';

const DEFAULT_TIMEOUT_MS = 30_000;
// A detail line is one line; a service's message quoted in it is cut here.
const MAX_DETAIL_CHARS = 600;

function oneLineDetail(text: string): string {
  const flat = text.replace(/\s*[\r\n]+\s*/g, ' ');
  return flat.length > MAX_DETAIL_CHARS ? `${flat.slice(0, MAX_DETAIL_CHARS - 1)}…` : flat;
}

const GROUPS: Array<[Group, (ctx: Ctx) => Promise<void>]> = [
  ['models', checkModels],
  ...[CHAT_CHECK, RESPONSES_CHECK, MESSAGES_CHECK, GENERATE_CHECK].map(
    (f: TextFormatCheck): [Group, (ctx: Ctx) => Promise<void>] => [f.group, (ctx) => checkTextFormat(ctx, f)],
  ),
  ['images', checkImages],
  ['errors', checkErrors],
];

const FAMILY_NAMES: Record<KeyFamily, string> = {
  bearer: 'Bearer (chat, responses, images)',
  messages: 'messages',
  generate: 'generate content',
};

/** A refused key explains every check that needed it; the summary says so before any count. */
function refusedKeyCause(ctx: Ctx): string | undefined {
  const configured = KEY_FAMILIES.filter((f) => ctx.keys[f] !== undefined);
  const refused = configured.filter((f) => ctx.refused[f] !== undefined);
  const first = refused[0];
  if (first === undefined) return undefined;
  let answer = ctx.refused[first] ?? '';
  while (answer.endsWith('.')) answer = answer.slice(0, -1);
  if (refused.length === configured.length) {
    return `The key was refused: ${answer}. Nothing that needs a key could be checked; the checks that ran only show that the service answers.`;
  }
  const which = refused.map((f) => FAMILY_NAMES[f]).join(' and ');
  return `The ${which} key was refused: ${answer}. The formats that use it could not be checked.`;
}

/**
 * Runs every check in order, handing each result to `onResult` as it is known. A stopped run (the
 * signal) resolves with the results so far. Keys never appear in results: every name and detail is
 * redacted, in raw, URL-encoded and JSON-escaped forms.
 */
export async function runConformance(opts: ConformanceOptions): Promise<ConformanceReport> {
  const startedAt = Date.now();
  const started = performance.now();
  const keys = Object.fromEntries(KEY_FAMILIES.map((f) => [f, keyFor(opts.keys, f)])) as Record<
    KeyFamily,
    string | undefined
  >;
  const redact = createRedactor([...Object.values(opts.keys), ...Object.values(keys)].map((k) => k?.trim()));
  const results: CheckResult[] = [];
  let lastExchangeId: string | undefined;
  const ctx: Ctx = {
    root: '',
    fetch: opts.fetch ?? globalThis.fetch,
    timeoutMs: opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    signal: opts.signal,
    keys,
    models: opts.models ?? {},
    images: opts.images ?? false,
    attachments: opts.attachments ?? false,
    tools: opts.tools ?? false,
    hints: CHECK_HINTS[opts.surface ?? 'cli'],
    refused: {},
    redact,
    lists: {},
    recording: opts.onExchange !== undefined,
    recordExchange(x) {
      lastExchangeId = x.id;
      opts.onExchange?.(x);
    },
    report(result) {
      const clean: CheckResult = {
        ...result,
        name: redact(result.name),
        detail: redact(oneLineDetail(result.detail)),
        ...compact({ exchangeId: result.exchangeId ?? lastExchangeId }),
      };
      results.push(clean);
      opts.onResult?.(clean);
    },
  };
  try {
    const root = checkRoot(ctx, opts.baseUrl);
    if (root !== undefined) {
      ctx.root = root;
      if (await checkReachable(ctx)) {
        checkFinalAddresses(ctx);
        await checkDoubledPath(ctx);
        for (const [group, check] of GROUPS) {
          try {
            await check(ctx);
          } catch (e) {
            if (e instanceof Stopped) throw e;
            // A bug in a check must not lose the rest of the report.
            emit(
              ctx,
              group,
              'internal',
              'Checker error',
              'fail',
              `the check itself failed: ${e instanceof Error ? e.message : String(e)}`,
            );
          }
        }
      }
    }
  } catch (e) {
    if (!(e instanceof Stopped)) throw e;
  }
  const summary = { pass: 0, warn: 0, fail: 0, info: 0 };
  for (const r of results) summary[r.status] += 1;
  const cause = refusedKeyCause(ctx);
  return {
    ...compact({ cause: cause !== undefined ? redact(cause) : undefined }),
    baseUrl: redact(opts.baseUrl.trim()),
    root: ctx.root,
    startedAt,
    durationMs: Math.round(performance.now() - started),
    results,
    summary,
  };
}
