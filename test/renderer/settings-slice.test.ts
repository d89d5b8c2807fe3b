import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CheckResult, ConnectionInfo, KeySlotStatus, Settings } from '../../shared/contract.ts';
import { checkVerdict, keyTestId, selectCheck } from '../../renderer/store/settings-slice.ts';
import { fakeBridge, ok, settingsWith, freshStore } from './fake-bridge.ts';

let t = freshStore();
afterEach(() => {
  t = freshStore();
});

const SETTINGS: Settings = { theme: 'system', tabs: {}, compareColumns: [] };
const SANDBOX: ConnectionInfo = { id: 'c1', name: 'Sandbox', baseUrl: 'http://127.0.0.1:1', builtIn: true };
const slots = (last4?: string): KeySlotStatus[] =>
  (['default', 'bearer', 'messages', 'generate'] as const).map((slot) =>
    slot === 'default' && last4 ? { slot, set: true, last4, source: 'vault' } : { slot, set: false },
  );

describe('settings', () => {
  it('applies a theme change at once and keeps what the host stored', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const { bridge } = fakeBridge({
      getSettings: () => ok(SETTINGS),
      updateSettings: async (patch) => {
        await gate;
        return ok(settingsWith(SETTINGS, patch));
      },
    });
    t.setBridge(bridge);
    await t.store.getState().loadSettings();
    const saving = t.store.getState().updateSettings({ theme: 'dark' });
    // before the host answers, the page already shows the new theme
    expect(t.store.getState().settings?.theme).toBe('dark');
    release();
    expect(await saving).toBe(true);
    expect(t.store.getState().settings?.theme).toBe('dark');
  });

  it('goes back to the previous settings and says so when the host refuses', async () => {
    const { bridge } = fakeBridge({
      getSettings: () => ok(SETTINGS),
      updateSettings: () => ({ ok: false, error: { kind: 'internal', message: 'disk full' } }),
    });
    t.setBridge(bridge);
    await t.store.getState().loadSettings();
    expect(await t.store.getState().updateSettings({ theme: 'light' })).toBe(false);
    expect(t.store.getState().settings?.theme).toBe('system');
    expect(t.store.getState().notices.at(-1)?.message).toContain('disk full');
  });
});

describe('connections and keys', () => {
  it('loads connections with the key status of each', async () => {
    const { bridge, calls } = fakeBridge({
      listConnections: () => ok({ connections: [SANDBOX], activeId: 'c1' }),
      getKeyStatus: () => ok(slots()),
    });
    t.setBridge(bridge);
    await t.store.getState().loadConnections();
    const s = t.store.getState();
    expect(s.connections).toEqual([SANDBOX]);
    expect(s.activeConnectionId).toBe('c1');
    expect(s.keyStatus.c1).toHaveLength(4);
    expect(calls.filter((c) => c.op === 'getKeyStatus')).toEqual([
      { op: 'getKeyStatus', input: { connectionId: 'c1' } },
    ]);
  });

  it('adds, edits, activates and deletes a connection', async () => {
    const other: ConnectionInfo = {
      id: 'c2',
      name: 'Work',
      baseUrl: 'https://api.example.com/v1',
      builtIn: false,
    };
    const { bridge } = fakeBridge({
      listConnections: () => ok({ connections: [SANDBOX], activeId: 'c1' }),
      getKeyStatus: () => ok(slots()),
      saveConnection: (input) => ok({ ...other, ...input, id: input.id ?? 'c2' }),
      activateConnection: ({ id }) => ok({ ...other, id }),
      deleteConnection: () => ok({ activeId: 'c1' }),
    });
    t.setBridge(bridge);
    await t.store.getState().loadConnections();

    const added = await t.store.getState().saveConnection({ name: 'Work', baseUrl: other.baseUrl });
    expect(added.ok).toBe(true);
    expect(t.store.getState().connections.map((c) => c.id)).toEqual(['c1', 'c2']);
    expect(t.store.getState().keyStatus.c2).toBeDefined();

    await t.store.getState().saveConnection({ id: 'c2', name: 'Work 2', baseUrl: other.baseUrl });
    expect(t.store.getState().connections.find((c) => c.id === 'c2')?.name).toBe('Work 2');
    expect(t.store.getState().connections).toHaveLength(2);

    expect(await t.store.getState().activateConnection('c2')).toBeNull();
    expect(t.store.getState().activeConnectionId).toBe('c2');

    expect(await t.store.getState().deleteConnection('c2')).toBeNull();
    expect(t.store.getState().connections.map((c) => c.id)).toEqual(['c1']);
    expect(t.store.getState().activeConnectionId).toBe('c1');
    expect(t.store.getState().keyStatus.c2).toBeUndefined();
  });

  it('hands a refused save back to the form', async () => {
    const { bridge } = fakeBridge({
      saveConnection: () => ({
        ok: false,
        error: { kind: 'invalid-input', message: 'Give the connection a name.' },
      }),
    });
    t.setBridge(bridge);
    const r = await t.store.getState().saveConnection({ name: '', baseUrl: 'https://x' });
    expect(r.ok).toBe(false);
    expect(t.store.getState().connections).toEqual([]);
  });

  it('keeps only the masked status of a key and forgets an old test result', async () => {
    const { bridge } = fakeBridge({
      listConnections: () => ok({ connections: [SANDBOX], activeId: 'c1' }),
      getKeyStatus: () => ok(slots()),
      testKey: () => ok({ ok: false, message: 'HTTP 401' }),
      setKey: ({ key }) => ok({ slot: 'default', set: true, last4: key.slice(-4), source: 'vault' }),
      clearKey: () => ok({ slot: 'default', set: false }),
    });
    t.setBridge(bridge);
    await t.store.getState().loadConnections();
    await t.store.getState().testKey('c1', 'default');
    expect(t.store.getState().keyTests[keyTestId('c1', 'default')]).toEqual({
      running: false,
      ok: false,
      message: 'HTTP 401',
    });

    expect(await t.store.getState().setKey('c1', 'default', 'sk-secret-abcd')).toBeNull();
    const status = t.store.getState().keyStatus.c1?.find((k) => k.slot === 'default');
    expect(status).toEqual({ slot: 'default', set: true, last4: 'abcd', source: 'vault' });
    expect(JSON.stringify(t.store.getState())).not.toContain('sk-secret');
    expect(t.store.getState().keyTests[keyTestId('c1', 'default')]).toBeUndefined();

    await t.store.getState().clearKey('c1', 'default');
    expect(t.store.getState().keyStatus.c1?.find((k) => k.slot === 'default')?.set).toBe(false);
  });
});

