import type { Entry } from '../translate.ts';
import type { connections as en } from '../en/connections.ts';

export const connections: Record<keyof typeof en, Entry> = {
  'connection.label': '连接',
  'connection.title': '此对话使用的连接',
  'connection.wanted.option': '{name}（不在此处）',
  'connection.wanted.note': '此对话使用连接“{name}”，但这里没有它。发送之前请选择一个连接。',
  'connection.bound.messages': () =>
    `{count} 条回复来自另一个连接。思考块带有只有生成它的服务才接受的签名：它们不会发送，这些回复以文本和调用发送。`,
  'connection.bound.generate': () =>
    `{count} 条回复来自另一个连接。思维签名和思考摘要属于生成它们的服务：它们不会发送，这些回复以文本和调用发送。较新的模型可能会拒绝最后一轮中没有签名的函数调用。`,
  'connection.bound.responses': () =>
    `{count} 条回复来自另一个连接。加密的推理属于生成它的服务：它不会发送。`,
  'connection.bound.chat': () => `{count} 条回复来自另一个连接；历史按原样发送。`,
  'connection.filter': '连接',
  'connection.filter.all': '所有连接',
  'connection.filter.none': '无连接',
  'connection.filter.tab': '按连接筛选此标签页的对话',
  'connection.filter.empty': '此标签页没有经由此连接的对话。',
  'connection.import.missing': (v) =>
    `${Number(v.count).toLocaleString('zh-CN')} 个导入的对话使用连接“${String(v.name)}”，但这里没有它：请在对话标题栏中选择一个连接，或保持未分配。`,
  'connection.column': '第 {n} 列的连接',
};
