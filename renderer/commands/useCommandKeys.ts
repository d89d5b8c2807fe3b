import { useEffect } from 'react';
import { chordOf, isCommandId, isModified, type ShortcutPlatform } from '../../shared/commands.ts';
import { commandById, type CommandContext } from './registry.ts';
import { commandForKey, escapeBelongsTo, firesWhileTyping, isTypingTarget } from './keys.ts';

/** Whether something on the page takes Esc before the reply does: a modal, or a panel floating over. */
function escapeIsTaken(target: EventTarget | null): boolean {
  return escapeBelongsTo(target) || document.querySelector('.chat.is-narrow .params-panel') !== null;
}

/**
 * Decides what a key press does, as the page's last listener (on window, after every component had its
 * say): nothing when a component already handled it, while an input method composes, or while a modal
 * dialog is open (the palette and the sheet handle their own keys); plain keys (?) never while typing in
 * a field; Esc only when a reply runs and nothing smaller wants it. A matched chord with a modifier is the
 * app's even when its command has nothing to do, so the browser does not act on it instead.
 */
export function handleCommandKey(e: KeyboardEvent, ctx: CommandContext, platform: ShortcutPlatform): void {
  if (e.defaultPrevented || e.isComposing || e.keyCode === 229) return;
  const id = commandForKey(e, platform);
  if (id === null) return;
  if (document.querySelector('dialog[open]') !== null) return;
  const chord = chordOf(id, platform);
  if (!chord) return;
  if (isTypingTarget(e.target) && !firesWhileTyping(chord)) return;
  if (id === 'stopReply' && escapeIsTaken(e.target)) return;
  const command = commandById(id);
  const available = command.available(ctx);
  if (!available && !isModified(chord)) return;
  e.preventDefault();
  // holding a chord down must not flip a panel on and off
  if (e.repeat || !available) return;
  void command.run(ctx);
}

/** Installs the shortcuts, and runs the commands the desktop menu sends. */
export function useCommandKeys(ctx: CommandContext, platform: ShortcutPlatform): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => handleCommandKey(e, ctx, platform);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [ctx, platform]);

  useEffect(() => {
    let bridge;
    try {
      bridge = ctx.store.runtime.bridge();
    } catch {
      return; // a test store without a host: no menu to listen to
    }
    return bridge.on('command', (payload) => {
      // the menu is our own code, but what crosses a process boundary is checked all the same
      const id: unknown = (payload as { id?: unknown } | null)?.id;
      if (!isCommandId(id)) return;
      const command = commandById(id);
      if (command.available(ctx)) void command.run(ctx);
    });
  }, [ctx]);
}
