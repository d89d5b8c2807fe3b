// `quartet doctor` run as the real binary against the simulator: table, JSON, Markdown report, exit codes.
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ConformanceReport } from '../../electron/conformance/index.ts';
import {
  DEFAULT_QUIRKS,
  SANDBOX_KEY,
  startSimulator,
  type RunningSimulator,
} from '../../electron/simulator/index.ts';
import { runCli } from './run-cli.ts';

let sim: RunningSimulator;
let dir: string;
let env: Record<string, string>;

async function setQuirks(quirks: object): Promise<void> {
  const res = await fetch(`${sim.baseUrl}/__sim/quirks`, { method: 'POST', body: JSON.stringify(quirks) });
  expect(res.status).toBe(200);
}

beforeAll(async () => {
  sim = await startSimulator({ port: 0 });
  dir = await mkdtemp(join(tmpdir(), 'quartet-doctor-'));
  env = { QUARTET_BASE_URL: sim.baseUrl, QUARTET_API_KEY: SANDBOX_KEY };
});
afterEach(() => setQuirks(DEFAULT_QUIRKS));
afterAll(async () => {
  await sim.close();
  await rm(dir, { recursive: true, force: true });
});

describe('quartet doctor', () => {
  it('prints an all-pass table and exits 0 against the simulator', async () => {
    const r = await runCli(['doctor'], { env });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Quartet service check: http:\/\/127\.0\.0\.1:\d+\n/);
    expect(r.stdout).toMatch(/^ {2}PASS {2}chat\.fields +chat completion: all 13 fields/m);
    expect(r.stdout).toMatch(/^ {2}INFO {2}images\.skipped +skipped: .*--images/m);
    expect(r.stdout).toMatch(/\nOK {2}\d+ pass, 0 warn, 0 fail, \d+ info in /);
    expect(r.stdout).not.toContain('\u001b['); // not a terminal: no colour
    expect(r.stdout).not.toContain(SANDBOX_KEY);
  });

  it('prints the report as JSON with --json, with the named models and an image', async () => {
    const r = await runCli(
      ['doctor', '--json', '--images', '--model-chat', 'gpt-4.1', '--model-messages=claude-haiku-4-5'],
      { env },
    );
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as ConformanceReport;
    expect(report.summary).toMatchObject({ fail: 0, warn: 0 });
    const detail = (id: string) => report.results.find((x) => x.id === id)?.detail;
    expect(detail('chat.status')).toMatch(/model gpt-4\.1 \(as asked\)/);
    expect(detail('messages.status')).toMatch(/model claude-haiku-4-5 \(as asked\)/);
    expect(detail('images.size')).toMatch(/1024x1024/);
    expect(r.stdout).not.toContain(SANDBOX_KEY);
  });

  it('sends each text format a tiny image with --attachments, and reports it as information', async () => {
    const without = JSON.parse((await runCli(['doctor', '--json'], { env })).stdout) as ConformanceReport;
    expect(without.results.filter((x) => x.id.endsWith('.image-input'))).toEqual([]);
    const r = await runCli(['doctor', '--json', '--attachments'], { env });
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as ConformanceReport;
    const probes = report.results.filter((x) => x.id.endsWith('.image-input'));
    expect(probes.map((x) => x.id).sort()).toEqual(
      ['chat', 'generate', 'messages', 'responses'].map((f) => `${f}.image-input`),
    );
    for (const probe of probes) {
      expect(probe.status).toBe('info');
      expect(probe.detail).toMatch(/accepted/i);
    }
  });

  it('writes the Markdown report atomically with --report and exits 1 when a check fails', async () => {
    await setQuirks({ wrongObjectConstant: true });
    const path = join(dir, 'check.md');
    const r = await runCli(['doctor', '--report', path], { env });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      /^ {2}FAIL {2}chat\.fields +chat completion: field "object" should be "chat\.completion", got "chat\.completions"$/m,
    );
    expect(r.stdout).toMatch(/\nFAILED {2}\d+ pass, 0 warn, 2 fail/);
    expect(r.stderr).toBe(`report written to ${path}\n`);
    const md = await readFile(path, 'utf8');
    expect(md).toMatch(/^# Quartet service check\n/);
    expect(md).toContain('| ❌ fail | Fields (`chat.fields`) | chat completion: field "object" should be');
    expect(md).not.toContain(SANDBOX_KEY);
    expect(await readdir(dir)).toEqual(['check.md']); // no temp file left behind
  });

  it('exits 2 on bad usage, with one line on stderr', async () => {
    const noAddress = await runCli(['doctor'], { env: { QUARTET_API_KEY: SANDBOX_KEY } });
    expect(noAddress.code).toBe(2);
    expect(noAddress.stderr).toMatch(
      /^quartet: no service address: pass --base-url URL, set QUARTET_BASE_URL, or name a saved connection with --connection NAME\./,
    );
    const unknown = await runCli(['doctor', '--model', 'x'], { env });
    expect(unknown).toMatchObject({ code: 2, stdout: '' });
    expect(unknown.stderr).toBe('quartet: unknown option --model (see quartet doctor --help)\n');
    const extra = await runCli(['doctor', 'now'], { env });
    expect(extra.code).toBe(2);
    expect(extra.stderr).toMatch(/^quartet: doctor takes no arguments/);
  });

  it('has help', async () => {
    const r = await runCli(['doctor', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Usage: quartet doctor \[--model-chat ID\]/);
    const main = await runCli(['--help']);
    expect(main.stdout).toMatch(/quartet doctor /);
  });
});
