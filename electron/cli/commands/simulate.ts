import { intOption, UsageError } from '../args.ts';
import { ENV } from '../connection.ts';
import { str, type CommandContext } from './context.ts';

export const simulateOptions = {
  port: { type: 'string' },
  pace: { type: 'string' },
} as const;

/** `--pace '{"firstTokenMs":300,"tokensPerSecond":40}'`: the simulator's pace (its README, "Pace"). */
async function paceOption(text: string | undefined) {
  if (text === undefined) return undefined;
  const { parsePace } = await import('../../simulator/index.ts');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new UsageError(`--pace must be a JSON object, not '${text}'`, 'simulate');
  }
  const pace = parsePace(value);
  if (typeof pace === 'string') throw new UsageError(`--pace: ${pace}`, 'simulate');
  return pace;
}

/** Runs the local simulator until SIGINT or SIGTERM. */
export async function runSimulate(ctx: CommandContext): Promise<number> {
  const port = intOption('port', str(ctx.values, 'port'), 0, 65_535) ?? 0;
  const pace = await paceOption(str(ctx.values, 'pace'));
  // Loaded only here: the other commands do not need the simulator.
  const { startSimulator, SANDBOX_KEY } = await import('../../simulator/index.ts');
  const stopped = new Promise<NodeJS.Signals>((resolve) => {
    const off = ctx.io.onSignal((signal) => {
      off();
      resolve(signal);
    });
  });
  const sim = await startSimulator(pace ? { port, pace } : { port }).catch((e: unknown) => {
    // A taken or forbidden port is the user's choice to change, not a fault of Quartet.
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      throw new UsageError(
        `port ${port} is already in use: pick another with --port, or --port 0 for any free one`,
        'simulate',
      );
    if (code === 'EACCES')
      throw new UsageError(
        `port ${port} needs privileges this user lacks: pick one above 1023 with --port`,
        'simulate',
      );
    throw e;
  });
  // The sandbox key is public by design: it only opens this local simulator.
  ctx.io.stdout.write(
    `Quartet simulator listening on ${sim.baseUrl}\n` +
      `  sandbox key: ${SANDBOX_KEY} (every interface)\n` +
      `  try: ${ENV.baseUrl}=${sim.baseUrl} ${ENV.key}=${SANDBOX_KEY} npx quartet ask --format chat --model gpt-5-mini "hello"\n` +
      'Press Ctrl+C to stop.\n',
  );
  const signal = await stopped;
  await sim.close();
  ctx.io.stderr.write(`simulator stopped (${signal})\n`);
  return 0;
}
