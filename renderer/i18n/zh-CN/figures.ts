import type { Entry } from '../translate.ts';
import type { figures as en } from '../en/figures.ts';

export const figures: Record<keyof typeof en, Entry> = {
  'figures.total': '总耗时',
  'figures.tokens': '输入 / 输出',
  'figures.finish': '结束',
  'figures.status.partial': '不完整',
  'figures.status.error': '出错',
  'figures.fastest': '最快',
  'figures.slowest': '最慢',
  'figures.inspect': '检查此列的上一个请求',
  'figures.none': '还没有回复',
  'figures.steps': '工具步骤',
  'figures.stepsAtLimit': '{count} · 已达步骤上限',
  'figures.toolTime': '工具耗时',
};
