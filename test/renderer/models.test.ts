import { freshStore } from './fake-bridge.ts';
import { afterEach, describe, expect, it } from 'vitest';
import type { Bridge } from '../../shared/contract.ts';
import { groupModels } from '../../renderer/store/models-slice.ts';
import { suitsPurpose } from '../../shared/model-kinds.ts';
import { buildOptions } from '../../renderer/components/ModelPicker.tsx';

const SIM = [
  'gpt-5-mini',
  'gpt-4.1',
  'claude-sonnet-4-5',
  'claude-haiku-4-5',
  'gemini-2.5-pro',
  'gemini-2.5-flash',
  'gpt-image-1',
  'o4-mini',
].map((id) => ({ id }));

function fakeBridge(listModels: (input: { family: string; connectionId?: string }) => unknown) {
  const calls: { family: string; connectionId?: string }[] = [];
  const bridge = new Proxy({} as Bridge, {
    get(_t, prop) {
      if (prop === 'then') return undefined;
      if (prop === 'listModels')
        return async (input: { family: string; connectionId?: string }) => {
          calls.push(input);
          return listModels(input);
        };
      return async () => ({ ok: false, error: { kind: 'internal', message: `not faked: ${String(prop)}` } });
    },
  });
  return { bridge, calls };
}
let t = freshStore();
afterEach(() => {
  t = freshStore();
});

describe('which models suit a tab', () => {
  it('groups by id: gpt-*/o* for chat and responses, claude-* for messages, gemini-* for generate, *image* for images', () => {
    const ids = (p: Parameters<typeof groupModels>[1]) => groupModels(SIM, p).suggested.map((m) => m.id);
    expect(ids('chat')).toEqual(['gpt-5-mini', 'gpt-4.1', 'o4-mini']);
    expect(ids('responses')).toEqual(['gpt-5-mini', 'gpt-4.1', 'o4-mini']);
    expect(ids('messages')).toEqual(['claude-sonnet-4-5', 'claude-haiku-4-5']);
    expect(ids('generate')).toEqual(['gemini-2.5-pro', 'gemini-2.5-flash']);
    expect(ids('images')).toEqual(['gpt-image-1']);
    expect(groupModels(SIM, 'messages').other).toHaveLength(6);
    expect(suitsPurpose('omni-thing', 'chat')).toBe(false);
    // the same rule as the connection check's: a maker's speech or realtime model holds no chat
    for (const id of ['gpt-4o-transcribe', 'gpt-realtime', 'gpt-4o-mini-tts', 'gemini-2.5-flash-image'])
      expect(suitsPurpose(id, id.startsWith('gemini') ? 'generate' : 'chat'), id).toBe(false);
  });

  it('offers the typed id as free entry unless the list has it exactly', () => {
    const a = buildOptions(SIM, 'messages', 'claude');
    expect(a.suggested.map((o) => o.id)).toEqual(['claude-sonnet-4-5', 'claude-haiku-4-5']);
    expect(a.other).toEqual([]);
    expect(a.free?.id).toBe('claude');
    expect(buildOptions(SIM, 'messages', 'CLAUDE-HAIKU-4-5').free).toBeNull();
    const none = buildOptions(SIM, 'chat', '  my-private-model ');
    expect(none.suggested.length + none.other.length).toBe(0);
    expect(none.free?.id).toBe('my-private-model');
    expect(buildOptions(SIM, 'chat', '').suggested).toHaveLength(3);
  });
});

