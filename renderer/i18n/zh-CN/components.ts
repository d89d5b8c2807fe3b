import type { Entry } from '../translate.ts';
import type { components as en } from '../en/components.ts';

export const components: Record<keyof typeof en, Entry> = {
  'components.copy.unavailable': '此处无法使用剪贴板。',
  'components.notices.dismiss': '关闭',
  'components.renderFailed': '{what}无法显示：{message}',
  'components.renderFailed.retry': '重试',
  'components.renderFailed.copy': '复制其文本',
  'components.renderFailed.thisMessage': '这条消息',
  'components.renderFailed.closeConversation': '关闭这个对话',
  'components.renderFailed.theApp': 'Quartet 应用',
  'components.renderFailed.safeStart': '重新开始，不重新打开任何内容',
};
