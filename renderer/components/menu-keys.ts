import type { KeyboardEvent } from 'react';

/**
 * The keys of an open menu (WAI-ARIA menu pattern): arrows move round its items, Home and End jump,
 * Escape closes it and gives focus back to what opened it, Tab closes it and lets focus move on.
 */
export function menuKey(
  e: KeyboardEvent<HTMLElement>,
  els: readonly HTMLElement[],
  close: (refocus: boolean) => void,
): void {
  const i = els.indexOf(document.activeElement as HTMLElement);
  const go = (n: number) => {
    e.preventDefault();
    els[(n + els.length) % els.length]?.focus();
  };
  if (e.key === 'ArrowDown') go(i + 1);
  else if (e.key === 'ArrowUp') go(i - 1);
  else if (e.key === 'Home') go(0);
  else if (e.key === 'End') go(els.length - 1);
  else if (e.key === 'Escape') {
    e.preventDefault();
    e.stopPropagation();
    close(true);
  } else if (e.key === 'Tab') close(false);
}
