// Where the side column (the inspector's) keeps the place for the parameters panel when both are open
// beside a text tab: the chat tab draws its panel there through a portal, so the panel keeps the tab's
// state while it shows beside the inspector as a tab of one column.
import { useSyncExternalStore } from 'react';

let slot: HTMLElement | null = null;
const listeners = new Set<() => void>();

/** A ref callback for the element that holds the panel (null when it goes). */
export function setSideSlot(el: HTMLElement | null): void {
  if (slot === el) return;
  slot = el;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The element the parameters panel goes into, or null while the side column is not showing. */
export function useSideSlot(): HTMLElement | null {
  return useSyncExternalStore(
    subscribe,
    () => slot,
    () => null,
  );
}
