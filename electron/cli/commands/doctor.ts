// `quartet doctor`: the conformance checker from the terminal. A table for people, JSON for scripts,
// a Markdown report to share; exit 1 when any check failed.
import { reportToMarkdown, reportToTable, runConformance } from '../../conformance/index.ts';
import { UsageError } from '../args.ts';
import { replaceFileAtomic } from '../../store/atomic-write.ts';
import { connect, keysFrom, serviceAddress } from '../connection.ts';
import { flag, str, type CommandContext } from './context.ts';

export const doctorOptions = {
  'model-chat': { type: 'string' },
  'model-messages': { type: 'string' },
  'model-generate': { type: 'string' },
  'model-image': { type: 'string' },
  images: { type: 'boolean' },
  attachments: { type: 'boolean' },
  tools: { type: 'boolean' },
  json: { type: 'boolean' },
  report: { type: 'string' },
} as const;

type ModelFlag = 'model-chat' | 'model-messages' | 'model-generate' | 'model-image';
// Table width on a terminal when COLUMNS does not say.
const DEFAULT_COLUMNS = 100;

function modelFlag(ctx: CommandContext, name: ModelFlag): string | undefined {
  const value = str(ctx.values, name)?.trim();
  if (value === '') throw new UsageError(`--${name} needs a model id, e.g. --${name}=ID`);
  return value;
}

function tableWidth(ctx: CommandContext): number | undefined {
  if (!ctx.io.stdout.isTTY) return undefined; // piped: whole lines, easy to grep
  const columns = Number(ctx.io.env['COLUMNS']);
  return Number.isInteger(columns) && columns > 40 ? columns : DEFAULT_COLUMNS;
}

export async function runDoctor(ctx: CommandContext): Promise<number> {
  const v = ctx.values;
  if (ctx.positionals.length > 0) {
    throw new UsageError(
      `doctor takes no arguments, got '${ctx.positionals.join(' ')}' (see quartet doctor --help)`,
    );
  }
  const reportPath = str(v, 'report');
  if (reportPath !== undefined && reportPath.trim() === '')
    throw new UsageError('--report needs a file name, e.g. --report check.md');
  const models = {
    chat: modelFlag(ctx, 'model-chat'),
    messages: modelFlag(ctx, 'model-messages'),
    generate: modelFlag(ctx, 'model-generate'),
    image: modelFlag(ctx, 'model-image'),
  };
  // The same address and key rules (and messages) as every other command; the client itself is not used:
  // conformance needs the raw answers.
  connect(v, ctx.io.env, {}, (line) => ctx.term.err(line));
  const baseUrl = serviceAddress(v, ctx.io.env);

  const spinner = ctx.term.spinner('checking the service');
  const report = await runConformance({
    baseUrl,
    keys: keysFrom(v, ctx.io.env),
    models,
    images: flag(v, 'images'),
    attachments: flag(v, 'attachments'),
    tools: flag(v, 'tools'),
    signal: ctx.signal,
  }).finally(() => spinner.stop());
  if (ctx.signal.aborted) {
    ctx.term.err('quartet: stopped\n');
    return 130;
  }

  if (reportPath !== undefined) await replaceFileAtomic(reportPath, reportToMarkdown(report), 0o644);
  if (flag(v, 'json')) {
    ctx.term.out(`${JSON.stringify(report, null, 2)}\n`);
  } else {
    const color = ctx.io.stdout.isTTY && ctx.io.env['NO_COLOR'] === undefined;
    const width = tableWidth(ctx);
    ctx.term.out(reportToTable(report, width === undefined ? { color } : { color, width }));
  }
  if (reportPath !== undefined) ctx.term.err(`report written to ${reportPath}\n`);
  return report.summary.fail > 0 ? 1 : 0;
}
