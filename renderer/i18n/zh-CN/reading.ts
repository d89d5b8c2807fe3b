import type { Entry } from '../translate.ts';
import type { reading as en } from '../en/reading.ts';

export const reading: Record<keyof typeof en, Entry> = {
  'reading.copyCode': '复制代码',
  'reading.plainText': '这条回复长达 {count} 个字符，因此以纯文本显示。',
  'reading.jumpStart': '跳到这条回复的开头',
  'reading.jumpEnd': '跳到这条回复的结尾',
  'reading.math.error': '公式无法显示：{error}',
  'reading.diagram.drawing': '正在绘制…',
  'reading.diagram.viewSource': '查看源码',
  'reading.diagram.viewDiagram': '查看图表',
  'reading.diagram.copy': '复制图表源码',
  'reading.diagram.error': '无法绘制这张图表：{error}',
  'reading.diagram.large': '这张图表较大（{lines} 行，{links} 条连线）：绘制可能让页面忙上几秒。',
  'reading.diagram.drawAnyway': '仍然绘制',
  'reading.diagram.unavailable': '图表组件未能加载，下面显示的是源码。',
  'reading.table.rowsArriving': (v) => `还有 ${v.count} 行正在接收…`,
};
