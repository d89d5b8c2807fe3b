import type { Entry } from '../translate.ts';
import type { models as en } from '../en/models.ts';

export const models: Record<keyof typeof en, Entry> = {
  'models.model': '模型',
  'models.list': '模型',
  'models.use': '使用 {model}',
  'models.hidden': '这个 ID 含有不可见字符或改变文字方向的字符：{id}',
  'models.loading': '正在加载模型…',
  'models.placeholder': '选择或输入模型 ID',
  'models.close': '收起模型列表',
  'models.open': '展开模型列表',
  'models.refresh': '刷新模型列表',
  'models.failed.inList': '无法获取模型列表（{error}）。仍可直接输入模型 ID 使用。',
  'models.failed.label': '无法获取模型列表：{error}',
  'models.failed.title': '无法获取模型列表：{error}。仍可直接输入模型 ID 使用。',
  'models.failed.line': '无法获取模型列表：{error}。',
  'models.suggested': '适合此页面',
  'models.other': '其他模型',
  'models.inUse.suggested': '{name}：适合此页面',
  'models.inUse.other': '{name}：其他模型',
  'models.free': '自行输入',
  'models.none': '列表中没有模型。输入 ID 即可使用。',
  'models.unlisted': '不在服务的模型列表中；将按输入原样发送。',
};
