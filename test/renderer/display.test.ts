import { describe, expect, it } from 'vitest';
import { displayModelId, displayName, hasHiddenCharacters } from '../../shared/display.ts';

describe('model ids shown where a look-alike could mislead', () => {
  it('escapes bidi overrides, zero-width and control characters, and leaves ordinary ids alone', () => {
    expect(displayModelId('gpt-5-mini')).toBe('gpt-5-mini');
    expect(displayModelId('gemini 2.5 / 日本語-ü')).toBe('gemini 2.5 / 日本語-ü');
    expect(hasHiddenCharacters('gpt-5-mini')).toBe(false);
    // "gpt-5-mini" spelled with a right-to-left override reads as another id on screen
    expect(displayModelId('gpt-\u202Einim-5')).toBe('gpt-\\u{202E}inim-5');
    expect(displayModelId('gpt\u200B-5\uFEFF')).toBe('gpt\\u{200B}-5\\u{FEFF}');
    expect(displayModelId('a\u2066b\u2069\u0007')).toBe('a\\u{2066}b\\u{2069}\\u{0007}');
    expect(hasHiddenCharacters('x\u202Dy')).toBe(true);
    // repeated calls agree (no state kept between them)
    expect([1, 2, 3].map(() => hasHiddenCharacters('x\u202Dy'))).toEqual([true, true, true]);
  });
});

describe('names from outside (attachments, folders, the CLI model list) shown by one helper', () => {
  it('escapes bidi, control and invisible characters in any name', () => {
    // "invoice\u202Efdp.exe" is drawn as "invoiceexe.pdf"
    expect(displayName('invoice\u202Efdp.exe')).toBe('invoice\\u{202E}fdp.exe');
    expect(displayName('a\u2067b\u2069')).toBe('a\\u{2067}b\\u{2069}');
    expect(displayName('line\nbreak\u2028\tx\u0000')).toBe('line\\u{000A}break\\u{2028}\\u{0009}x\\u{0000}');
    expect(displayName('tag\u{E0041}')).toBe('tag\\u{E0041}');
    expect(displayName('\u0645\u0644\u0641.pdf')).toBe('\u0645\u0644\u0641.pdf'); // Arabic is not hidden
  });

  it('keeps an emoji whole: its joiner and presentation selector are what the name shows', () => {
    for (const name of ['❤️ Ideas', '👨‍👩‍👧 family', '1️⃣ first', '👍🏽‍👍 ok', '🏳️‍🌈']) {
      expect(displayName(name), name).toBe(name);
      expect(hasHiddenCharacters(name), name).toBe(false);
    }
    // the same characters away from an emoji still hide a difference
    expect(displayName('a\u200Db\uFE0F')).toBe('a\\u{200D}b\\u{FE0F}');
    expect(displayName('👍\u200D')).toBe('👍\\u{200D}');
  });

  it('is one linear pass: a 1 MB name of controls is escaped whole', () => {
    const shown = displayName('\u202E'.repeat(1_000_000));
    expect(shown.length).toBe(8 * 1_000_000);
  });
});
