import type { Entry } from '../translate.ts';
import type { settings as en } from '../en/settings.ts';

export const settings: Record<keyof typeof en, Entry> = {
  'settings.language': '语言',
  'settings.language.system': '跟随系统（{language}）',
  'settings.language.hint': '命令行界面保持英文。',
};
