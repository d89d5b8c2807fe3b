import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fake } from './fake-electron.ts';
import { EVENT_CHANNEL, OPERATION_NAMES, channelOf } from '../../shared/contract.ts';

vi.mock('electron', () => import('./fake-electron.ts'));

type Api = Record<string, unknown> & {
  on(event: string, listener: (payload: unknown) => void): () => void;
};
let api: Api;

beforeAll(async () => {
  fake.reset();
  await import('../../electron/preload.ts');
  api = fake.exposed.get('quartet') as Api;
});

describe('the preload', () => {
  it('exposes one object, window.quartet, and nothing else', () => {
    expect([...fake.exposed.keys()]).toEqual(['quartet']);
  });

  it('has exactly one function per operation, plus on(); no ipcRenderer, no generic invoke', () => {
    expect(Object.keys(api).sort()).toEqual([...OPERATION_NAMES, 'on'].sort());
    for (const key of Object.keys(api)) expect(typeof api[key], key).toBe('function');
    for (const forbidden of ['ipcRenderer', 'invoke', 'send', 'sendSync', 'postMessage']) {
      expect(api).not.toHaveProperty(forbidden);
    }
    expect(Object.isFrozen(api)).toBe(true);
  });

  it('each function invokes its own channel with the input only', async () => {
    fake.ipcRenderer.answer = () => ({ ok: true, value: 'answer' });
    const call = api.listConversations as (input: unknown) => Promise<unknown>;
    expect(await call({ format: 'chat' })).toEqual({ ok: true, value: 'answer' });
    expect(fake.ipcRenderer.invocations.at(-1)).toEqual({
      channel: channelOf('listConversations'),
      args: [{ format: 'chat' }],
    });
    const extra = api.getAppInfo as (...args: unknown[]) => Promise<unknown>;
    await extra({}, 'smuggled');
    expect(fake.ipcRenderer.invocations.at(-1)?.args).toEqual([{}]);
  });

  it('on() delivers only its event’s payload, never the IpcRendererEvent, and unsubscribes', () => {
    const deltas: unknown[][] = [];
    const off = api.on('delta', (...args: unknown[]) => deltas.push(args));
    fake.ipcRenderer.deliver(EVENT_CHANNEL, { event: 'delta', payload: { requestId: 'r', text: 'a' } });
    fake.ipcRenderer.deliver(EVENT_CHANNEL, { event: 'check', payload: { requestId: 'r' } });
    fake.ipcRenderer.deliver(EVENT_CHANNEL, 'garbage');
    expect(deltas).toEqual([[{ requestId: 'r', text: 'a' }]]);
    off();
    fake.ipcRenderer.deliver(EVENT_CHANNEL, { event: 'delta', payload: { requestId: 'r', text: 'b' } });
    expect(deltas).toHaveLength(1);
    expect(fake.ipcRenderer.listenerCount(EVENT_CHANNEL)).toBe(0);
  });

  it('on() refuses unknown events and non-function listeners', () => {
    expect(() => api.on('secret', () => {})).toThrow(/Unknown host event/);
    expect(() => api.on('delta', 'x' as never)).toThrow(/function/);
  });
});
