/**
 * Keys never leave the core in clear text: every string that goes into an error, an exchange record, a
 * stored reply or a log passes through a Redactor built from the configured keys. A key is replaced by
 * `••••` and its last 4 characters (only `••••` for keys too short to hide anything) in every form a
 * service could echo it in: raw, %-encoded (either case), JSON-escaped (`\/`, `\uXXXX` of any character,
 * mixed with plain characters), and base64 (standard and URL-safe, at any byte alignment).
 * Keys must be used trimmed (the client trims them) so the exact string on the wire is the one redacted.
 * Every scan is linear in the text (no backtracking pattern ever runs on a body).
 */
import type { AppError } from '../../../shared/errors.ts';
import { hostWork } from '../work.ts';
import { copyJson } from '../json-copy.ts';

export interface Redactor {
  (text: string): string;
  /** The mask shown in place of one key. */
  mask(key: string): string;
  /**
   * The length of the longest tail of `text` that could be the start of a key in some form: a streaming
   * caller holds that tail back until more text arrives, so a key split across two deltas is never shown.
   */
  pendingTail(text: string): number;
}

const MASK = '••••';
/** Below this length, showing the last 4 characters would reveal too much of the key. */
const MIN_LENGTH_FOR_TAIL = 12;
/**
 * Shorter "keys" (test placeholders like `k`) are no secret, and replacing every occurrence of them would
 * mangle ordinary words in messages; real keys are far longer.
 */
const MIN_REDACTED_LENGTH = 6;
/** A base64 fragment shorter than this could occur by chance in an image or a signature. */
const MIN_BASE64_FORM = 12;

export function maskKey(key: string): string {
  return key.length >= MIN_LENGTH_FOR_TAIL ? `${MASK}${key.slice(-4)}` : MASK;
}

function base64Of(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/**
 * The base64 characters that depend only on the key's bytes, for the key placed at each of the three
 * byte alignments inside a longer base64 string (as in `user:key` or a JSON document encoded whole).
 */
export function base64Forms(key: string): string[] {
  const bytes = new TextEncoder().encode(key);
  const forms: string[] = [];
  for (let offset = 0; offset < 3; offset++) {
    const padded = new Uint8Array(offset + bytes.length);
    padded.set(bytes, offset);
    const encoded = base64Of(padded);
    const stable = encoded.slice(Math.ceil((offset * 8) / 6), Math.floor(((offset + bytes.length) * 8) / 6));
    if (stable.length < MIN_BASE64_FORM) continue;
    forms.push(stable, stable.replaceAll('+', '-').replaceAll('/', '_'));
  }
  return forms;
}

const SHORT_ESCAPES: Record<string, string> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

function hexValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 65 && code <= 70) return code - 55;
  if (code >= 97 && code <= 102) return code - 87;
  return -1;
}

function hexAt(text: string, pos: number, digits: number): number {
  if (pos + digits > text.length) return -2;
  let value = 0;
  for (let i = 0; i < digits; i++) {
    const h = hexValue(text.charCodeAt(pos + i));
    if (h < 0) return -1;
    value = value * 16 + h;
  }
  return value;
}

/** Reading position after one character of the key encoded at `pos`; -1 no match, -2 text ended inside. */
const NO = -1;
const CUT = -2;

/** An escaped form of `char` at `pos` (JSON `\uXXXX`, `\/`, `\n`..., or %-encoded UTF-8 bytes in either case). */
function stepEscaped(text: string, pos: number, char: string, utf8: readonly number[]): number {
  const c = text[pos];
  if (c === '\\') {
    if (pos + 1 >= text.length) return CUT;
    const e = text[pos + 1] as string;
    if (e === 'u') {
      const v = hexAt(text, pos + 2, 4);
      if (v === -2) return CUT;
      return v === char.charCodeAt(0) ? pos + 6 : NO;
    }
    return SHORT_ESCAPES[e] === char ? pos + 2 : NO;
  }
  if (c === '%') {
    let at = pos;
    for (const byte of utf8) {
      if (at >= text.length) return CUT;
      if (text[at] !== '%') return NO;
      const v = hexAt(text, at + 1, 2);
      if (v === -2) return CUT;
      if (v !== byte) return NO;
      at += 3;
    }
    return at;
  }
  return NO;
}

