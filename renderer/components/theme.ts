import type { Theme } from '../../shared/contract.ts';

const DARK = '(prefers-color-scheme: dark)';

/** The theme actually shown: 'system' follows the operating system's preference. */
export function resolveTheme(theme: Theme, prefersDark: boolean): 'light' | 'dark' {
  if (theme === 'system') return prefersDark ? 'dark' : 'light';
  return theme;
}

/** Puts the resolved theme on <html data-theme>; every colour token switches from there. */
export function applyTheme(theme: Theme): void {
  const prefersDark = typeof matchMedia === 'function' && matchMedia(DARK).matches;
  document.documentElement.dataset.theme = resolveTheme(theme, prefersDark);
}

/** Calls back when the system preference changes; returns the function that stops listening. */
export function onSystemThemeChange(cb: () => void): () => void {
  if (typeof matchMedia !== 'function') return () => {};
  const mq = matchMedia(DARK);
  mq.addEventListener('change', cb);
  return () => mq.removeEventListener('change', cb);
}
