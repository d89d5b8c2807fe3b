import { describe, expect, it } from 'vitest';
import { createElectronBridge } from '../../renderer/bridge/electron-bridge.ts';
import { OPERATION_NAMES } from '../../shared/contract.ts';
import type { QuartetPreloadApi } from '../../renderer/bridge/global.d.ts';

function fakeApi(
  overrides: Record<string, unknown> = {},
): QuartetPreloadApi & { calls: [string, unknown][] } {
  const calls: [string, unknown][] = [];
  const api: Record<string, unknown> = { calls };
  for (const name of OPERATION_NAMES) {
    api[name] = (input: unknown) => {
      calls.push([name, input]);
      return Promise.resolve({ ok: true, value: name });
    };
  }
  api.on = () => () => {};
  return Object.assign(api, overrides) as QuartetPreloadApi & { calls: [string, unknown][] };
}

describe('the Electron bridge', () => {
  it('forwards each operation to the preload function of the same name', async () => {
    const api = fakeApi();
    const bridge = createElectronBridge(api);
    for (const name of OPERATION_NAMES) expect(typeof bridge[name], name).toBe('function');
    expect(await bridge.listConversations({ format: 'chat' })).toEqual({
      ok: true,
      value: 'listConversations',
    });
    expect(api.calls).toEqual([['listConversations', { format: 'chat' }]]);
    expect(bridge.host).toBe('electron');
  });

  it('serves images from app://quartet/media', () => {
    const bridge = createElectronBridge(fakeApi());
    expect(bridge.imageUrl('img_1', 'full')).toBe('app://quartet/media/image/img_1');
    expect(bridge.imageUrl('img 2', 'thumb')).toBe('app://quartet/media/thumb/img%202');
    expect(bridge.attachmentUrl('f 1')).toBe('app://quartet/media/attachment/f%201');
  });

  it('turns an IPC failure into a Result', async () => {
    const bridge = createElectronBridge(
      fakeApi({
        getAppInfo: () => Promise.reject(new Error("No handler registered for 'quartet:getAppInfo'")),
      }),
    );
    expect(await bridge.getAppInfo({})).toMatchObject({ ok: false, error: { kind: 'internal' } });
  });

  it('passes subscriptions through', () => {
    const seen: unknown[] = [];
    const bridge = createElectronBridge(
      fakeApi({
        on: (event: string, listener: (p: unknown) => void) => {
          listener({ event });
          return () => seen.push('off');
        },
      }),
    );
    const off = bridge.on('check', (p) => seen.push(p));
    off();
    expect(seen).toEqual([{ event: 'check' }, 'off']);
  });
});
