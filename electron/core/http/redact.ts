/**
 * Keys never leave the core in clear text: every string that goes into an error, an exchange record or a
 * log passes through a Redactor built from the configured keys. A key is replaced by `••••` and its last 4
 * characters (only `••••` for keys too short to hide anything), in its raw, URL-encoded and JSON-escaped forms.
 * Keys must be used trimmed (the client trims them) so the exact string on the wire is the one redacted.
 */
export interface Redactor {
  (text: string): string;
  /** The mask shown in place of one key. */
  mask(key: string): string;
}

const MASK = '••••';
/** Below this length, showing the last 4 characters would reveal too much of the key. */
const MIN_LENGTH_FOR_TAIL = 12;
/**
 * Shorter "keys" (test placeholders like `k`) are no secret, and replacing every occurrence of them would
 * mangle ordinary words in messages; real keys are far longer.
 */
const MIN_REDACTED_LENGTH = 6;

export function maskKey(key: string): string {
  return key.length >= MIN_LENGTH_FOR_TAIL ? `${MASK}${key.slice(-4)}` : MASK;
}

export function createRedactor(keys: Iterable<string | undefined>): Redactor {
  const pairs = new Map<string, string>();
  for (const key of keys) {
    if (key === undefined || key.length < MIN_REDACTED_LENGTH) continue;
    const mask = maskKey(key);
    for (const form of [key, encodeURIComponent(key), JSON.stringify(key).slice(1, -1)]) {
      if (form !== '') pairs.set(form, mask);
    }
  }
  // Longest first, so a key that contains another key is replaced whole.
  const ordered = [...pairs.entries()].sort((a, b) => b[0].length - a[0].length);
  const redact = ((text: string) => {
    let out = text;
    for (const [form, mask] of ordered) {
      if (out.includes(form)) out = out.split(form).join(mask);
    }
    return out;
  }) as Redactor;
  redact.mask = maskKey;
  return redact;
}

export function redactHeaders(headers: Record<string, string>, redact: Redactor): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) out[name] = redact(value);
  return out;
}
