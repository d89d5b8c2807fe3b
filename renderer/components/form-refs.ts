// Ref callbacks the dialogs share (presets, folders).

/**
 * Marks the field a dialog focuses when it opens: the attribute itself, which showModal() honours once the
 * dialog is open (React's autoFocus calls focus() earlier, while the dialog is still closed).
 */
export function markAutofocus(el: HTMLElement | null): void {
  el?.setAttribute('autofocus', '');
}

/** Brings a message that just appeared into view in a form that scrolls. */
export function showError(el: HTMLElement | null): void {
  el?.scrollIntoView({ block: 'nearest' });
}
