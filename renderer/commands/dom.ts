// Commands that put the cursor somewhere often do so in a section or panel that is only now being
// shown: the element is looked for on each frame until it appears, for a short while.

const MAX_FRAMES = 60;

/**
 * Focuses the first element matching `selector` once it is on the page (selecting a field's text, or
 * clicking a button as the user would).
 */
export function focusWhenShown(selector: string, options: { select?: boolean; click?: boolean } = {}): void {
  let frames = 0;
  const attempt = () => {
    const el = document.querySelector<HTMLElement>(selector);
    if (el && !el.hasAttribute('disabled')) {
      el.focus();
      if (options.select && el instanceof HTMLInputElement) el.select();
      if (options.click) el.click();
      return;
    }
    if (++frames < MAX_FRAMES) requestAnimationFrame(attempt);
  };
  attempt();
}

/**
 * Gives the focus back to `el` once a modal dialog that was over it is gone. Chromium leaves a text box
 * focused while a closed modal dialog is taken out of the page unable to take typing until it is focused
 * again, so this waits for the next task (the dialog is out by then) and focuses it afresh.
 */
export function refocusLater(el: HTMLElement | null): void {
  if (!el) return;
  setTimeout(() => {
    if (!el.isConnected) return;
    // focus moved elsewhere meanwhile (a command put it somewhere): leave it there
    if (document.activeElement !== el && document.activeElement !== document.body) return;
    if (document.activeElement === el) el.blur();
    el.focus();
  });
}
