import type { Entry } from '../translate.ts';
import type { common as en } from '../en/common.ts';

export const common: Record<keyof typeof en, Entry> = {
  'common.cancel': '取消',
  'common.close': '关闭',
  'common.delete': '删除',
  'common.save': '保存',
  'common.copy': '复制',
  'common.copied': '已复制',
};
