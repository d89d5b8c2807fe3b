// The context every command runs with. What the commands keep beside the app's state (which overlay is
// open, the text tab used last) is the store's runtime's `commandUi`, so each test starts from nothing.
import { useContext, useMemo } from 'react';
import type { CommandId } from '../../shared/commands.ts';
import { StoreContext, type AppStore } from '../store/index.ts';
import { commandById, type CommandContext } from './registry.ts';

export function commandContext(store: AppStore): CommandContext {
  const ui = store.runtime.commandUi;
  return {
    store,
    openPalette: () => ui.setState({ overlay: 'palette' }),
    openShortcuts: () => ui.setState({ overlay: 'shortcuts' }),
    lastTextTab: () => ui.getState().lastTextTab,
  };
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
