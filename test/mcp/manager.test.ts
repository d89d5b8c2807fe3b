// The host's tool servers against real MCP servers written with the SDK's server side: a stdio program
// and a Streamable HTTP server on 127.0.0.1.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMcpManager, type McpManager } from '../../electron/mcp/manager.ts';
import { MCP_LIMITS } from '../../shared/limits.ts';
import type { McpServerInfo } from '../../shared/mcp.ts';
import { startHttpMcp, type TestHttpMcp } from '../support/mcp-http-server.ts';
import { TEST_PNG_BASE64 } from '../support/mcp-tools.ts';

const SERVER = fileURLToPath(new URL('../support/mcp-stdio-server.ts', import.meta.url));
const stdio = (extra: Record<string, unknown> = {}) => ({
  command: process.execPath,
  args: [SERVER],
  ...extra,
});

let dir: string;
let lines: string[];
let disabled: Set<string>;
let manager: McpManager | undefined;
let http: TestHttpMcp | undefined;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quartet-mcp-'));
  lines = [];
  disabled = new Set();
});
afterEach(async () => {
  await manager?.close();
  manager = undefined;
  await http?.close();
  http = undefined;
  await rm(dir, { recursive: true, force: true });
});

async function managerFor(servers: Record<string, unknown>, timeouts: { callTimeoutMs?: number } = {}) {
  await writeFile(join(dir, 'mcp.json'), JSON.stringify({ mcpServers: servers }));
  manager = createMcpManager({
    configPath: join(dir, 'mcp.json'),
    version: 'test',
    log: { info: (m) => lines.push(m), error: (m, e) => lines.push(`${m} ${String(e ?? '')}`) },
    isDisabled: (name) => disabled.has(name),
    setDisabled: (name, off) => (off ? disabled.add(name) : disabled.delete(name)),
    ...timeouts,
  });
  return manager;
}

function server(servers: McpServerInfo[], name: string): McpServerInfo {
  const found = servers.find((s) => s.name === name);
  if (!found) throw new Error(`no server ${name}`);
  return found;
}

