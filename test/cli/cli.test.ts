import { mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { spawn } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { createServer as createHttpServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sniffImage } from '../../electron/core/index.ts';
import {
  SANDBOX_KEY,
  simulatedReply,
  startSimulator,
  type RunningSimulator,
} from '../../electron/simulator/index.ts';
import { parseConversationFile } from '../../shared/export.ts';
import type { TextFormat } from '../../shared/formats.ts';
import { BIN, runCli } from './run-cli.ts';
import { PROXY_RESPONSES_STREAM } from '../core/helpers/recorded-streams.ts';

/** A port on 127.0.0.1 that nothing listens on (just freed by a server of our own). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let sim: RunningSimulator;
let dir: string;
let env: Record<string, string>;

beforeAll(async () => {
  sim = await startSimulator({ port: 0 });
  dir = await mkdtemp(join(tmpdir(), 'quartet-cli-'));
  env = { QUARTET_BASE_URL: sim.baseUrl, QUARTET_API_KEY: SANDBOX_KEY };
});
afterAll(async () => {
  await sim.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => sim.faults.clear());

const MODEL: Record<TextFormat, string> = {
  chat: 'gpt-5-mini',
  responses: 'gpt-4.1',
  messages: 'claude-sonnet-4-5',
  generate: 'gemini-2.5-pro',
};

describe('help and version', () => {
  it('--help, <cmd> --help and --version exit 0', async () => {
    const main = await runCli(['--help']);
    expect(main.code).toBe(0);
    expect(main.stdout).toMatch(/Usage:\n {2}quartet models/);
    const ask = await runCli(['ask', '--help']);
    expect(ask.code).toBe(0);
    expect(ask.stdout).toMatch(/--history FILE/);
    const version = await runCli(['--version']);
    const pkg = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    expect(version).toEqual({ code: 0, stdout: `quartet ${pkg.version}\n`, stderr: '' });
  });

  it('the binary is executable and starts with a node shebang', async () => {
    expect((await stat(BIN)).mode & 0o111).not.toBe(0);
    expect((await readFile(BIN, 'utf8')).startsWith('#!/usr/bin/env node\n')).toBe(true);
  });
});

describe('against the simulator', () => {
  it('models, as text and as JSON', async () => {
    const text = await runCli(['models'], { env });
    expect(text.code).toBe(0);
    expect(text.stdout.split('\n')).toContain('gpt-5-mini  (openai)');
    const json = await runCli(['models', '--json'], { env });
    expect(JSON.parse(json.stdout)).toEqual(
      expect.arrayContaining([{ id: 'gemini-2.5-pro', ownedBy: 'google', created: expect.any(Number) }]),
    );
  });

  // One test per ending: each runs the CLI twice, and a busy machine must not time them out together.
  it.each([
    {
      reason: 'refusal',
      args: ['--format', 'messages', '--model', 'claude-haiku-4-5', 'please [[refuse]]'],
      line: /^quartet: The model refused to answer\. \(finish reason: refusal\) The simulator refuses every prompt that holds \[\[refuse\]\]\.\n$/,
    },
    {
      reason: 'content-filter',
      args: ['--format', 'generate', '--model', 'gemini-2.5-flash', '--stream', 'please [[refuse]]'],
      line: /^quartet: The service's content filter stopped the reply\. \(finish reason: SAFETY\)/,
    },
    {
      reason: 'length',
      args: ['--format', 'chat', '--model', 'gpt-5-mini', '--max-tokens', '3', 'a long answer'],
      line: /^quartet: The reply reached the maximum number of output tokens\. \(finish reason: length\)\n$/,
    },
  ])('says on stderr why a reply ended ($reason), and in --json', async (c) => {
    const r = await runCli(['ask', ...c.args], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(c.line);
    const json = await runCli(['ask', '--json', ...c.args], { env });
    expect(JSON.parse(json.stdout)).toMatchObject({ endReason: c.reason });
  });

  it('says nothing more after a normal stop', async () => {
    const plain = await runCli(['ask', '--format', 'chat', '--model', 'gpt-5-mini', 'hello'], { env });
    expect(plain.stderr).toBe('');
  });

  for (const format of Object.keys(MODEL) as TextFormat[]) {
    for (const stream of [false, true]) {
      it(`ask ${format}${stream ? ' --stream' : ''}`, async () => {
        const r = await runCli(
          [
            'ask',
            '--format',
            format,
            '--model',
            MODEL[format],
            ...(stream ? ['--stream'] : []),
            'hello',
            'world',
          ],
          { env },
        );
        expect(r).toEqual({
          code: 0,
          stdout: `${simulatedReply('hello world', MODEL[format], 1)}\n`,
          stderr: '',
        });
      });
    }
  }

  it('ask --stream prints a recorded proxy stream (a new item_id on every event) as one paragraph', async () => {
    // The recorded stream, sent as the proxy sent it, to whatever POST arrives.
    const proxy = createHttpServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.end(PROXY_RESPONSES_STREAM);
      });
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = proxy.address() as AddressInfo;
      const r = await runCli(['ask', '--format', 'responses', '--model', 'gpt-4.1', '--stream', 'hi'], {
        env: { ...env, QUARTET_BASE_URL: `http://127.0.0.1:${port}` },
      });
      expect(r).toEqual({ code: 0, stdout: "There are **3** r's in strawberry.\n", stderr: '' });
    } finally {
      await new Promise((resolve) => proxy.close(resolve));
    }
  });

  it('ask --json prints the reply fields', async () => {
    const r = await runCli(
      ['ask', '--format', 'messages', '--model', 'claude-haiku-4-5', '--json', '--stream', 'hi'],
      { env },
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      format: 'messages',
      model: 'claude-haiku-4-5',
      text: simulatedReply('hi', 'claude-haiku-4-5', 1),
      thoughts: null,
      usage: expect.objectContaining({
        input: expect.any(Number),
        output: expect.any(Number),
        total: expect.any(Number),
      }),
      finishReason: 'end_turn',
      endReason: null,
      endDetail: null,
      toolCalls: [],
      images: [],
    });
  });

  it("reads the prompt from stdin with '-'", async () => {
    const r = await runCli(['ask', '--format', 'chat', '--model', 'gpt-5-mini', '-'], {
      env,
      stdin: 'from stdin\n',
    });
    expect(r.stdout).toBe(`${simulatedReply('from stdin', 'gpt-5-mini', 1)}\n`);
  });

  it('takes a negative number as a value: --thinking-budget -1 with --include-thoughts, as the spec pairs them', async () => {
    const r = await runCli(
      [
        'ask',
        '--format',
        'generate',
        '--include-thoughts',
        '--thinking-budget',
        '-1',
        '--model',
        'gemini-2.5-flash',
        '--json',
        'why',
      ],
      { env },
    );
    expect(r.stderr).not.toContain('needs a value');
    expect(r.code).toBe(0);
    const sent = sim.requests.filter((q) => q.path.includes('gemini-2.5-flash')).at(-1);
    expect(JSON.parse(sent?.body ?? '{}')).toMatchObject({
      generationConfig: { thinkingConfig: { includeThoughts: true, thinkingBudget: -1 } },
    });
    expect(JSON.parse(r.stdout)).toMatchObject({ format: 'generate' });
  });

  it('sends a model id with a space, encoded as one path segment', async () => {
    const r = await runCli(['ask', '--format', 'generate', '--model', 'my model', 'hi'], { env });
    // the sandbox has no such model: the service says so, nothing refuses it on our side
    expect(r.stderr).not.toContain('contains spaces');
    expect(r.stderr).toMatch(/404|does not exist/);
  });

  it('a two-turn generate conversation with thoughts through --history keeps the signatures', async () => {
    const file = join(dir, 'conversation.json');
    const first = await runCli(
      [
        'ask',
        '--format',
        'generate',
        '--model',
        'gemini-2.5-pro',
        '--include-thoughts',
        '--stream',
        '--history',
        file,
        'first',
      ],
      { env },
    );
    expect(first.code).toBe(0);
    expect(first.stdout).toBe(`${simulatedReply('first', 'gemini-2.5-pro', 1)}\n`);
    expect(first.stderr).toMatch(/on turn 1/);
    // The format and model come from the file now.
    const second = await runCli(['ask', '--include-thoughts', '--history', file, 'second'], { env });
    expect(second.code).toBe(0);
    expect(second.stdout).toBe(`${simulatedReply('second', 'gemini-2.5-pro', 2)}\n`);
    expect(second.stderr).toMatch(/on turn 2/);

    const parsed = parseConversationFile(await readFile(file, 'utf8'));
    if (!parsed.ok) throw new Error(parsed.message);
    const turns = parsed.conversation.turns;
    expect(turns.map((t) => t.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    for (const t of [turns[1], turns[3]]) {
      expect(t?.raw?.format).toBe('generate');
      expect(JSON.stringify(t?.raw)).toMatch(/"thoughtSignature":"[^"]+"/);
      expect(t?.thoughts).toMatch(/The user wrote/);
    }
    expect((await readdir(dir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);

    // A text part's signature changed in the file: the service does not check those (only a function
    // call's), so the conversation goes on.
    const tampered = (await readFile(file, 'utf8')).replace(
      /"thoughtSignature": "/,
      '"thoughtSignature": "x',
    );
    const bad = join(dir, 'tampered.json');
    await writeFile(bad, tampered);
    const third = await runCli(['ask', '--include-thoughts', '--history', bad, 'third'], { env });
    expect(third.code, third.stderr).toBe(0);
    expect(third.stdout).toBe(`${simulatedReply('third', 'gemini-2.5-pro', 3)}\n`);
  });

  it('a history file keeps the tool runs an app export carried when the CLI goes on with it', async () => {
    const file = join(dir, 'with-runs.json');
    const first = await runCli(
      ['ask', '--format', 'chat', '--model', 'gpt-5-mini', '--history', file, 'one'],
      {
        env,
      },
    );
    expect(first.code, first.stderr).toBe(0);
    const exported = JSON.parse(await readFile(file, 'utf8')) as {
      conversation: { turns: { id: string }[] };
    };
    const run = {
      replyId: exported.conversation.turns[1]!.id,
      callId: 'call_1',
      server: 'local',
      tool: 'echo',
      arguments: '{"text":"hi"}',
      status: 'done',
      content: [{ type: 'text', text: 'echo: hi' }],
      truncated: false,
      startedAt: 1_700_000_000_000,
      ms: 12,
    };
    await writeFile(file, JSON.stringify({ ...exported, toolRuns: [run] }));
    const second = await runCli(['ask', '--history', file, 'two'], { env });
    expect(second.code, second.stderr).toBe(0);
    const parsed = parseConversationFile(await readFile(file, 'utf8'));
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.conversation.turns).toHaveLength(4);
    expect(parsed.toolRuns).toEqual([run]);
  });

  it('a malformed or newer history file: exit 2, file untouched', async () => {
    const broken = join(dir, 'broken.json');
    await writeFile(broken, '{"quartet": "conversation", "version": 1, "conversation": {"id": 3}}');
    const r = await runCli(['ask', '--format', 'chat', '--model', 'gpt-5-mini', '--history', broken, 'hi'], {
      env,
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/broken\.json: The conversation file is malformed at conversation\.id/);
    expect(await readFile(broken, 'utf8')).toBe(
      '{"quartet": "conversation", "version": 1, "conversation": {"id": 3}}',
    );

    const newer = join(dir, 'newer.json');
    await writeFile(newer, '{"quartet": "conversation", "version": 99, "conversation": {}}');
    const n = await runCli(['ask', '--history', newer, 'hi'], { env });
    expect(n.code).toBe(2);
    expect(n.stderr).toMatch(/newer Quartet/);
  });

  it('image writes real files with the real dimensions, noting an adjusted size', async () => {
    const out = join(dir, 'images');
    const r = await runCli(
      [
        'image',
        '--model',
        'gpt-image-1',
        '--size',
        '900x600',
        '--n',
        '2',
        '--quality',
        'low',
        '--out',
        out,
        'a',
        'small',
        'boat',
      ],
      { env },
    );
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    const paths = lines.filter((l) => !l.startsWith('  ')).map((l) => l.split('  ')[0]!);
    expect(paths).toHaveLength(2);
    for (const path of paths) {
      const real = sniffImage(new Uint8Array(await readFile(path)));
      expect(real?.format).toBe('png');
      expect(r.stdout).toContain(
        `${path}  ${real?.width}x${real?.height} png (reported ${real?.width}x${real?.height})`,
      );
    }
    expect(r.stdout).toMatch(/note: asked for 900x600, the service made 1536x1024/);

    const json = await runCli(
      [
        'image',
        '--model',
        'gpt-image-1',
        '--size',
        '1024x1024',
        '--out',
        out,
        '--json',
        'a',
        'small',
        'boat',
      ],
      { env },
    );
    const [saved] = JSON.parse(json.stdout) as {
      path: string;
      width: number;
      height: number;
      sizeAdjusted: boolean;
    }[];
    expect(saved).toMatchObject({ width: 1024, height: 1024, sizeAdjusted: false });
    expect(sniffImage(new Uint8Array(await readFile(saved!.path)))).toEqual({
      format: 'png',
      width: 1024,
      height: 1024,
    });
    expect(saved!.path).not.toBe(paths[0]);
  });
});

describe('exit 1: one clear line naming the interface, the status and the message', () => {
  it('an unknown model', async () => {
    const r = await runCli(['ask', '--format', 'chat', '--model', 'no-such-model', 'hi'], { env });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^quartet: chat: HTTP 404 \(invalid_request_error\): .*no-such-model.*\n$/);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('a key of the wrong group', async () => {
    const r = await runCli(['ask', '--format', 'chat', '--model', 'gpt-5-mini', 'hi'], {
      env: { ...env, QUARTET_API_KEY: 'sim-messages-key' },
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^quartet: chat: HTTP 401 .*does not support chat completions/);
  });

  it('a 502 page from a gateway, after the retries', async () => {
    sim.faults.add({ kind: 'html', status: 502, times: 3, match: { interface: 'responses' } });
    const r = await runCli(['ask', '--format', 'responses', '--model', 'gpt-4.1', 'hi'], { env });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      "quartet: responses: HTTP 502: the gateway answered with an HTML page: '502 Bad Gateway' (after 3 attempts)\n",
    );
  });

  it('a stream cut short keeps the text already printed', async () => {
    sim.faults.add({ kind: 'truncate', afterEvents: 6, match: { interface: 'chat' } });
    const r = await runCli(['ask', '--format', 'chat', '--model', 'gpt-5-mini', '--stream', 'hi'], { env });
    expect(r.code).toBe(1);
    expect(r.stdout.length).toBeGreaterThan(0);
    expect(r.stdout.endsWith('\n')).toBe(true);
    expect(r.stderr).toMatch(/^quartet: chat: stream: the stream ended before its final event/);
  });

  it('no service at the address', async () => {
    const port = await closedPort();
    const r = await runCli(['models'], { env: { ...env, QUARTET_BASE_URL: `http://127.0.0.1:${port}` } });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^quartet: models: connection: could not reach the service: the connection was refused/,
    );
  });
});

describe.concurrent('exit 2: bad usage, each with a clear message', () => {
  const cases: [string, string[], RegExp, Record<string, string>?][] = [
    ['unknown flag', ['ask', '--formt', 'chat', 'hi'], /unknown option --formt \(see quartet ask --help\)/],
    ['missing value', ['ask', '--format', 'chat', 'hi', '--model'], /--model needs a value/],
    [
      'bad number',
      ['ask', '--format', 'chat', '--model', 'm', '--max-tokens', 'lots', 'hi'],
      /--max-tokens must be a whole number from 1 to 1000000, not 'lots'/,
    ],
    [
      'bad temperature',
      ['ask', '--format', 'chat', '--model', 'm', '--temperature', '7', 'hi'],
      /--temperature must be a number from 0 to 2/,
    ],
    [
      'bad format',
      ['ask', '--format', 'gopher', '--model', 'm', 'hi'],
      /--format must be one of chat, responses, messages, generate/,
    ],
    ['missing format', ['ask', '--model', 'm', 'hi'], /--format is required/],
    ['no prompt', ['ask', '--format', 'chat', '--model', 'm'], /no prompt/],
    [
      'thinking budget not below max tokens',
      ['ask', '--format', 'messages', '--model', 'm', '--thinking-budget', '2048', 'hi'],
      /thinking budget \(2048\) must be below max tokens \(1024\)/,
    ],
    [
      'bad size',
      ['image', '--model', 'gpt-image-1', '--size', 'huge', '--out', 'x', 'cat'],
      /--size: The size "huge" is not WIDTHxHEIGHT \(like 1024x1024\) or auto/,
    ],
    [
      'n out of range',
      ['image', '--model', 'gpt-image-1', '--n', '11', '--out', 'x', 'cat'],
      /--n must be a whole number from 1 to 10/,
    ],
    [
      'bad output format',
      ['image', '--model', 'gpt-image-1', '--output-format', 'gif', '--out', 'x', 'cat'],
      /--output-format must be one of png, jpeg, webp/,
    ],
    ['missing --out', ['image', '--model', 'gpt-image-1', 'cat'], /--out DIR is required/],
    ['unknown command', ['chat'], /unknown command 'chat'/],
    ['no command', [], /Usage:/],
    [
      'missing base URL',
      ['models'],
      /no service address: pass --base-url URL, set QUARTET_BASE_URL, or name a saved connection with --connection NAME.*quartet simulate/,
      {},
    ],
    ['invalid base URL', ['models', '--base-url', 'ftp://host'], /must start with http:\/\/ or https:\/\//],
    [
      'no key',
      ['models'],
      /no API key: set QUARTET_API_KEY .*or pass --key KEY/,
      { QUARTET_BASE_URL: 'http://127.0.0.1:1' },
    ],
  ];
  it.each(cases)('%s', async (_name, args, message, envOverride) => {
    const r = await runCli(args, { env: envOverride ?? env });
    expect(r.code).toBe(2);
    expect(`${r.stderr}${r.stdout}`).toMatch(message);
  });
});

describe('keys are never printed', () => {
  it('not in errors, JSON output or history files', async () => {
    const secret = 'sk-test-TOPSECRET-5678';
    const outputs = await Promise.all([
      runCli(['models', '--key', secret], { env: { QUARTET_BASE_URL: sim.baseUrl } }),
      runCli(['ask', '--format', 'generate', '--model', 'gemini-2.5-pro', 'hi', '--key', secret], {
        env: { QUARTET_BASE_URL: sim.baseUrl },
      }),
      runCli(['ask', '--format', 'chat', '--model', 'gpt-5-mini', '--json', 'hi'], {
        env: { ...env, QUARTET_CHAT_API_KEY: secret },
      }),
      runCli(['ask', '--format', 'chat', '--model', 'gpt-5-mini', '--max-tokens', 'x', 'hi'], {
        env: { ...env, QUARTET_API_KEY: secret },
      }),
    ]);
    for (const r of outputs) {
      expect(r.code).not.toBe(0);
      expect(`${r.stdout}${r.stderr}`).not.toContain('TOPSECRET');
    }
    expect(outputs[0]?.stderr).toMatch(/HTTP 401/);

    const file = join(dir, 'no-keys.json');
    await runCli(['ask', '--format', 'messages', '--model', 'claude-haiku-4-5', '--history', file, 'hi'], {
      env,
    });
    expect(await readFile(file, 'utf8')).not.toContain(SANDBOX_KEY);
  });
});

describe('quartet simulate', () => {
  it('prints its address and the sandbox key, serves requests, and stops on SIGTERM', async () => {
    const child = spawn(process.execPath, [BIN, 'simulate', '--port', '0'], {
      env: { PATH: process.env['PATH'] ?? '' },
    });
    let stdout = '';
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    const address = await new Promise<string>((resolve, reject) => {
      child.stdout.setEncoding('utf8').on('data', (d: string) => {
        stdout += d;
        const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout);
        if (m?.[1]) resolve(m[1]);
      });
      child.on('close', () => reject(new Error(`simulate exited early: ${stdout}`)));
    });
    expect(stdout).toContain(`sandbox key: ${SANDBOX_KEY}`);
    // `quartet` is not on PATH after `npm install`: the hint names what works
    expect(stdout).toMatch(/try: .* npx quartet ask /);

    // the same port again: a usage problem with what to do, not an internal error
    const port = new URL(address).port;
    const taken = await runCli(['simulate', '--port', port]);
    expect(taken.code).toBe(2);
    expect(taken.stderr).toMatch(new RegExp(`port ${port} is already in use: pick another with --port`));
    expect(taken.stderr).not.toMatch(/internal error/);
    const r = await runCli(['ask', '--format', 'chat', '--model', 'gpt-5-mini', 'ping'], {
      env: { QUARTET_BASE_URL: address, QUARTET_API_KEY: SANDBOX_KEY },
    });
    expect(r.stdout).toBe(`${simulatedReply('ping', 'gpt-5-mini', 1)}\n`);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('refuses a bad port', async () => {
    const r = await runCli(['simulate', '--port', '70000']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--port must be a whole number from 0 to 65535/);
  });
});
