/**
 * Translation without a library: two dictionaries with the same keys, `{name}` placeholders, and functions
 * for text that depends on a number. Pure, so store actions, tests and components share it.
 */
import { en, type MessageKey } from './messages-en.ts';
import { zhCN } from './messages-zh-CN.ts';

export const LOCALES = ['en', 'zh-CN'] as const;
export type Locale = (typeof LOCALES)[number];
/** The setting: a language, or the system's. */
export type LanguageSetting = Locale | 'system';

export type Vars = Record<string, string | number>;
export type Entry = string | ((vars: Vars) => string);

const DICTIONARIES: Record<Locale, Record<MessageKey, Entry>> = { en, 'zh-CN': zhCN };

/** Each language's own name, as its readers write it. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', 'zh-CN': '简体中文' };

/** The language for a system language tag: Chinese for any zh tag, English otherwise. */
export function localeOf(tag: string | undefined): Locale {
  return tag?.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en';
}

export function resolveLocale(setting: LanguageSetting | undefined, systemTag: string | undefined): Locale {
  return setting === undefined || setting === 'system' ? localeOf(systemTag) : setting;
}

/** Numbers in a placeholder are written the language's way (1,234). */
function fill(text: string, locale: Locale, vars: Vars | undefined): string {
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const v = vars[name];
    if (v === undefined) return whole;
    return typeof v === 'number' ? formatNumber(locale, v) : v;
  });
}

export function translate(locale: Locale, key: MessageKey, vars?: Vars): string {
  const entry = DICTIONARIES[locale][key] ?? en[key];
  return typeof entry === 'function' ? entry(vars ?? {}) : fill(entry, locale, vars);
}

export type Translate = (key: MessageKey, vars?: Vars) => string;

export function translator(locale: Locale): Translate {
  return (key, vars) => translate(locale, key, vars);
}

const numberFormats = new Map<string, Intl.NumberFormat>();
export function formatNumber(locale: Locale, n: number, options?: Intl.NumberFormatOptions): string {
  const id = `${locale}|${JSON.stringify(options ?? {})}`;
  let f = numberFormats.get(id);
  if (!f) {
    f = new Intl.NumberFormat(locale, options);
    numberFormats.set(id, f);
  }
  return f.format(n);
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
export function formatDate(locale: Locale, ms: number, options: Intl.DateTimeFormatOptions): string {
  const id = `${locale}|${JSON.stringify(options)}`;
  let f = dateFormats.get(id);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(id, f);
  }
  return f.format(ms);
}

export { en, zhCN, type MessageKey };
