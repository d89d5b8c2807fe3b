// The page's language, from the setting (or the system's), for components and store actions alike.
import { useEffect, useMemo } from 'react';
import { useStore } from '../store/index.ts';
import type { StoreState } from '../store/types.ts';
import { resolveLocale, translator, type Locale, type Translate } from './translate.ts';

/** The language the page is shown in. */
export function selectLocale(s: StoreState): Locale {
  return resolveLocale(
    s.settings?.language,
    typeof navigator === 'undefined' ? undefined : navigator.language,
  );
}

/** `t(key, vars)` in the page's language; a component using it re-renders when the language changes. */
export function useT(): Translate {
  const locale = useStore(selectLocale);
  return useMemo(() => translator(locale), [locale]);
}

export function useLocale(): Locale {
  return useStore(selectLocale);
}

/** Keeps <html lang> on the page's language, so screen readers and fonts follow it. */
export function useDocumentLanguage(): void {
  const locale = useLocale();
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
}

/** `t` for code outside components (store actions): the language at the time of the call. */
export function tFor(s: StoreState): Translate {
  return translator(selectLocale(s));
}
