import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CANARY, createHarness, type Harness } from '../support/app-core.ts';

let h: Harness;
afterEach(async () => {
  await h.expectNoKeyLeak();
  await h.close();
});

describe('settings', () => {
  it('returns defaults, merges updates (tabs per tab), and keeps them across a restart', async () => {
    h = await createHarness();
    const defaults = await h.call('getSettings', {});
    expect(defaults).toEqual({
      theme: 'system',
      tabs: {},
      compareColumns: [
        { format: 'chat', model: '' },
        { format: 'messages', model: '' },
        { format: 'generate', model: '' },
      ],
    });
    await h.call('updateSettings', { theme: 'dark', tabs: { chat: { model: 'gpt-4.1' } } });
    const merged = await h.call('updateSettings', { tabs: { generate: { model: 'gemini-2.5-pro' } } });
    expect(merged.theme).toBe('dark');
    expect(merged.tabs).toEqual({ chat: { model: 'gpt-4.1' }, generate: { model: 'gemini-2.5-pro' } });
    await h.call('updateSettings', { images: { n: 2, size: '1024x1536' }, compareColumns: [] });
    await h.restart();
    expect(await h.call('getSettings', {})).toEqual({
      ...merged,
      compareColumns: [],
      images: { n: 2, size: '1024x1536' },
    });
    const bad = await h.fail('updateSettings', { theme: 'purple' });
    expect(bad).toMatchObject({ kind: 'invalid-input', issues: [{ path: 'theme' }] });
  });
});

describe('app info', () => {
  it('reports host, version, data folder, vault and no notices', async () => {
    h = await createHarness();
    expect(await h.call('getAppInfo', {})).toEqual({
      host: 'web',
      version: '0.0.0-test',
      dataDir: h.dataDir,
      vault: { backend: 'memory', weak: false, message: expect.any(String) as string },
      notices: [],
    });
    expect((await h.dispatch('getAppInfo', undefined)).ok).toBe(true);
  });

  it('says so when a damaged database was set aside at start-up', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'quartet-core-'));
    await writeFile(join(dataDir, 'quartet.db'), 'definitely not sqlite '.repeat(200));
    h = await createHarness({ dataDir });
    try {
      const info = await h.call('getAppInfo', {});
      expect(info.notices).toHaveLength(1);
      expect(info.notices[0]).toMatch(/damaged.*quartet\.db\.corrupt-/);
      expect((await readdir(dataDir)).some((n) => n.startsWith('quartet.db.corrupt-'))).toBe(true);
      // The fresh database works.
      const c = await h.call('createConversation', { format: 'chat', model: 'gpt-5-mini' });
      expect((await h.call('getConversation', { id: c.id })).id).toBe(c.id);

      // The next starts say it again while the set-aside file is there (the user may not have read it)...
      const aside =
        (await readdir(dataDir)).find(
          (n) => n.startsWith('quartet.db.corrupt-') && !n.endsWith('-wal') && !n.endsWith('-shm'),
        ) ?? '';
      for (let start = 0; start < 2; start++) {
        await h.restart();
        const again = await h.call('getAppInfo', {});
        expect(again.notices).toHaveLength(1);
        expect(again.notices[0]).toMatch(/damaged/);
        expect(again.notices[0]).toContain(join(dataDir, aside));
      }
      // ...and stop once the user has moved it away.
      for (const n of await readdir(dataDir))
        if (n.startsWith('quartet.db.corrupt-')) await rm(join(dataDir, n));
      await h.restart();
      expect((await h.call('getAppInfo', {})).notices).toEqual([]);
    } finally {
      await h.core.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('openExternal', () => {
  it('opens only http(s) URLs, through the host', async () => {
    const opened: string[] = [];
    h = await createHarness({
      openExternal: (url) => {
        opened.push(url);
        return Promise.resolve(true);
      },
    });
    expect(await h.call('openExternal', { url: 'https://example.com/docs?q=1' })).toEqual({ opened: true });
    expect(await h.call('openExternal', { url: 'http://example.com' })).toEqual({ opened: true });
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'not a url', 'smb://host/share', '']) {
      expect(await h.call('openExternal', { url })).toEqual({ opened: false });
    }
    expect(opened).toEqual(['https://example.com/docs?q=1', 'http://example.com/']);
  });
});

