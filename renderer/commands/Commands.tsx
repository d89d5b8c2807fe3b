import { useEffect } from 'react';
import { useStore as useZustand } from 'zustand';
import { TEXT_FORMATS, type TextFormat } from '../../shared/formats.ts';
import { useStore } from '../store/index.ts';
import type { StoreRuntime } from '../store/runtime.ts';
import { useCommandContext } from './context.ts';
import { usePlatform } from './platform.ts';
import { useCommandKeys } from './useCommandKeys.ts';
import { CommandPalette } from './CommandPalette.tsx';
import { ShortcutsSheet } from './ShortcutsSheet.tsx';

const close = (ui: StoreRuntime['commandUi']) => () => ui.setState({ overlay: null });

/**
 * The keyboard layer of the app: installs the shortcuts and the desktop menu's commands, and shows the
 * command palette or the shortcuts sheet when a command opens one. Rendered once, by App.
 */
export function Commands() {
  const ctx = useCommandContext();
  const ui = ctx.store.runtime.commandUi;
  const platform = usePlatform();
  const overlay = useZustand(ui, (s) => s.overlay);
  const activeTab = useStore((s) => s.activeTab);
  useEffect(() => {
    if ((TEXT_FORMATS as readonly string[]).includes(activeTab))
      ui.setState({ lastTextTab: activeTab as TextFormat });
  }, [activeTab, ui]);
  useCommandKeys(ctx, platform);

  if (overlay === 'palette') return <CommandPalette ctx={ctx} platform={platform} onClose={close(ui)} />;
  if (overlay === 'shortcuts') return <ShortcutsSheet platform={platform} onClose={close(ui)} />;
  return null;
}
