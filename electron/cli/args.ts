import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';

/** Bad usage: the message is for the person at the terminal; exit code 2. */
export class UsageError extends Error {
  readonly command: string | undefined;
  constructor(message: string, command?: string) {
    super(message);
    this.name = 'UsageError';
    this.command = command;
  }
}

export const GLOBAL_OPTIONS = {
  'base-url': { type: 'string' },
  connection: { type: 'string' },
  key: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'V' },
} as const satisfies ParseArgsOptionsConfig;

const GLOBAL_WITH_VALUE = new Set(['--base-url', '--connection', '--key']);

/** The command word and every other argument (global options may come before or after it). */
export function splitCommand(argv: readonly string[]): { command: string | undefined; rest: string[] } {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '--') break;
    if (GLOBAL_WITH_VALUE.has(a)) {
      i++;
      continue;
    }
    if (!a.startsWith('-')) return { command: a, rest: [...argv.slice(0, i), ...argv.slice(i + 1)] };
  }
  return { command: undefined, rest: [...argv] };
}

/** Node's parseArgs messages, said shortly and with a hint. */
function explain(e: unknown, command: string | undefined): UsageError {
  const code = (e as { code?: string }).code;
  const message = e instanceof Error ? e.message : String(e);
  const option = /'(-{1,2}[^' ]+)/.exec(message)?.[1];
  const help = command ? `quartet ${command} --help` : 'quartet --help';
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && option) {
    return new UsageError(`unknown option ${option} (see ${help})`, command);
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && option) {
    if (/argument missing|ambiguous/.test(message)) {
      return new UsageError(
        `${option} needs a value (write ${option}=VALUE when the value starts with '-')`,
        command,
      );
    }
    return new UsageError(`${option} does not take a value`, command);
  }
  return new UsageError(`${message} (see ${help})`, command);
}

/**
 * Joins `--option -1` into `--option=-1` for options that take a value: a negative number is a value
 * (`--thinking-budget -1` is what the spec pairs with includeThoughts), not another option.
 */
export function joinNegativeValues(args: readonly string[], options: ParseArgsOptionsConfig): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    const next = args[i + 1];
    const name = a.startsWith('--') && !a.includes('=') ? a.slice(2) : undefined;
    if (name !== undefined && options[name]?.type === 'string' && next !== undefined && /^-\d/.test(next)) {
      out.push(`${a}=${next}`);
      i++;
    } else out.push(a);
    if (a === '--') {
      out.push(...args.slice(i + 1));
      break;
    }
  }
  return out;
}

export function parseCommandArgs<O extends ParseArgsOptionsConfig>(
  command: string | undefined,
  args: string[],
  options: O,
) {
  const all = { ...GLOBAL_OPTIONS, ...options };
  try {
    return parseArgs({
      args: joinNegativeValues(args, all),
      options: all,
      allowPositionals: true,
      strict: true,
    });
  } catch (e) {
    throw explain(e, command);
  }
}

/** A whole number option within [min, max], or undefined when absent. */
export function intOption(
  name: string,
  value: string | undefined,
  min: number,
  max: number,
): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value.trim());
  if (value.trim() === '' || !Number.isInteger(n) || n < min || n > max) {
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, not '${value}'`);
  }
  return n;
}

/** A number option within [min, max], or undefined when absent. */
export function numberOption(
  name: string,
  value: string | undefined,
  min: number,
  max: number,
): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value.trim());
  if (value.trim() === '' || !Number.isFinite(n) || n < min || n > max) {
    throw new UsageError(`--${name} must be a number from ${min} to ${max}, not '${value}'`);
  }
  return n;
}

export function choiceOption<T extends string>(
  name: string,
  value: string | undefined,
  choices: readonly T[],
): T | undefined {
  if (value === undefined) return undefined;
  if (!(choices as readonly string[]).includes(value)) {
    throw new UsageError(`--${name} must be one of ${choices.join(', ')}, not '${value}'`);
  }
  return value as T;
}