interface KeyMatcher {
  chars: string[];
  utf8: number[][];
  mask: string;
}

function matcherOf(key: string): KeyMatcher {
  const chars = [...key].flatMap((c) => (c.length === 1 ? [c] : [...c.split('')]));
  return {
    chars,
    utf8: chars.map((c) => [...new TextEncoder().encode(c)]),
    mask: maskKey(key),
  };
}

/**
 * End of an encoded key starting at `pos`, NO, or CUT when the text ends part-way through one. A key
 * character that is itself `%` or `\\` may stand plain or escaped, so both readings are tried; other
 * characters have one reading at any position, so the search stays linear for real keys.
 */
function matchAt(text: string, pos: number, m: KeyMatcher, from = 0): number {
  let at = pos;
  for (let i = from; i < m.chars.length; i++) {
    if (at >= text.length) return CUT;
    const char = m.chars[i] as string;
    const escaped = stepEscaped(text, at, char, m.utf8[i] as number[]);
    if (text[at] === char) {
      if (escaped >= 0) {
        const whole = matchAt(text, escaped, m, i + 1);
        if (whole >= 0 || whole === CUT) return whole;
      }
      at += 1;
      continue;
    }
    if (escaped < 0) return escaped;
    at = escaped;
  }
  return at;
}

/**
 * Replaces every escaped (JSON or %-encoded, partly or whole) occurrence of the key. Linear in the text:
 * the next `\\` and `%` are each found once (never searched for again from every escape, which was
 * quadratic on JSON full of backslashes), and from each escape only the few starts that hold the key's
 * first character are tried.
 */
