// How a name from outside is shown where a look-alike could mislead: a model id, an attachment's file
// name or a folder name with a right-to-left override reads as another ("invoice\u202Efdp.exe" shows as
// "invoiceexe.pdf"), an invisible character hides a difference, a control character drives a terminal.
// Such characters are shown as escapes, the same way on the page and in the command line.

/** Bidi controls, zero-width and other invisible or format characters, and C0/C1 controls. */
const HIDDEN_RANGES: readonly (readonly [number, number])[] = [
  [0x0000, 0x001f],
  [0x007f, 0x009f],
  [0x00ad, 0x00ad],
  [0x034f, 0x034f],
  [0x061c, 0x061c],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180b, 0x180f],
  [0x200b, 0x200f],
  [0x2028, 0x2029], // line and paragraph separators break a one-line name
  [0x202a, 0x202e],
  [0x2060, 0x206f],
  [0x3164, 0x3164],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
  [0xfff0, 0xfffb],
  [0xe0000, 0xe007f], // tag characters
];

function isHidden(codePoint: number): boolean {
  return HIDDEN_RANGES.some(([lo, hi]) => codePoint >= lo && codePoint <= hi);
}

const PICTOGRAPHIC = /^\p{Extended_Pictographic}$/u;
const EMOJI_MODIFIER = /^(?:[\u{1F3FB}-\u{1F3FF}]|\uFE0F)$/u;

/**
 * Whether the character at `i` is to be shown as an escape. An emoji's own joiner (👨‍👩‍👧) and
 * presentation selector (❤️, 1️⃣) are part of what the name shows, so a folder called "❤️ Ideas" reads
 * as typed; the same characters anywhere else are escaped.
 */
function hiddenAt(chars: readonly string[], i: number): boolean {
  const c = chars[i] ?? '';
  const cp = c.codePointAt(0) ?? 0;
  if (!isHidden(cp)) return false;
  const before = chars[i - 1] ?? '';
  const after = chars[i + 1] ?? '';
  if (cp === 0xfe0f || cp === 0xfe0e) {
    return !(PICTOGRAPHIC.test(before) || (/^[#*0-9]$/.test(before) && after === '\u20E3'));
  }
  if (cp === 0x200d) {
    return !((PICTOGRAPHIC.test(before) || EMOJI_MODIFIER.test(before)) && PICTOGRAPHIC.test(after));
  }
  return true;
}

/** A quick look before the per-character pass: most names hold nothing in the hidden ranges. */
function mayHide(text: string): boolean {
  for (const c of text) if (isHidden(c.codePointAt(0) ?? 0)) return true;
  return false;
}

export function hasHiddenCharacters(text: string): boolean {
  if (!mayHide(text)) return false;
  const chars = Array.from(text);
  return chars.some((_, i) => hiddenAt(chars, i));
}

/**
 * A name with every hidden character shown as `\u{202E}`; an ordinary name is returned unchanged. For
 * everything named from outside: model ids, attachment names, folder names, on the page and in the CLI.
 */
export function displayName(name: string): string {
  if (!mayHide(name)) return name;
  const chars = Array.from(name);
  return chars
    .map((c, i) =>
      hiddenAt(chars, i) ? `\\u{${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}}` : c,
    )
    .join('');
}

/** A model id as shown (see displayName). */
export const displayModelId = displayName;
