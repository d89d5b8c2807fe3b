// The command line against a hostile service and on files the user already has.
import { chmod, lstat, mkdtemp, readFile, readlink, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../electron/simulator/index.ts';
import { hostile, json, type Hostile } from '../reliability/hostile-server.ts';
import { runCli } from './run-cli.ts';

const KEY = 'quartet-sandbox';
let service: Hostile | undefined;
let sim: RunningSimulator | undefined;
let dir: string | undefined;
afterEach(async () => {
  await service?.close();
  await sim?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
  service = undefined;
  sim = undefined;
  dir = undefined;
});

/** Escapes a service could use on the user's terminal: OSC 52 clipboard write, title, screen clear, CR. */
const NASTY = 'safe\x1b]52;c;cm0gLXJmIH4=\x07 \x1b]0;owned\x07\x1b[2J\x1b[1;1H\rline\x9b31m\x00end\ttab';

describe('service text on the terminal', () => {
  it('prints replies, thoughts, errors and model ids with control characters removed (newline and tab kept)', async () => {
    service = await hostile((req, _body, res) => {
      if (req.url?.startsWith('/v1/models')) {
        json(res, 200, { object: 'list', data: [{ id: `model${NASTY}`, object: 'model' }] });
        return;
      }
      if (req.url?.includes('fail')) return json(res, 400, { error: { message: NASTY, type: NASTY } });
      json(res, 200, {
        id: 'c',
        object: 'chat.completion',
        created: 1,
        model: 'm',
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: `${NASTY}\nsecond line` },
            finish_reason: 'stop',
          },
        ],
      });
    });
    const env = { QUARTET_BASE_URL: service.url, QUARTET_API_KEY: KEY };
    const ask = await runCli(['ask', '--format', 'chat', '--model', 'm', 'hi'], { env });
    const models = await runCli(['models'], { env });
    const failed = await runCli(
      ['ask', '--format', 'chat', '--model', 'm', '--base-url', `${service.url}/fail`, 'x'],
      {
        env,
      },
    );
    expect(ask.code).toBe(0);
    expect(ask.stdout).toBe('safe]52;c;cm0gLXJmIH4= ]0;owned[2J[1;1Hline31mend\ttab\nsecond line\n');
    for (const out of [ask.stdout, ask.stderr, models.stdout, models.stderr, failed.stdout, failed.stderr]) {
      // eslint-disable-next-line no-control-regex -- looking for control characters
      expect(out).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/);
    }
    expect(models.stdout).toContain('model');
    expect(failed.code).toBe(1);
  });
});

describe('model names on the terminal', () => {
  it('the model list shows bidi overrides, invisible and control characters as escapes', async () => {
    // "gpt-\u202Einim-5" is drawn as "gpt-5-mini" by a terminal that applies bidi; a zero width space hides
    // a difference; a bell or a line break from the service is shown, not obeyed or dropped silently
    const data = [
      { id: 'gpt-\u202Einim-5', object: 'model', owned_by: 'org\u2067x\u2069' },
      { id: 'gpt\u200B-5', object: 'model' },
      { id: 'a\u0007b\nc', object: 'model' },
      { id: 'gpt-5-mini', object: 'model', owned_by: 'openai' },
    ];
    service = await hostile((_req, _body, res) => json(res, 200, { object: 'list', data }));
    const models = await runCli(['models'], { env: { QUARTET_BASE_URL: service.url, QUARTET_API_KEY: KEY } });
    expect(models.code).toBe(0);
    expect(models.stdout).toBe(
      [
        'gpt-\\u{202E}inim-5  (org\\u{2067}x\\u{2069})',
        'gpt\\u{200B}-5',
        'a\\u{0007}b\\u{000A}c',
        'gpt-5-mini  (openai)',
        '',
      ].join('\n'),
    );
  });
});

describe('files the user names', () => {
  async function withSimulator() {
    sim = await startSimulator({ port: 0 });
    dir = await mkdtemp(join(tmpdir(), 'quartet-files-'));
    return { QUARTET_BASE_URL: sim.baseUrl, QUARTET_API_KEY: KEY };
  }
  const ask = (env: Record<string, string>, history: string, text: string) =>
    runCli(['ask', '--format', 'chat', '--model', 'gpt-5-mini', '--history', history, text], { env });

  it('a new --history file is private (0600); a rewrite keeps the mode the user gave it', async () => {
    const env = await withSimulator();
    const history = join(dir ?? '', 'chat.json');
    expect((await ask(env, history, 'first')).code).toBe(0);
    expect((await stat(history)).mode & 0o777).toBe(0o600);
    await chmod(history, 0o640);
    expect((await ask(env, history, 'second')).code).toBe(0);
    expect((await stat(history)).mode & 0o777).toBe(0o640);
  });

  it('a --history symlink stays a link and its target is updated', async () => {
    const env = await withSimulator();
    const target = join(dir ?? '', 'real.json');
    const link = join(dir ?? '', 'link.json');
    expect((await ask(env, target, 'first')).code).toBe(0);
    await symlink(target, link);
    expect((await ask(env, link, 'second')).code).toBe(0);
    expect((await lstat(link)).isSymbolicLink()).toBe(true);
    expect(await readlink(link)).toBe(target);
    const saved = JSON.parse(await readFile(target, 'utf8')) as {
      conversation: { turns: { text: string }[] };
    };
    expect(saved.conversation.turns.map((t) => t.text)).toContain('second');
  });

  it('a --report rewrite keeps a private mode', async () => {
    const env = await withSimulator();
    const report = join(dir ?? '', 'report.md');
    await writeFile(report, 'old', { mode: 0o600 });
    await chmod(report, 0o600);
    await runCli(['doctor', '--report', report], { env });
    expect(await readFile(report, 'utf8')).not.toBe('old');
    expect((await stat(report)).mode & 0o777).toBe(0o600);
  });
});

describe('standard input', () => {
  it('refuses a prompt larger than a message may be, as the app does, without a request', async () => {
    sim = await startSimulator({ port: 0 });
    const env = { QUARTET_BASE_URL: sim.baseUrl, QUARTET_API_KEY: KEY };
    const r = await runCli(['ask', '--format', 'chat', '--model', 'gpt-5-mini', '-'], {
      env,
      stdin: 'x'.repeat(10_000_001),
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/more than 10,000,000 characters/);
    expect(sim.requests).toEqual([]);
  });
});
