// The page's language, from the setting (or the system's), for components (store actions: locale.ts).
import { useEffect, useMemo } from 'react';
import { useStore } from '../store/index.ts';
import { selectLocale } from './locale.ts';
import { translator, type Locale, type Translate } from './translate.ts';

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
