import type { Entry } from '../translate.ts';
import type { reply as en } from '../en/reply.ts';

export const reply: Record<keyof typeof en, Entry> = {
  'reply.retry': '重试',
  'reply.end.stopped': '你停止了这条回复。',
  'reply.end.network': '回复完成前连接已断开。',
  'reply.end.timeout': '服务长时间没有响应，Quartet 已停止等待。',
  'reply.end.service-error': '服务返回了错误，而不是回复的剩余部分。',
  'reply.end.too-large': '回复达到了设置中规定的大小上限，Quartet 已停止读取。',
  'reply.end.refusal': '模型拒绝回答。',
  'reply.end.content-filter': '服务的内容过滤器中止了这条回复。',
  'reply.end.length': '回复达到了最大输出 token 数。',
  'reply.end.empty': '模型没有返回文本。',
  'reply.end.too-many-calls':
    '这条回复一次请求了超过 {max} 个函数调用，超出了 Quartet 能回答的数量；这些调用没有保留。请重新生成，或让模型少调用一些函数。',
  'reply.endLabel.stopped': '已被你停止',
  'reply.endLabel.network': '连接断开',
  'reply.endLabel.timeout': '超时',
  'reply.endLabel.service-error': '服务错误',
  'reply.endLabel.too-large': '大小上限',
  'reply.endLabel.refusal': '已拒绝',
  'reply.endLabel.content-filter': '已过滤',
  'reply.endLabel.length': 'token 上限',
  'reply.endLabel.empty': '无文本',
  'reply.endLabel.too-many-calls': '调用过多',

  'reply.json.valid': '有效的 JSON。',
  'reply.json.invalid': '不是有效的 JSON。',
  'reply.json.invalidAt': '不是有效的 JSON（第 {line} 行，第 {column} 列）。',
  'reply.json.schemaUnchecked': '有效的 JSON（Schema 本身不是有效的 JSON，因此未检查）。',
  'reply.json.matches': '有效的 JSON，符合 Schema。',
  'reply.json.mismatch': '有效的 JSON，但不符合 Schema：{problem}。',
  'reply.json.mismatchMany': '有效的 JSON，但有 {count} 处不符合 Schema：',
  'reply.json.mismatchMore': '另有 {count} 处',
  'reply.json.tooDeep': '有效的 JSON，但嵌套超过 {depth} 层：按原样显示，未检查。',
};
