// How text from a service is shown where a look-alike could mislead: a model id with a right-to-left
// override or an invisible character reads like another id. Such characters are shown as escapes.

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

export function hasHiddenCharacters(text: string): boolean {
  for (const c of text) if (isHidden(c.codePointAt(0) ?? 0)) return true;
  return false;
}

/** The id with every hidden character shown as `\u{202E}`; an ordinary id is returned unchanged. */
export function displayModelId(id: string): string {
  if (!hasHiddenCharacters(id)) return id;
  let out = '';
  for (const c of id) {
    const cp = c.codePointAt(0) ?? 0;
    out += isHidden(cp) ? `\\u{${cp.toString(16).toUpperCase().padStart(4, '0')}}` : c;
  }
  return out;
}
