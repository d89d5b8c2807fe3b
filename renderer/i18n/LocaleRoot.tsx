import { Fragment, type ReactNode } from 'react';
import { useLocale } from './useT.ts';
import { setActiveLocale } from './active.ts';

/**
 * Sets the page's language before its children render, and mounts them anew when it changes: a switch of
 * language is rare, and this way no memoised row or cached label keeps the old language.
 */
export function LocaleRoot(props: { children: ReactNode }) {
  const locale = useLocale();
  setActiveLocale(locale);
  return <Fragment key={locale}>{props.children}</Fragment>;
}