describe('the tool servers of mcp.json', () => {
  it('starts a stdio server on first use, lists its tools and calls them', async () => {
    const m = await managerFor({ local: stdio() });
    expect(server((await m.overview()).servers, 'local').state).toBe('idle');
    const ready = server((await m.startEnabled()).servers, 'local');
    expect(ready.state).toBe('ready');
    expect(ready.tools.map((t) => t.name)).toEqual(
      expect.arrayContaining(['add', 'echo', 'red_pixel', 'fail', 'slow']),
    );
    expect(JSON.parse(ready.tools.find((t) => t.name === 'add')!.inputSchema)).toMatchObject({
      type: 'object',
      properties: { a: { type: 'number' }, b: { type: 'number' } },
    });
    const sum = await m.call('local', 'add', { a: 2, b: 40 });
    expect(sum).toMatchObject({ isError: false, truncated: false, content: [{ type: 'text', text: '42' }] });
    const image = await m.call('local', 'red_pixel', {});
    expect(image.content).toContainEqual({
      type: 'image',
      mimeType: 'image/png',
      dataBase64: TEST_PNG_BASE64,
    });
    const failed = await m.call('local', 'fail', {});
    expect(failed).toMatchObject({ isError: true, content: [{ type: 'text', text: 'the disk is on fire' }] });
    expect(lines.some((l) => l.includes('mcp: local/add answered'))).toBe(true);
  });

  it('reports a bad entry with its reason and loads the others', async () => {
    const m = await managerFor({
      good: stdio(),
      both: { command: 'x', url: 'http://127.0.0.1:1/' },
      bad: { url: 'file:///etc/passwd' },
      'no spaces': stdio(),
    });
    const o = await m.overview();
    expect(o.exists).toBe(true);
    expect(o.servers.map((s) => s.name)).toEqual(['good']);
    expect(o.problems.map((p) => p.server)).toEqual(['both', 'bad', 'no spaces']);
    expect(o.problems.find((p) => p.server === 'bad')!.message).toMatch(/http\(s\)/);
  });

  it('gives a server only PATH and what its entry names, never the host environment', async () => {
    process.env['QUARTET_TEST_HOST_SECRET'] = 'sk-host-secret-never-passed';
    try {
      const m = await managerFor({ local: stdio({ env: { GREETING: 'hello' } }) });
      const r = await m.call('local', 'environment', {});
      const env = JSON.parse((r.content[0] as { text: string }).text) as Record<string, string>;
      expect(env['GREETING']).toBe('hello');
      expect(env['PATH']).toBe(process.env['PATH']);
      expect(env['QUARTET_TEST_HOST_SECRET']).toBeUndefined();
      expect(env['HOME']).toBeUndefined();
    } finally {
      delete process.env['QUARTET_TEST_HOST_SECRET'];
    }
  });

  it('stops a call past its timeout and says so as a failed result', async () => {
    const m = await managerFor({ local: stdio() }, { callTimeoutMs: 300 });
    const r = await m.call('local', 'slow', { ms: 10_000 });
    expect(r.isError).toBe(true);
    expect(r.content[0]).toMatchObject({
      type: 'text',
      text: expect.stringMatching(/did not answer within/),
    });
    // the server is still there for the next call
    expect((await m.call('local', 'add', { a: 1, b: 1 })).content[0]).toMatchObject({ text: '2' });
  });

  it('stops a running call when its request is stopped', async () => {
    const m = await managerFor({ local: stdio() });
    const controller = new AbortController();
    const call = m.call('local', 'slow', { ms: 10_000 }, controller.signal);
    await m.startEnabled();
    controller.abort();
    await expect(call).rejects.toThrow();
  });

  it('cuts a result past the output cap and says it did', async () => {
    const m = await managerFor({ local: stdio() });
    const r = await m.call('local', 'big', {});
    expect(r.truncated).toBe(true);
    expect((r.content[0] as { text: string }).text.length).toBe(MCP_LIMITS.resultChars);
  });

  it('restarts a server that dies once, then marks it failed with its stderr tail', async () => {
    const m = await managerFor({ local: stdio() });
    const first = await m.call('local', 'crash', {});
    expect(first.isError).toBe(true);
    await expect
      .poll(async () => server((await m.overview()).servers, 'local').state, { timeout: 15_000 })
      .toBe('ready');
    expect((await m.call('local', 'add', { a: 1, b: 2 })).content[0]).toMatchObject({ text: '3' });
    await m.call('local', 'crash', {});
    await expect
      .poll(async () => server((await m.overview()).servers, 'local').state, { timeout: 15_000 })
      .toBe('failed');
    const failed = server((await m.overview()).servers, 'local');
    expect(failed.stderrTail).toMatch(/crash: the test server ends itself/);
    await expect(m.call('local', 'add', { a: 1, b: 2 })).rejects.toThrow(/failed/);
    // reloading the file lets it start again
    await m.reload();
    expect((await m.call('local', 'add', { a: 2, b: 2 })).content[0]).toMatchObject({ text: '4' });
  });

  it('marks a server that cannot start failed, its stderr shown with its secrets masked', async () => {
    const secret = 'tok-0123456789abcdef';
    const m = await managerFor({
      broken: stdio({ args: [SERVER, '--fail-at-start'], env: { TEST_SECRET: secret } }),
    });
    const s = server((await m.startEnabled()).servers, 'broken');
    expect(s.state).toBe('failed');
    expect(s.stderrTail).toMatch(/cannot open/);
    expect(s.stderrTail).not.toContain(secret);
    expect(lines.join('\n')).not.toContain(secret);
  });

  it('follows tools/list_changed', async () => {
    const m = await managerFor({ local: stdio() });
    await m.call('local', 'grow', {});
    await expect
      .poll(async () => server((await m.overview()).servers, 'local').tools.map((t) => t.name), {
        timeout: 15_000,
      })
      .toContain('extra');
    expect((await m.call('local', 'extra', {})).content[0]).toMatchObject({ text: 'extra' });
  });

  it('stops a server when it is switched off and refuses its calls', async () => {
    const m = await managerFor({ local: stdio() });
    await m.startEnabled();
    const off = await m.setEnabled('local', false);
    expect(off.state).toBe('disabled');
    await expect(m.call('local', 'add', { a: 1, b: 1 })).rejects.toThrow(/switched off/);
    await expect(m.call('nobody', 'add', {})).rejects.toThrow(/no server called nobody/);
    await m.setEnabled('local', true);
    expect((await m.call('local', 'add', { a: 1, b: 1 })).content[0]).toMatchObject({ text: '2' });
  });

  it('calls a Streamable HTTP server with the headers its entry names', async () => {
    http = await startHttpMcp('token-abcdef123456');
    const m = await managerFor({
      remote: { url: http.url, headers: { Authorization: 'Bearer token-abcdef123456' } },
      refused: { url: http.url },
    });
    const o = await m.startEnabled();
    expect(server(o.servers, 'remote')).toMatchObject({ state: 'ready', kind: 'http', summary: http.url });
    expect(server(o.servers, 'refused').state).toBe('failed');
    expect((await m.call('remote', 'add', { a: 20, b: 22 })).content[0]).toMatchObject({ text: '42' });
    expect(JSON.stringify(o)).not.toContain('token-abcdef123456');
    expect(lines.join('\n')).not.toContain('token-abcdef123456');
  });
});
