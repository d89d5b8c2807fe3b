// The page's language read from the store's state, without React or the store itself: store actions use
// it, and importing the store from here would close a loop (store -> slice -> i18n -> store).
import type { StoreState } from '../store/types.ts';
import { resolveLocale, translator, type Locale, type Translate } from './translate.ts';

/** The language the page is shown in. */
export function selectLocale(s: StoreState): Locale {
  return resolveLocale(
    s.settings?.language,
    typeof navigator === 'undefined' ? undefined : navigator.language,
  );
}

/** `t` for code outside components (store actions): the language at the time of the call. */
export function tFor(s: StoreState): Translate {
  return translator(selectLocale(s));
}
