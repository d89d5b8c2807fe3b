import { describe, expect, it } from 'vitest';
import { displayModelId, hasHiddenCharacters } from '../../shared/display.ts';

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