describe('exchanges', () => {
  it('lists redacted summaries newest first and returns the full record', async () => {
    h = await createHarness();
    const c = await h.call('createConversation', {
      format: 'generate',
      model: 'gemini-2.5-flash',
      params: { stream: true },
    });
    const sent = await h.call('sendMessage', { requestId: 'r', conversationId: c.id, text: 'hello' });
    await h.call('listModels', { family: 'bearer' });
    const list = await h.call('listExchanges', {});
    expect(list.map((x) => x.interface)).toEqual(['models', 'generate']);
    expect(list[1]).toMatchObject({ id: sent.reply.exchangeId, method: 'POST', status: 200, streamed: true });
    expect(list[1]?.url).toMatch(/key=••••/);
    expect(await h.call('listExchanges', { limit: 1 })).toHaveLength(1);
    const full = await h.call('getExchange', { id: sent.reply.exchangeId ?? '' });
    expect(full.events?.length).toBeGreaterThan(0);
    expect((await h.fail('getExchange', { id: 'gone' })).kind).toBe('not-found');
  });
});

describe('checkConnection', () => {
  it('runs the conformance checks, emitting each result as it finishes', async () => {
    h = await createHarness();
    const { results, markdown } = await h.call('checkConnection', { requestId: 'chk', images: true });
    const emitted = h.eventsOf('check', 'chk').map((e) => e.result);
    expect(emitted).toEqual(results);
    const failing = results.filter((r) => r.status === 'fail' || r.status === 'warn');
    expect(failing, JSON.stringify(failing)).toEqual([]);
    const groups = new Set(results.map((r) => r.group));
    for (const group of ['models', 'chat', 'responses', 'messages', 'generate', 'images', 'errors']) {
      expect(groups, group).toContain(group);
    }
    expect(markdown).toContain(h.sim.baseUrl);
    expect(markdown).toMatch(/pass/);
    // Each probe is in the inspector, and the results point at the probe behind them.
    const generate = results.find((r) => r.id === 'generate.fields');
    expect(generate?.exchangeId).toBeDefined();
    const record = await h.call('getExchange', { id: generate?.exchangeId ?? '' });
    expect(record.interface).toBe('generate');
    expect(record.url).not.toContain(CANARY);
  });

  it('reports a failing format with one line of detail and leaves the others passing', async () => {
    h = await createHarness();
    h.sim.faults.add({ kind: 'status', status: 529, match: { interface: 'messages' }, times: 20 });
    const { results } = await h.call('checkConnection', { requestId: 'chk' });
    const messages = results.filter((r) => r.group === 'messages');
    expect(messages.some((r) => r.status === 'fail' && /529/.test(r.detail))).toBe(true);
    expect(
      results.filter((r) => r.group === 'chat').every((r) => r.status === 'pass' || r.status === 'info'),
    ).toBe(true);
    expect(results.some((r) => r.group === 'images' && r.status !== 'info')).toBe(false);
  });
});

describe('failures inside the core', () => {
  it('answers a bug with a generic internal error and logs the stack', async () => {
    h = await createHarness();
    const c = await h.call('createConversation', { format: 'chat', model: 'gpt-5-mini' });
    // A row the code cannot read (a format outside the schema) is a bug, not the user's fault.
    const { DatabaseSync } = await import('node:sqlite');
    const raw = new DatabaseSync(join(h.dataDir, 'quartet.db'));
    raw.exec('PRAGMA busy_timeout = 5000');
    raw.exec('PRAGMA ignore_check_constraints = ON');
    raw.prepare("UPDATE conversations SET format = 'nope' WHERE id = ?").run(c.id);
    raw.close();
    const error = await h.fail('listConversations', {});
    expect(error).toEqual({
      kind: 'internal',
      message: 'Something went wrong inside Quartet; the details are in its log.',
    });
    const line = h.logs.find((l) => l.includes('listConversations failed'));
    expect(line).toMatch(/\n\s+at /); // the stack
  });

  it('close() stops a running request, keeps its partial reply, and refuses later calls', async () => {
    h = await createHarness();
    const c = await h.call('createConversation', {
      format: 'chat',
      model: 'gpt-5-mini',
      params: { stream: true },
    });
    h.sim.faults.add({ kind: 'slowStream', ms: 200, match: { interface: 'chat' } });
    const sending = h.dispatch('sendMessage', {
      requestId: 'r',
      conversationId: c.id,
      text: 'Tell me something long',
    });
    await h.waitForEvent('delta', (d) => d.requestId === 'r');
    await h.core.close();
    const result = await sending;
    expect(result.ok && (result.value as { reply: { status: string } }).reply.status).toBe('partial');
    expect((await h.core.dispatch('getAppInfo', {}, h.ctx)).ok).toBe(false);
    await h.open();
    const turns = (await h.call('getConversation', { id: c.id })).turns;
    expect(turns.map((t) => t.status)).toEqual(['complete', 'partial']);
  });
});
