// The state the commands keep beside the app's store (which overlay is open, the text tab used last),
// one per store so each test starts from nothing, and the context every command runs with.
import { useContext, useMemo } from 'react';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { CommandId } from '../../shared/commands.ts';
import type { TextFormat } from '../../shared/formats.ts';
import { StoreContext, type AppStore } from '../store/index.ts';
import { commandById, type CommandContext } from './registry.ts';

export type Overlay = 'palette' | 'shortcuts' | null;

export interface CommandUi {
  overlay: Overlay;
  lastTextTab: TextFormat;
}

const uis = new WeakMap<AppStore, StoreApi<CommandUi>>();
const contexts = new WeakMap<AppStore, CommandContext>();

export function commandUi(store: AppStore): StoreApi<CommandUi> {
  let ui = uis.get(store);
  if (!ui) {
    ui = createStore<CommandUi>()(() => ({ overlay: null, lastTextTab: 'chat' }));
    uis.set(store, ui);
  }
  return ui;
}

export function commandContext(store: AppStore): CommandContext {
  let ctx = contexts.get(store);
  if (!ctx) {
    const ui = commandUi(store);
    ctx = {
      store,
      openPalette: () => ui.setState({ overlay: 'palette' }),
      openShortcuts: () => ui.setState({ overlay: 'shortcuts' }),
      lastTextTab: () => ui.getState().lastTextTab,
    };
    contexts.set(store, ctx);
  }
  return ctx;
}

export function useCommandContext(): CommandContext {
  const store = useContext(StoreContext);
  return useMemo(() => commandContext(store), [store]);
}

/** Runs a command as its shortcut would (a button that does what a command does calls this). */
export function runCommand(ctx: CommandContext, id: CommandId): void {
  const command = commandById(id);
  if (command.available(ctx)) void command.run(ctx);
}

export function useRunCommand(): (id: CommandId) => void {
  const ctx = useCommandContext();
  return useMemo(() => (id: CommandId) => runCommand(ctx, id), [ctx]);
}
