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
  'connection.ask.title': '导入文件中的连接',
  'connection.ask.intro':
    '该文件使用了此应用中没有的连接。请为每个连接选择对应的已保存连接，或让其对话保持未分配：发送前会再次询问。',
  'connection.ask.count': (v) => `${Number(v.count).toLocaleString('zh-CN')} 个对话`,
  'connection.ask.leave': '保持未分配',
  'connection.ask.leaveAll': '全部保持未分配',
  'connection.ask.apply': '应用',
  'connection.ask.left': (v) =>
    `${Number(v.count).toLocaleString('zh-CN')} 个导入的对话保持未分配：发送前请在对话标题栏中选择一个连接。`,
  'connection.column': '第 {n} 列的连接',
  'connection.status.unchecked': '尚未检查',
  'connection.status.running': '正在检查…',
  'connection.status.ok': '上次检查 {when}：{counts}',
  'connection.status.failed': '上次检查 {when} 未通过：{counts}',
  'connection.status.check': '检查此连接',
  'connection.status.word.unchecked': '未检查',
  'connection.status.word.running': '检查中',
  'connection.status.word.ok': '正常',
  'connection.status.word.failed': '检查未通过',
};