function redactEscaped(text: string, m: KeyMatcher): string {
  let slash = text.indexOf('\\');
  let percent = text.indexOf('%');
  hostWork.redactChars += text.length;
  if (slash === -1 && percent === -1) return text;
  const longest = m.chars.length - 1;
  const first = m.chars[0];
  let out = '';
  let copied = 0;
  let from = 0;
  for (;;) {
    if (slash !== -1 && slash < from) {
      slash = text.indexOf('\\', from);
      hostWork.redactChars += (slash === -1 ? text.length : slash) - from;
    }
    if (percent !== -1 && percent < from) {
      percent = text.indexOf('%', from);
      hostWork.redactChars += (percent === -1 ? text.length : percent) - from;
    }
    const p = slash === -1 ? percent : percent === -1 ? slash : Math.min(slash, percent);
    if (p === -1) break;
    // The first escape of an encoded key is preceded by at most `longest` plain characters of it, the
    // first of which is the key's own first character (an escape before p was tried as its own start).
    let matched = false;
    for (let s = Math.max(copied, p - longest); s <= p; s++) {
      hostWork.redactChars += 1;
      if (s < p && text[s] !== first) continue;
      const end = matchAt(text, s, m);
      if (end > p) {
        out += text.slice(copied, s) + m.mask;
        copied = end;
        from = end;
        matched = true;
        break;
      }
    }
    if (!matched) from = p + 1;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

export function createRedactor(keys: Iterable<string | undefined>): Redactor {
  const literal = new Map<string, string>();
  const matchers: KeyMatcher[] = [];
  for (const key of keys) {
    if (key === undefined || key.length < MIN_REDACTED_LENGTH) continue;
    const mask = maskKey(key);
    for (const form of [key, JSON.stringify(key).slice(1, -1), ...base64Forms(key)]) {
      if (form !== '') literal.set(form, mask);
    }
    matchers.push(matcherOf(key));
  }
  // Longest first, so a key that contains another key is replaced whole.
  const ordered = [...literal.entries()].sort((a, b) => b[0].length - a[0].length);
  matchers.sort((a, b) => b.chars.length - a.chars.length);
  const longestForm = Math.max(
    0,
    ...ordered.map(([f]) => f.length),
    ...matchers.map((m) => m.chars.length * 12),
  );

  // No form of any key is shorter than this (escaped forms are longer than the key, base64 ones 12+).
  const shortest = Math.min(...ordered.map(([f]) => f.length), ...matchers.map((m) => m.chars.length));
  const redact = ((text: string) => {
    if (matchers.length === 0 || text.length < shortest) return text;
    let out = text;
    hostWork.redactChars += text.length * ordered.length;
    for (const [form, mask] of ordered) {
      if (out.includes(form)) out = out.split(form).join(mask);
    }
    for (const m of matchers) out = redactEscaped(out, m);
    return out;
  }) as Redactor;
  redact.mask = maskKey;
  // A form starts with its own first character; an escaped key with the key's first or an escape.
  const starts = new Set(['\\', '%', ...ordered.map(([f]) => f[0]), ...matchers.map((m) => m.chars[0])]);
  redact.pendingTail = (text: string) => {
    if (matchers.length === 0) return 0;
    const start = Math.max(0, text.length - longestForm);
    for (let s = start; s < text.length; s++) {
      // most positions of a streamed delta cannot start any form: skip them before the full checks
      if (!starts.has(text[s])) continue;
      for (const m of matchers) if (matchAt(text, s, m) === CUT) return text.length - s;
      const tail = text.slice(s);
      for (const [form] of ordered)
        if (form.length > tail.length && form.startsWith(tail)) return text.length - s;
    }
    return 0;
  };
  return redact;
}

/**
 * Many strings at once, as a record keeps them (the events of a stream, a reply's headers): one scan of
 * them all joined, and one per string only when the joined text held a key. The join is exact: a form of a
 * key inside one string is inside the joined text, so an unchanged join means every string is unchanged.
 */
export function redactAll(texts: readonly string[], redact: Redactor): string[] {
  if (texts.length < 2) return texts.map(redact);
  const joined = texts.join('\n');
  return redact(joined) === joined ? [...texts] : texts.map(redact);
}

export function redactHeaders(headers: Record<string, string>, redact: Redactor): Record<string, string> {
  const names = Object.keys(headers);
  const values = redactAll(
    names.map((n) => headers[n] as string),
    redact,
  );
  const out: Record<string, string> = {};
  names.forEach((name, i) => (out[name] = values[i] as string));
  return out;
}

/** Every string inside a JSON value (a reply's raw payload), keys of objects included. */
export function redactDeep<T>(value: T, redact: Redactor): T {
  return copyJson(value, redact, redact);
}

/**
 * Redacts text that arrives in pieces: each push returns what may be shown now, holding back a tail that
 * could be the start of a key until the next piece (or `flush`) decides it.
 */
export function createStreamRedactor(redact: Redactor): { push(piece: string): string; flush(): string } {
  let pending = '';
  return {
    push(piece) {
      pending = redact(pending + piece);
      const hold = redact.pendingTail(pending);
      const shown = pending.slice(0, pending.length - hold);
      pending = pending.slice(pending.length - hold);
      return shown;
    },
    flush() {
      const rest = redact(pending);
      pending = '';
      return rest;
    },
  };
}

/** Every string the service could have put into an error (message, vendor type and code, request id...). */
export function redactError(info: AppError, redact: Redactor): AppError {
  const out: AppError = { ...info };
  for (const name of ['message', 'snippet', 'vendorType', 'vendorCode', 'requestId'] as const) {
    const value = out[name];
    if (value !== undefined) out[name] = redact(value);
  }
  if (out.issues) out.issues = out.issues.map((i) => ({ path: redact(i.path), message: redact(i.message) }));
  return out;
}
