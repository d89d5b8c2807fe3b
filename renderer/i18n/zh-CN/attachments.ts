import type { Entry } from '../translate.ts';
import type { attachments as en } from '../en/attachments.ts';

export const attachments: Record<keyof typeof en, Entry> = {
  'attachments.notAdded': '未添加',
  'attachments.remove': '移除 {name}',
  'attachments.toSend': '待发送的文件',
  'attachments.fit': '按格式调整图片',
  'attachments.fit.working': '调整中…',
  'attachments.sent': '随此消息发送的文件',
  'attachments.viewFullSize': '{name} · {details}（查看原图）',
  'attachments.save': '保存 {name}',
  'attachments.kind.text': '文本',
};
