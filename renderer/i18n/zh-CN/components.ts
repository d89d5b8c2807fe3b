import type { Entry } from '../translate.ts';
import type { components as en } from '../en/components.ts';

export const components: Record<keyof typeof en, Entry> = {
  'components.copy.unavailable': '此处无法使用剪贴板。',
  'components.notices.dismiss': '关闭',
};
