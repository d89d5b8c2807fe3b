import { useSyncExternalStore } from 'react';

/**
 * The theme on screen, read from <html data-theme> (theme.ts puts it there, resolving 'system'), for the
 * parts drawn outside CSS: Mermaid bakes its colours into the SVG. One observer serves every diagram.
 */
const listeners = new Set<() => void>();
let observer: MutationObserver | null = null;

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  if (!observer && typeof MutationObserver === 'function') {
    observer = new MutationObserver(() => {
      for (const l of listeners) l();
    });
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  }
  return () => {
    listeners.delete(onChange);
    if (listeners.size === 0) {
      observer?.disconnect();
      observer = null;
    }
  };
}

export type ShownTheme = 'light' | 'dark';

export function documentTheme(): ShownTheme {
  return typeof document !== 'undefined' && document.documentElement.dataset.theme === 'dark'
    ? 'dark'
    : 'light';
}

export function useDocumentTheme(): ShownTheme {
  return useSyncExternalStore(subscribe, documentTheme, () => 'light');
}
