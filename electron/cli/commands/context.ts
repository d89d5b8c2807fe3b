import type { CliIO } from '../io.ts';
import type { Terminal } from '../terminal.ts';

export type Values = Record<string, string | string[] | boolean | undefined>;

export interface CommandContext {
  io: CliIO;
  term: Terminal;
  values: Values;
  positionals: string[];
  /** aborted on Ctrl+C */
  signal: AbortSignal;
}

export function str(values: Values, name: string): string | undefined {
  const v = values[name];
  return typeof v === 'string' ? v : undefined;
}

/** A repeatable option's values, in the order given (none: an empty list). */
export function list(values: Values, name: string): string[] {
  const v = values[name];
  return Array.isArray(v) ? v : typeof v === 'string' ? [v] : [];
}

export function flag(values: Values, name: string): boolean {
  return values[name] === true;
}

/** The prompt from the positional words, or from stdin when it is '-'. */
export async function promptFrom(ctx: CommandContext): Promise<string> {
  const words = ctx.positionals;
  if (words.length === 1 && words[0] === '-') return (await ctx.io.readStdin()).trim();
  return words.join(' ').trim();
}
