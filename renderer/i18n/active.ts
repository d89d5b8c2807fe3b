/**
 * The page's language for code that is not a component (store actions, formatting helpers): set by
 * LocaleRoot before anything renders, and the whole page is mounted anew when it changes, so every
 * string and number on screen follows the new language at once. `t` here is the one most code uses.
 */
// Why this stays module state and is not in the store's runtime: the words are read where no store is at
// hand (formatting helpers, the problem sentences of shared checks, module-level tables built on first
// use), and the language belongs to the page, not to a store: one page shows one language. A test that
// switches it sets it back (setActiveLocale('en') in its afterEach).
import { translate, type Locale, type Translate } from './translate.ts';

let active: Locale = 'en';

export function setActiveLocale(locale: Locale): void {
  active = locale;
}

export function activeLocale(): Locale {
  return active;
}

/** `t(key, vars)` in the page's language. */
export const t: Translate = (key, vars) => translate(active, key, vars);
