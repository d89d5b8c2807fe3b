import type { Entry } from '../translate.ts';
import type { app as en } from '../en/app.ts';

export const app: Record<keyof typeof en, Entry> = {
  'app.sections': '页面',
  'app.side.tabs': '侧边面板',
  'app.tab.images': '图像',
  'app.tab.compare': '对比',
  'app.tab.speedlab': '速度实验室',
  'app.tab.speedlab.short': '速度',
  'app.tab.settings': '设置',

  'app.connection.title': '当前连接：{name}（{url}）。打开设置可更换或检查连接。',
  'app.connection.title.builtIn': '当前连接：{name}（{url}），即内置模拟器。打开设置可更换或检查连接。',

  'app.theme': '主题：{theme}（切换为{next}）',
  'app.theme.system': '跟随系统',
  'app.theme.light': '浅色',
  'app.theme.dark': '深色',

  'app.inspector.show': '显示检查器',
  'app.inspector.hide': '隐藏检查器',
};
