// What the page keeps beside a store's state (the command overlay, the shortcuts' platform, prices left
// unsaved, the keys of rows being edited) lives in that store's runtime: a new store starts from nothing,
// whatever another store went through.
import { describe, expect, it } from 'vitest';
import { commandContext } from '../../renderer/commands/context.ts';
import { platformOf } from '../../renderer/commands/platform.ts';
import { toolKeys } from '../../renderer/store/tool-drafts.ts';
import type { Bridge } from '../../shared/contract.ts';
import { freshStore } from './fake-bridge.ts';

describe("a store's runtime", () => {
  it('keeps the command overlay and the last text tab to its own store', () => {
    const a = freshStore().store;
    const b = freshStore().store;
    commandContext(a).openPalette();
    a.runtime.commandUi.setState({ lastTextTab: 'messages' });
    expect(a.runtime.commandUi.getState().overlay).toBe('palette');
    expect(commandContext(b).lastTextTab()).toBe('chat');
    expect(b.runtime.commandUi.getState().overlay).toBeNull();
  });

  it('learns the platform once its bridge is known, and a new store asks again', () => {
    const a = freshStore();
    expect(platformOf(a.store).host).toBe('web');
    expect(a.store.runtime.platform).toBeUndefined();
    // platformOf reads only which host the bridge talks to
    a.setBridge({ host: 'electron' } as unknown as Bridge);
    expect(platformOf(a.store).host).toBe('electron');
    expect(platformOf(freshStore().store).host).toBe('web');
  });

  it('gives the rows being edited keys that differ within a store', () => {
    const a = freshStore().store;
    const next = toolKeys(a.runtime);
    const keys = [next(), next(), a.runtime.nextId(), next()].map(String);
    expect(new Set(keys).size).toBe(4);
    expect(freshStore().store.runtime.unsavedPrices).toBeUndefined();
  });
});
