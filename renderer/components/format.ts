/** Small formatting helpers shared by every screen; pure but for the page's language, so they are unit-tested. */
import { activeLocale } from '../i18n/active.ts';
import { formatNumber, localeOf } from '../i18n/translate.ts';

/** 420 ms, 1.24 s, 12.3 s, 2 m 05 s */
export function formatMs(ms: number | undefined): string {
  if (ms === undefined || !Number.isFinite(ms)) return '–';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 10_000) return `${(ms / 1000).toFixed(2)} s`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const m = Math.floor(ms / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  return `${m} m ${String(s).padStart(2, '0')} s`;
}

/** 1,234 (or – when unknown) */
/** "1 match", "2 matches": a count with its noun in the right number. */
export function countOf(n: number, one: string, many: string, shown: string = formatCount(n)): string {
  return `${shown} ${n === 1 ? one : many}`;
}

export function formatCount(n: number | undefined): string {
  return n === undefined || !Number.isFinite(n) ? '–' : formatNumber(activeLocale(), n);
}

/** 12 KB, 3.4 MB */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${Math.round(n / 1024)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * The language tag dates are written in: the page's language, or the system's own English (en-GB keeps
 * its 24-hour clock and day-month order) when the page is in English.
 */
function dateTag(): string {
  const locale = activeLocale();
  const system = typeof navigator === 'undefined' ? undefined : navigator.language;
  return locale === 'en' && system !== undefined && localeOf(system) === 'en' ? system : locale;
}

// One formatter per language and shape: toLocaleTimeString builds a new one on every call, which costs
// a long list (a sidebar of thousands, scrolled) most of its frame.
const whenFormats = new Map<string, Intl.DateTimeFormat>();
function whenFormat(tag: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${tag}|${JSON.stringify(options)}`;
  let f = whenFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(tag, options);
    whenFormats.set(key, f);
  }
  return f;
}

/** A short, calm timestamp: 14:05 today, "Mon 14:05" this week, "12 Mar" this year, else "12 Mar 2024". */
export function formatWhen(ts: number, now: number = Date.now()): string {
  const d = new Date(ts);
  const today = new Date(now);
  const tag = dateTag();
  const sameDay = d.toDateString() === today.toDateString();
  const time = whenFormat(tag, { hour: '2-digit', minute: '2-digit' }).format(d);
  if (sameDay) return time;
  const days = (now - ts) / 86_400_000;
  if (days < 6 && days >= 0) return `${whenFormat(tag, { weekday: 'short' }).format(d)} ${time}`;
  if (d.getFullYear() === today.getFullYear()) {
    return whenFormat(tag, { day: 'numeric', month: 'short' }).format(d);
  }
  return whenFormat(tag, { day: 'numeric', month: 'short', year: 'numeric' }).format(d);
}
