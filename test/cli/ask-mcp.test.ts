// `quartet ask --mcp NAME`: the stdio test server's tools offered through the simulator in each format,
// each call asked about on the terminal (or run with --yes), the results answered, the step limit said.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../electron/cli/main.ts';
import type { CliIO } from '../../electron/cli/io.ts';
import { SANDBOX_KEY, startSimulator, type RunningSimulator } from '../../electron/simulator/index.ts';
import type { TextFormat } from '../../shared/formats.ts';
import { parseConversationFile } from '../../shared/export.ts';
import { runCli } from './run-cli.ts';

const SERVER = fileURLToPath(new URL('../support/mcp-stdio-server.ts', import.meta.url));
const MODEL: Record<TextFormat, string> = {
  chat: 'gpt-5-mini',
  responses: 'gpt-5-mini',
  messages: 'claude-haiku-4-5',
  generate: 'gemini-2.5-flash',
};

let sim: RunningSimulator;
let dataDir: string;
let env: Record<string, string>;

beforeAll(async () => {
  sim = await startSimulator({ port: 0 });
  dataDir = await mkdtemp(join(tmpdir(), 'quartet-cli-mcp-'));
  await writeFile(
    join(dataDir, 'mcp.json'),
    JSON.stringify({ mcpServers: { local: { command: process.execPath, args: [SERVER] } } }),
  );
  env = { QUARTET_BASE_URL: sim.baseUrl, QUARTET_API_KEY: SANDBOX_KEY, QUARTET_DATA_DIR: dataDir };
});
afterAll(async () => {
  await sim.close();
  await rm(dataDir, { recursive: true, force: true });
});

const ask = (format: TextFormat, prompt: string, ...more: string[]) => [
  'ask',
  '--format',
  format,
  '--model',
  MODEL[format],
  '--mcp',
  'local',
  ...more,
  prompt,
];

interface Run {
  code: number;
  stdout: string;
  stderr: string;
  questions: string[];
}

/** The command in this process with a terminal whose answers are scripted, one per question. */
async function onTerminal(
  argv: string[],
  answers: string[],
  /** Ctrl+C the moment stderr says this */
  interruptAt?: string,
): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const questions: string[] = [];
  let interrupt: (() => void) | undefined;
  const io: CliIO = {
    stdout: { write: (t) => void (stdout += t), isTTY: false },
    stderr: {
      write: (t) => {
        stderr += t;
        if (interruptAt !== undefined && t.includes(interruptAt)) interrupt?.();
      },
      isTTY: false,
    },
    env,
    readStdin: () => Promise.resolve(''),
    onSignal: (handler) => {
      interrupt = () => handler('SIGINT');
      return () => (interrupt = undefined);
    },
    question: (prompt, signal) => {
      questions.push(prompt);
      const answer = answers.shift() ?? null;
      if (answer !== '^C') return Promise.resolve(answer);
      // Ctrl+C at the question: the process's handler stops the command, and the question gives up
      interrupt?.();
      return Promise.reject(signal.reason as Error);
    },
  };
  const code = await main(argv, io);
  return { code, stdout, stderr, questions };
}

