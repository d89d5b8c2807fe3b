import { useEffect, type RefObject } from 'react';

/**
 * A panel floating over the page goes away on Escape or a click outside it. A click on its own toggle
 * (`[data-params-toggle]`) is left to the toggle, so it does not close and reopen at once.
 */
export function useDismiss(ref: RefObject<HTMLElement | null>, active: boolean, close: () => void): void {
  useEffect(() => {
    if (!active) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented) close();
    };
    const onDown = (e: PointerEvent) => {
      const target = e.target as Element | null;
      if (!target || ref.current?.contains(target) || target.closest('[data-params-toggle]')) return;
      close();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onDown);
    };
  }, [ref, active, close]);
}
