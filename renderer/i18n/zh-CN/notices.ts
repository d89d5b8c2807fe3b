import type { Entry } from '../translate.ts';
import type { notices as en } from '../en/notices.ts';

export const notices: Record<keyof typeof en, Entry> = {
  'notices.pastedFile': '粘贴的文件',
  'notices.file.unreadable': '无法读取“{name}”：{message}',
  'notices.file.notDownscaled': '无法缩小“{name}”：{message}',
  'notices.file.adding': '“{name}”仍在添加中。',
  'notices.file.notAdded': '无法添加“{name}”。',
  'notices.file.removeToSend': '{problem}移除它后才能发送。',
  'notices.file.downscaling': '正在缩小“{name}”。',
  'notices.image.notAttached': '无法附加图片：{message}',
  'notices.settings.notSaved': '设置未保存：{message}',
};