describe('model lists', () => {
  it('fetches once per family and connection, again on refresh or when the connection changes', async () => {
    const { bridge, calls } = fakeBridge(() => ({ ok: true, value: { models: SIM, exchangeId: 'x1' } }));
    t.setBridge(bridge);
    t.store.setState({ activeConnectionId: 'a' });
    await Promise.all([t.store.getState().loadModels('bearer'), t.store.getState().loadModels('bearer')]);
    await t.store.getState().loadModels('bearer');
    expect(calls).toEqual([{ family: 'bearer', connectionId: 'a' }]);
    expect(t.store.getState().models.bearer).toMatchObject({
      status: 'ready',
      connectionId: 'a',
      exchangeId: 'x1',
    });
    await t.store.getState().loadModels('messages');
    await t.store.getState().loadModels('bearer', { force: true });
    t.store.setState({ activeConnectionId: 'b' });
    await t.store.getState().loadModels('bearer');
    expect(calls.map((c) => c.family)).toEqual(['bearer', 'messages', 'bearer', 'bearer']);
  });

  it('fetches another connection’s list by its id, kept beside the active one’s', async () => {
    const { bridge, calls } = fakeBridge(({ connectionId }) => ({
      ok: true,
      value: { models: connectionId === 'b' ? [{ id: 'only-on-b' }] : SIM, exchangeId: `x-${connectionId}` },
    }));
    t.setBridge(bridge);
    t.store.setState({ activeConnectionId: 'a' });
    await t.store.getState().loadModels('bearer');
    await t.store.getState().loadModelsFor('b', 'bearer');
    await t.store.getState().loadModelsFor('b', 'bearer');
    expect(calls).toEqual([
      { family: 'bearer', connectionId: 'a' },
      { family: 'bearer', connectionId: 'b' },
    ]);
    const state = t.store.getState();
    expect(state.models.bearer?.items).toHaveLength(SIM.length);
    expect(state.modelsByConnection['b']?.bearer?.items.map((m) => m.id)).toEqual(['only-on-b']);
    // the active one becomes b: its list shows without asking again
    t.store.setState({ activeConnectionId: 'b' });
    await t.store.getState().loadModels('bearer');
    expect(calls).toHaveLength(2);
    expect(t.store.getState().models.bearer?.items.map((m) => m.id)).toEqual(['only-on-b']);
  });

  it('keeps the last good list and says why when a refresh fails', async () => {
    let fail = false;
    const { bridge } = fakeBridge(() =>
      fail
        ? { ok: false, error: { kind: 'http', status: 401, message: 'invalid key', exchangeId: 'x2' } }
        : { ok: true, value: { models: SIM, exchangeId: 'x1' } },
    );
    t.setBridge(bridge);
    t.store.setState({ activeConnectionId: 'a' });
    await t.store.getState().loadModels('generate');
    fail = true;
    await t.store.getState().loadModels('generate', { force: true });
    const list = t.store.getState().models.generate;
    expect(list?.status).toBe('error');
    expect(list?.items).toHaveLength(SIM.length);
    expect(list?.error?.status).toBe(401);
    expect(list?.exchangeId).toBe('x2');
  });

  it('keeps each connection’s lists, a failed one too: switching tabs or connections back asks nothing again', async () => {
    const { bridge, calls } = fakeBridge(({ family }) =>
      family === 'generate'
        ? { ok: false, error: { kind: 'http', status: 401, message: 'invalid key', exchangeId: 'x2' } }
        : { ok: true, value: { models: SIM, exchangeId: 'x1' } },
    );
    t.setBridge(bridge);
    const s = () => t.store.getState();
    t.store.setState({ activeConnectionId: 'a' });
    // every visit to a tab mounts its model picker, which asks for its family's list
    for (let visit = 0; visit < 4; visit++) {
      await s().loadModels('bearer');
      await s().loadModels('generate');
    }
    expect(calls.map((c) => c.family)).toEqual(['bearer', 'generate']);
    expect(s().models.generate?.status).toBe('error');

    // to another connection and back: the first connection's lists are still known
    t.store.setState({ activeConnectionId: 'b' });
    await s().loadModels('bearer');
    t.store.setState({ activeConnectionId: 'a' });
    await s().loadModels('bearer');
    await s().loadModels('generate');
    expect(calls.map((c) => c.family)).toEqual(['bearer', 'generate', 'bearer']);
    expect(s().models.bearer).toMatchObject({ connectionId: 'a', status: 'ready' });

    // the refresh button asks again; a key that changed makes the next look ask again
    await s().loadModels('generate', { force: true });
    s().forgetModelLists('b', ['bearer']);
    t.store.setState({ activeConnectionId: 'b' });
    await s().loadModels('bearer');
    expect(calls.map((c) => c.family)).toEqual(['bearer', 'generate', 'bearer', 'generate', 'bearer']);
  });
});
