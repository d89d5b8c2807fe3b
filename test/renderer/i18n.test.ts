// The two dictionaries: every key in both, the same placeholders in both, and the language chosen from
// the setting or the system.
import { describe, expect, it } from 'vitest';
import { en, resolveLocale, translate, zhCN, type MessageKey } from '../../renderer/i18n/translate.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const sample = (entry: unknown) =>
  typeof entry === 'function'
    ? (entry as (v: Record<string, number>) => string)({ count: 2, n: 2 })
    : String(entry);

describe('the dictionaries', () => {
  it('hold the same keys', () => {
    expect(Object.keys(zhCN).sort()).toEqual(Object.keys(en).sort());
  });

  it('give every key a non-empty text with the same placeholders in both languages', () => {
    for (const key of Object.keys(en) as MessageKey[]) {
      const a = en[key];
      const b = zhCN[key];
      expect(typeof a, key).toBe(typeof b);
      expect(sample(b).trim(), key).not.toBe('');
      if (typeof a === 'string' && typeof b === 'string')
        expect(placeholders(b), key).toEqual(placeholders(a));
    }
  });

  it('Chinese text is Chinese: every entry with letters in English has Han characters in Chinese', () => {
    const untranslated = (Object.keys(en) as MessageKey[]).filter((key) => {
      const zh = sample(zhCN[key]).replace(/\{\w+\}/g, '');
      return /[A-Za-z]{3,}/.test(sample(en[key])) && !/[\u4e00-\u9fff]/.test(zh);
    });
    expect(untranslated).toEqual([]);
  });
});

describe('translate', () => {
  it('fills placeholders, numbers written the language’s way', () => {
    expect(translate('en', 'settings.language.system', { language: 'English' })).toBe(
      'Same as the system (English)',
    );
    expect(translate('zh-CN', 'settings.language.system', { language: '简体中文' })).toBe(
      '跟随系统（简体中文）',
    );
  });

  it('follows the setting, or the system when the setting says so', () => {
    expect(resolveLocale('system', 'zh-TW')).toBe('zh-CN');
    expect(resolveLocale(undefined, 'fr-FR')).toBe('en');
    expect(resolveLocale('en', 'zh-CN')).toBe('en');
    expect(resolveLocale('zh-CN', 'en-US')).toBe('zh-CN');
  });
});
