import type { Entry } from '../translate.ts';
import type { commands as en } from '../en/commands.ts';
import { commandNameEntries } from '../../../shared/command-words.ts';

export const commands: Record<keyof typeof en, Entry> = {
  // the command names: shared/command-words.ts, which the desktop menu reads too
  ...commandNameEntries('zh-CN'),

  'commands.group.general': '常用',
  'commands.group.conversation': '对话',
  'commands.group.panels': '面板',
  'commands.group.tabs': '页面',
  'commands.group.composer': '在消息输入框中',
  'commands.group.palette': '在命令面板中',

  'commands.withKeys': '{label}（快捷键 {keys}）',
  'commands.sidebar.hide': '隐藏侧边栏',
  'commands.sidebar.show': '显示侧边栏',
  'commands.copied': '最后一条回复已复制到剪贴板。',
  'commands.copyFailed': '此处无法使用剪贴板。',
  'commands.nothingToCopy': '还没有可以复制的回复。',

  'commands.palette.title': '命令面板',
  'commands.palette.placeholder': '输入命令或对话标题…',
  'commands.palette.actions': '操作',
  'commands.palette.conversations': '对话',
  'commands.palette.recent': '最近的对话',
  'commands.palette.empty': '没有与“{query}”匹配的内容。',
  'commands.palette.more': (v) => `还有 ${String(v['count'])} 个对话匹配，请输入更完整的标题。`,
  'commands.palette.unavailable': '此处不可用',
  'commands.palette.untitled': '未命名',
  'commands.palette.hint': '↑ ↓ 移动 · Enter 执行 · Esc 关闭',

  'commands.sheet.title': '键盘快捷键',
  'commands.sheet.intro':
    '带 Ctrl、Cmd 或 Alt 的快捷键在输入时同样有效；Esc 停止回复；在输入框之外按 ? 打开此列表。',
  'commands.sheet.browserNote':
    '在浏览器中，Ctrl/Cmd+1 到 9 仍由浏览器用于切换标签页，因此各页面使用此处列出的按键。',
  'commands.sheet.send': '发送消息',
  'commands.sheet.newLine': '换行',
  'commands.sheet.move': '在列表中移动',
  'commands.sheet.run': '执行选中的项目',
  'commands.sheet.close': '关闭',
};
