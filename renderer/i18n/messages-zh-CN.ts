/** 界面的简体中文文本：与 messages-en.ts 的键一一对应（缺少的键会导致类型错误和测试失败）。 */
import type { MessageKey } from './messages-en.ts';
import type { Entry } from './translate.ts';

export const zhCN: Record<MessageKey, Entry> = {
  'common.cancel': '取消',
  'common.close': '关闭',
  'common.delete': '删除',
  'common.save': '保存',
  'common.copy': '复制',
  'common.copied': '已复制',
  'settings.language': '语言',
  'settings.language.system': '跟随系统（{language}）',
  'settings.language.hint': '命令行界面保持英文。',
};