describe('model lists after a key change', () => {
  it('reloads the lists already fetched with the active connection, and only those', async () => {
    const { bridge } = fakeBridge({
      setKey: () => ok({ slot: 'default', set: true, last4: 'wxyz', source: 'vault' }),
      clearKey: () => ok({ slot: 'messages', set: false }),
    });
    t.setBridge(bridge);
    const loadModels = vi.fn(async () => {});
    t.store.setState({
      activeConnectionId: 'c1',
      loadModels,
      models: { bearer: {} as never, generate: {} as never },
    });
    await t.store.getState().setKey('c1', 'default', 'k-wxyz');
    expect(loadModels.mock.calls).toEqual([
      ['bearer', { force: true }],
      ['generate', { force: true }],
    ]);
    loadModels.mockClear();
    await t.store.getState().clearKey('c1', 'messages'); // never fetched: nothing to refresh
    await t.store.getState().setKey('other', 'bearer', 'k-wxyz'); // not the active connection
    expect(loadModels).not.toHaveBeenCalled();
  });
});

describe('connection check', () => {
  const result = (id: string, status: CheckResult['status']): CheckResult => ({
    id,
    group: 'Chat',
    name: id,
    status,
    detail: `${id} detail`,
  });

  it('fills the list as results arrive, ignores other runs, then keeps the final list and report', async () => {
    let finish: (v: unknown) => void = () => {};
    const { bridge, calls } = fakeBridge({
      checkConnection: () => new Promise((r) => (finish = r as (v: unknown) => void)),
    });
    t.setBridge(bridge);
    t.store.setState({ connections: [SANDBOX], activeConnectionId: 'c1' });
    const running = t.store.getState().runCheck();
    const requestId = selectCheck(t.store.getState(), 'c1').requestId;
    expect(requestId).toBeTruthy();
    expect(selectCheck(t.store.getState(), 'c1').running).toBe(true);
    expect(calls[0]?.input).toEqual({ requestId, connectionId: 'c1' });

    t.store.getState().checkResultArrived(requestId ?? '', result('a', 'pass'));
    t.store.getState().checkResultArrived('someone-else', result('x', 'fail'));
    t.store.getState().checkResultArrived(requestId ?? '', result('b', 'warn'));
    t.store.getState().checkResultArrived(requestId ?? '', result('a', 'pass')); // a repeat is one row
    expect(selectCheck(t.store.getState(), 'c1').results.map((r) => r.id)).toEqual(['a', 'b']);

    finish(
      ok({ results: [result('a', 'pass'), result('b', 'warn'), result('c', 'info')], markdown: '# Report' }),
    );
    await running;
    const check = selectCheck(t.store.getState(), 'c1');
    expect(check.running).toBe(false);
    expect(check.results.map((r) => r.id)).toEqual(['a', 'b', 'c']);
    expect(check.markdown).toBe('# Report');
  });

  it('stops a running check through abortRequest with its request id', async () => {
    let finish: (v: unknown) => void = () => {};
    const { bridge, calls } = fakeBridge({
      checkConnection: () => new Promise((r) => (finish = r as (v: unknown) => void)),
      abortRequest: () => ok({ aborted: true }),
    });
    t.setBridge(bridge);
    t.store.setState({ connections: [SANDBOX], activeConnectionId: 'c1' });
    const running = t.store.getState().runCheck();
    const requestId = selectCheck(t.store.getState(), 'c1').requestId;
    await t.store.getState().stopCheck();
    expect(calls.find((c) => c.op === 'abortRequest')?.input).toEqual({ requestId });
    finish({ ok: false, error: { kind: 'aborted', message: 'stopped' } });
    await running;
    expect(selectCheck(t.store.getState(), 'c1').error?.kind).toBe('aborted');
    expect(selectCheck(t.store.getState(), 'c1').running).toBe(false);
  });
});

