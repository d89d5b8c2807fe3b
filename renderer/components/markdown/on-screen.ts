import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether an element is on screen or near it (a screen's height above and below), so work for it (a
 * diagram's drawing) is done only when a reader can see it. Where there is no IntersectionObserver the
 * element counts as on screen.
 */
export function useOnScreen(ref: RefObject<Element | null>): boolean {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const last = entries.at(-1);
        if (last) setSeen(last.isIntersecting);
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return seen;
}
