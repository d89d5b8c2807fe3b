// Group "addresses": the root derived from the base address, reachability, the final address of every
// interface (no doubled segment), and whether the service also answers a doubled path.
import { allEndpoints, normaliseBaseUrl } from '../../shared/endpoints.ts';
import { INTERFACES, KEY_FAMILIES, FORMAT_LABELS } from '../../shared/formats.ts';
import { authHeaders, describeAnswer, send } from './probe.ts';
import type { Answer } from './probe.ts';
import { emit, ms } from './report.ts';
import type { Ctx } from './types.ts';

/** Two version segments in a row: `/v1/v1`, `/v1beta/v1beta`, `/v1/v1beta` (wire-notes: apps double them). */
const DOUBLED = /\/(v1beta|v1)\/(v1beta|v1)(?=\/|$)/i;

export function doubledSegment(url: string): string | undefined {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return undefined;
  }
  return DOUBLED.exec(path)?.[0];
}

/** The root every address is derived from; undefined (reported as a failure) when the base is unusable. */
export function checkRoot(ctx: Ctx, baseUrl: string): string | undefined {
  const base = normaliseBaseUrl(baseUrl);
  if (!base.ok) {
    emit(
      ctx,
      'addresses',
      'root',
      'Base address',
      'fail',
      `expected an http(s) base address; ${base.message}`,
    );
    return undefined;
  }
  const same = base.root === baseUrl.trim();
  emit(
    ctx,
    'addresses',
    'root',
    'Base address',
    'info',
    same ? `root ${base.root}` : `root ${base.root} (derived from "${baseUrl.trim()}")`,
  );
  return base.root;
}

/** The first configured key, sent its family's way: gateways may refuse keyless requests. */
function anyKey(ctx: Ctx): { headers: Record<string, string>; queryKey: string | undefined } {
  for (const family of KEY_FAMILIES) {
    const key = ctx.keys[family];
    if (key !== undefined) {
      return { headers: authHeaders(family, key), queryKey: family === 'generate' ? key : undefined };
    }
  }
  return { headers: {}, queryKey: undefined };
}

/** Reports reachability; false when nothing answered, so the run stops there. */
export async function checkReachable(ctx: Ctx): Promise<boolean> {
  const answer = await send(ctx, { method: 'GET', url: allEndpoints(ctx.root).models, ...anyKey(ctx) });
  if (answer.kind === 'failed') {
    emit(
      ctx,
      'addresses',
      'reachable',
      'Reachable',
      'fail',
      `expected an HTTP answer from ${answer.where}; got ${describeAnswer(answer)}`,
    );
    return false;
  }
  emit(
    ctx,
    'addresses',
    'reachable',
    'Reachable',
    'pass',
    `${answer.where} answered HTTP ${answer.status} in ${ms(answer.ms)}`,
  );
  return true;
}

export function checkFinalAddresses(ctx: Ctx): void {
  const endpoints = allEndpoints(ctx.root);
  for (const iface of INTERFACES) {
    // The generate-content address names the model in its path; the model is chosen later.
    const url = endpoints[iface].replace('%7Bmodel%7D', '{model}');
    const method = iface === 'models' ? 'GET' : 'POST';
    const doubled = doubledSegment(url);
    emit(
      ctx,
      'addresses',
      iface,
      FORMAT_LABELS[iface],
      // Computing an address proves nothing about the service: it is information until a check calls it.
      doubled === undefined ? 'info' : 'fail',
      doubled === undefined
        ? `${method} ${url}`
        : `expected no doubled path segment; got ${method} ${url} ("${doubled}": remove the repeated segment from the base address)`,
    );
  }
}

function doubledVerdict(answer: Answer): { status: 'pass' | 'warn' | 'info'; detail: string } {
  const got = describeAnswer(answer);
  if (answer.kind === 'failed') return { status: 'info', detail: `could not tell: ${got}` };
  if (answer.status >= 200 && answer.status < 300) {
    return {
      status: 'warn',
      detail: `expected 404 for ${answer.where}; got ${got}: the service also answers doubled paths, so clients that double segments will appear to work here and fail elsewhere`,
    };
  }
  if (answer.status === 401 || answer.status === 403 || answer.status >= 500) {
    return { status: 'info', detail: `could not tell: ${answer.where} answered ${got}` };
  }
  return { status: 'pass', detail: `${answer.where} refused as expected: ${got}` };
}

export async function checkDoubledPath(ctx: Ctx): Promise<void> {
  const url = `${ctx.root}/v1/v1/models`;
  const answer = await send(ctx, { method: 'GET', url, ...anyKey(ctx) });
  const v = doubledVerdict(answer);
  emit(ctx, 'addresses', 'doubled-path', 'Doubled path refused', v.status, v.detail);
}
