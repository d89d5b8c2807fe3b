import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebContents, fake } from './fake-electron.ts';
import { setupIpc } from '../../electron/desktop/ipc.ts';
import { EVENT_CHANNEL, OPERATION_NAMES, channelOf } from '../../shared/contract.ts';
import { createFakeCore, type FakeCore } from '../web/fake-core.ts';

vi.mock('electron', () => import('./fake-electron.ts'));

let core: FakeCore;
beforeEach(() => {
  fake.reset();
  core = createFakeCore();
  setupIpc(core, () => {});
});

const appFrame = { url: 'app://quartet/index.html', parent: null };

describe('the IPC wrapper', () => {
  it('registers exactly one channel per operation of the contract', () => {
    expect([...fake.ipcMain.handlers.keys()].sort()).toEqual(OPERATION_NAMES.map(channelOf).sort());
  });

  it('forwards a call from the app frame to the core', async () => {
    const result = await fake.ipcMain.invoke(channelOf('getAppInfo'), { senderFrame: appFrame }, {});
    expect(result).toMatchObject({ ok: true, value: { version: '0.0.0-test' } });
    expect(core.calls).toEqual([{ name: 'getAppInfo', input: {} }]);
  });

  it.each([
    ['another origin', { url: 'https://evil.example/', parent: null }],
    ['a look-alike custom scheme', { url: 'app://evil/index.html', parent: null }],
    ['file:', { url: 'file:///tmp/x.html', parent: null }],
    ['an iframe inside the app', { url: 'app://quartet/frame.html', parent: appFrame }],
    ['a destroyed frame', null],
  ])('refuses a call from %s without reaching the core', async (_label, senderFrame) => {
    const result = await fake.ipcMain.invoke(channelOf('listConversations'), { senderFrame }, {});
    expect(result).toEqual({
      ok: false,
      error: { kind: 'invalid-input', message: 'Refused: the call did not come from the Quartet window.' },
    });
    expect(core.calls).toEqual([]);
  });

  it('returns a malformed payload as a clear invalid-input error', async () => {
    const result = await fake.ipcMain.invoke(channelOf('saveImages'), { senderFrame: appFrame }, { ids: [] });
    expect(result).toMatchObject({ ok: false, error: { kind: 'invalid-input', issues: [{ path: 'ids' }] } });
    const notAnObject = await fake.ipcMain.invoke(
      channelOf('getConversation'),
      { senderFrame: appFrame },
      'x',
    );
    expect(notAnObject).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
  });

  it('sends a call’s events to the web contents that made it', async () => {
    const sender = new FakeWebContents();
    const other = new FakeWebContents();
    await fake.ipcMain.invoke(
      channelOf('sendMessage'),
      { senderFrame: appFrame, sender },
      { requestId: 'r', conversationId: 'c', text: 'hi' },
    );
    expect(sender.sent).toEqual([
      { channel: EVENT_CHANNEL, args: [{ event: 'delta', payload: { requestId: 'r', text: 'Hel' } }] },
      { channel: EVENT_CHANNEL, args: [{ event: 'delta', payload: { requestId: 'r', text: 'lo' } }] },
    ]);
    expect(other.sent).toEqual([]);
  });

  it('drops events for a window that has gone', async () => {
    const sender = new FakeWebContents();
    sender.destroyed = true;
    const result = await fake.ipcMain.invoke(
      channelOf('sendMessage'),
      { senderFrame: appFrame, sender },
      { requestId: 'r', conversationId: 'c', text: 'hi' },
    );
    expect(result).toMatchObject({ ok: true });
    expect(sender.sent).toEqual([]);
  });

  it('turns a core that throws into an internal error result', async () => {
    fake.reset();
    setupIpc(
      {
        dispatch: () => Promise.reject(new Error('boom')),
        imageFile: () => Promise.resolve(null),
        attachmentFile: () => Promise.resolve(null),
      },
      () => {},
    );
    const result = await fake.ipcMain.invoke(channelOf('getAppInfo'), { senderFrame: appFrame }, {});
    expect(result).toEqual({
      ok: false,
      error: { kind: 'internal', message: 'The operation failed unexpectedly.' },
    });
  });
});
