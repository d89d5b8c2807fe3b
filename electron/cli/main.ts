import { ApiError, createRedactor } from '../core/index.ts';
import { describeError } from '../../shared/errors.ts';
import { parseCommandArgs, splitCommand, UsageError } from './args.ts';
import { askOptions, runAsk } from './commands/ask.ts';
import { benchOptions, runBench } from './commands/bench.ts';
import type { CommandContext, Values } from './commands/context.ts';
import { doctorOptions, runDoctor } from './commands/doctor.ts';
import { imageOptions, runImage } from './commands/image.ts';
import { modelsOptions, runModels } from './commands/models.ts';
import { runSimulate, simulateOptions } from './commands/simulate.ts';
import { keysFrom } from './connection.ts';
import { HELP } from './help.ts';
import { version } from './version.ts';
import type { CliIO } from './io.ts';
import { createTerminal } from './terminal.ts';

export const EXIT = { ok: 0, failed: 1, usage: 2, interrupted: 130 } as const;

const COMMANDS = {
  models: { options: modelsOptions, run: runModels },
  ask: { options: askOptions, run: runAsk },
  image: { options: imageOptions, run: runImage },
  simulate: { options: simulateOptions, run: runSimulate },
  doctor: { options: doctorOptions, run: runDoctor },
  bench: { options: benchOptions, run: runBench },
} as const;

/** Runs the command line; resolves to the exit code. */
export async function main(argv: readonly string[], io: CliIO): Promise<number> {
  const { command, rest } = splitCommand(argv);
  // Everything printed passes the redactor of every key the command line was given.
  let redact = createRedactor([]);
  const term = createTerminal(io, (t) => redact(t));
  const ctl = new AbortController();
  const offSignal = command === 'simulate' ? () => undefined : io.onSignal(() => ctl.abort());
  try {
    if (command !== undefined && !(command in COMMANDS)) {
      throw new UsageError(`unknown command '${command}' (commands: ${Object.keys(COMMANDS).join(', ')})`);
    }
    const spec = command === undefined ? undefined : COMMANDS[command as keyof typeof COMMANDS];
    const { values, positionals } = parseCommandArgs(command, rest, spec?.options ?? {});
    redact = createRedactor(Object.values(keysFrom(values as Values, io.env)));
    if (values.version) {
      term.out(`quartet ${version()}\n`);
      return EXIT.ok;
    }
    if (values.help || spec === undefined) {
      const text = `${HELP[command ?? 'main'] ?? HELP['main']}\n`;
      // Asked-for help goes to stdout; help shown because no command was given is an error.
      if (values.help) term.out(text);
      else term.err(text);
      return values.help ? EXIT.ok : EXIT.usage;
    }
    const ctx: CommandContext = { io, term, values: values as Values, positionals, signal: ctl.signal };
    return await spec.run(ctx);
  } catch (e) {
    return report(e, command, term);
  } finally {
    offSignal();
  }
}

function report(e: unknown, command: string | undefined, term: ReturnType<typeof createTerminal>): number {
  if (e instanceof UsageError) {
    term.err(`quartet: ${e.message}\n`);
    return EXIT.usage;
  }
  if (e instanceof ApiError) {
    const info = e.info;
    if (info.kind === 'invalid-input') {
      term.err(`quartet: ${info.message}${command ? ` (see quartet ${command} --help)` : ''}\n`);
      return EXIT.usage;
    }
    if (info.kind === 'aborted') {
      term.err('quartet: stopped\n');
      return EXIT.interrupted;
    }
    const attempts =
      info.attempts !== undefined && info.attempts > 1 ? ` (after ${info.attempts} attempts)` : '';
    term.err(`quartet: ${describeError(info)}${attempts}\n`);
    return EXIT.failed;
  }
  const err = e as NodeJS.ErrnoException;
  if (err && typeof err.code === 'string' && typeof err.path === 'string') {
    term.err(`quartet: cannot write ${err.path}: ${err.code}\n`);
    return EXIT.failed;
  }
  term.err(`quartet: internal error: ${e instanceof Error ? e.message : String(e)}\n`);
  return EXIT.failed;
}