describe('quartet ask --mcp', () => {
  for (const format of ['chat', 'responses', 'messages', 'generate'] as const) {
    it(`${format}: with --yes the tool runs and the model answers with its result`, async () => {
      const r = await runCli(ask(format, 'Say it back. [[call:local__echo]]', '--yes'), { env });
      expect(r.stderr).toContain('running local/echo');
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/local__echo → "echo: /);
    });
  }

  for (const format of ['chat', 'responses', 'messages', 'generate'] as const) {
    it(`${format}: a tool's image goes back as an image, and the history file keeps it`, async () => {
      const history = join(dataDir, `chart-${format}.json`);
      const r = await runCli(ask(format, 'Draw it. [[call:local__chart]]', '--yes', '--history', history), {
        env,
      });
      expect(r.code).toBe(0);
      expect(r.stderr).toContain('local/chart answered (9 characters and 1 image)');
      // the simulator says what image it received: inside the result, or (chat) in the message after it
      expect(r.stdout).toContain('image/png 64x64');
      const saved = parseConversationFile(await readFile(history, 'utf8'));
      if (!saved.ok) throw new Error(saved.message);
      const images = saved.conversation.turns.flatMap((t) =>
        (t.toolResults ?? []).flatMap((x) => x.images ?? []),
      );
      expect(images.map((i) => [i.mimeType, i.width, i.height])).toEqual([['image/png', 64, 64]]);
      expect(saved.files.map((f) => f.id)).toContain(images[0]!.id);
    });
  }

  it('y runs the call after showing its server, tool and full arguments', async () => {
    const r = await onTerminal(ask('messages', 'Add them. [[call:local__add]]'), ['y']);
    expect(r.code).toBe(0);
    expect(r.questions).toHaveLength(1);
    expect(r.stderr).toMatch(/local\/add wants to run with:\n\{\n {2}"a": \d+,\n {2}"b": \d+\n\}/);
    expect(r.stdout).toMatch(/local__add → "?\d+/);
  });

  it('n asks why and sends the reason back as the result; the tool is not run', async () => {
    const r = await onTerminal(ask('chat', 'Say it back. [[call:local__echo]]'), ['n', 'not today']);
    expect(r.code).toBe(0);
    expect(r.questions).toHaveLength(2);
    expect(r.stderr).not.toContain('running local/echo');
    expect(r.stdout).toContain('The user denied this tool call. Reason: not today.');
  });

  it('a runs this tool for the rest of the run without asking again', async () => {
    const r = await onTerminal(ask('chat', 'Twice. [[call:local__echo,local__echo]]', '--json'), ['a']);
    expect(r.code).toBe(0);
    expect(r.questions).toHaveLength(1);
    const out = JSON.parse(r.stdout) as { toolRuns: { tool: string; status: string; result: string }[] };
    expect(out.toolRuns.map((t) => [t.tool, t.status])).toEqual([
      ['echo', 'done'],
      ['echo', 'done'],
    ]);
    expect(out.toolRuns[0]!.result).toMatch(/^echo: /);
  });

  it('--history keeps the calls and their results, and the next turn goes on from them', async () => {
    const history = join(dataDir, 'tools.json');
    const first = await runCli(
      ask('messages', 'Say it back. [[call:local__echo]]', '--yes', '--history', history),
      {
        env,
      },
    );
    expect(first.code).toBe(0);
    const second = await runCli(['ask', '--history', history, '--mcp', 'local', '--yes', 'Thanks.'], { env });
    expect(second.code).toBe(0);
    const parsed = parseConversationFile(await readFile(history, 'utf8'));
    if (!parsed.ok) throw new Error(parsed.message);
    const turns = parsed.conversation.turns;
    expect(turns.map((t) => [t.role, (t.toolCalls ?? []).length, (t.toolResults ?? []).length])).toEqual([
      ['user', 0, 0],
      ['assistant', 1, 0],
      ['user', 0, 1],
      ['assistant', 0, 0],
      ['user', 0, 0],
      ['assistant', 0, 0],
    ]);
    expect(turns[2]!.toolResults![0]!.content).toMatch(/^echo: /);
  });

  it('Ctrl+C while a call runs stops it and exits non-zero', async () => {
    const r = await onTerminal(ask('chat', 'Wait. [[call:local__slow]]'), ['y'], 'running local/slow');
    expect(r.code).toBe(130);
    expect(r.stderr).toContain('quartet: stopped');
    expect(r.stderr).not.toContain('local/slow answered');
    expect(r.stdout).toBe('');
  });

  it('Ctrl+C at the question stops the command without running the call', async () => {
    const r = await onTerminal(ask('chat', 'Say it back. [[call:local__echo]]'), ['^C']);
    expect(r.code).toBe(130);
    expect(r.stderr).toContain('quartet: stopped');
    expect(r.stderr).not.toContain('internal error');
    expect(r.stderr).not.toContain('running local/echo');
  });

  it('stops at the step limit with a note, the last calls not run', async () => {
    const r = await runCli(
      ask(
        'chat',
        'Again and again. [[call:local__echo]] [[keep-calling]]',
        '--yes',
        '--steps',
        '2',
        '--json',
      ),
      { env },
    );
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('stopped at the step limit (2 rounds of tool calls)');
    const out = JSON.parse(r.stdout) as {
      toolRuns: unknown[];
      stepLimitReached: boolean;
      toolCalls: unknown[];
    };
    expect(out.toolRuns).toHaveLength(2);
    expect(out.stepLimitReached).toBe(true);
    expect(out.toolCalls).toHaveLength(1);
  });

  it('refuses a server name mcp.json does not list, naming those it does', async () => {
    const r = await runCli(['ask', '--format', 'chat', '--model', MODEL.chat, '--mcp', 'nope', 'hi'], {
      env,
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('lists no server named "nope" (servers there: local)');
    expect(r.stdout).toBe('');
  });

  it('refuses --yes without --mcp, which would run nothing', async () => {
    const r = await runCli(['ask', '--format', 'chat', '--model', MODEL.chat, '--yes', 'hi'], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--yes and --steps go with --mcp NAME');
  });

  it('refuses the first call when standard input is not a terminal and --yes is not given', async () => {
    const r = await runCli(ask('messages', 'Say it back. [[call:local__echo]]'), { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('standard input is not a terminal');
    expect(r.stderr).toContain('--yes');
    expect(r.stderr).not.toContain('running local/echo');
  });
});