describe('check results belong to the connection, address and keys they were taken with', () => {
  const OWN: ConnectionInfo = { id: 'c2', name: 'Mine', baseUrl: 'https://a.example', builtIn: false };
  const done = (cause?: string) =>
    ok({
      results: [
        { id: 'models.list', group: 'models', name: 'List', status: 'fail' as const, detail: 'HTTP 401' },
      ],
      markdown: '# Report',
      ...(cause !== undefined ? { cause } : {}),
    });

  async function checked(overrides: Record<string, (input: never) => unknown> = {}) {
    const { bridge, calls } = fakeBridge({
      listConnections: () => ok({ connections: [SANDBOX, OWN], activeId: 'c2' }),
      getKeyStatus: () => ok(slots('abcd')),
      activateConnection: ({ id }) => ok(id === OWN.id ? OWN : SANDBOX),
      checkConnection: () => done('The key was refused: HTTP 401'),
      setKey: ({ slot }) => ok({ slot, set: true, last4: 'wxyz', source: 'vault' }),
      saveConnection: (input) => ok({ ...OWN, name: input.name, baseUrl: input.baseUrl }),
      ...overrides,
    });
    t.setBridge(bridge);
    await t.store.getState().loadConnections();
    await t.store.getState().runCheck();
    expect(selectCheck(t.store.getState(), 'c2')).toMatchObject({
      connectionId: 'c2',
      cause: 'The key was refused: HTTP 401',
    });
    return calls;
  }

  it('tags a run with the active connection and sends the models the tabs have chosen', async () => {
    t.store.setState({
      draftModel: { chat: 'gpt-x', responses: 'gpt-y', messages: 'claude-z' },
      imageForm: { ...t.store.getState().imageForm, model: 'img-1' },
    });
    const calls = await checked();
    expect(calls.find((c) => c.op === 'checkConnection')?.input).toMatchObject({
      models: { chat: 'gpt-x', responses: 'gpt-y', messages: 'claude-z', image: 'img-1' },
    });
  });

  it('forgets the results when a key of that connection changes', async () => {
    await checked();
    await t.store.getState().setKey('c2', 'default', 'sk-new-key-wxyz');
    expect(selectCheck(t.store.getState(), 'c2').results).toEqual([]);
    expect(selectCheck(t.store.getState(), 'c2').cause).toBeNull();
  });

  it('forgets the results when the address changes, not when only the name does', async () => {
    await checked();
    await t.store.getState().saveConnection({ id: 'c2', name: 'Renamed', baseUrl: OWN.baseUrl });
    expect(selectCheck(t.store.getState(), 'c2').results).toHaveLength(1);
    await t.store.getState().saveConnection({ id: 'c2', name: 'Renamed', baseUrl: 'https://b.example' });
    expect(selectCheck(t.store.getState(), 'c2').results).toEqual([]);
  });

  it('keeps each connection’s results apart: checking another leaves them, and the dot says each one', async () => {
    await checked();
    await t.store.getState().activateConnection('c1');
    expect(t.store.getState().activeConnectionId).toBe('c1');
    expect(checkVerdict(selectCheck(t.store.getState(), 'c1'))).toBe('unchecked');
    // a header's check of the sandbox, with the model of its conversation
    t.setBridge(
      fakeBridge({
        checkConnection: () =>
          ok({
            results: [{ id: 'models.list', group: 'models', name: 'List', status: 'pass', detail: '' }],
            markdown: '# Sandbox',
          }),
      }).bridge,
    );
    await t.store.getState().runCheck({ connectionId: 'c1', models: { chat: 'gpt-x' } });
    expect(checkVerdict(selectCheck(t.store.getState(), 'c1'))).toBe('ok');
    expect(selectCheck(t.store.getState(), 'c1').markdown).toBe('# Sandbox');
    // Gateway "Mine" keeps its own failed run
    expect(checkVerdict(selectCheck(t.store.getState(), 'c2'))).toBe('failed');
    expect(selectCheck(t.store.getState(), 'c2').markdown).toBe('# Report');
  });
});
