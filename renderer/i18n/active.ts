/**
 * The page's language for code that is not a component (store actions, formatting helpers): set by
 * LocaleRoot before anything renders, and the whole page is mounted anew when it changes, so every
 * string and number on screen follows the new language at once. `t` here is the one most code uses.
 */
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
