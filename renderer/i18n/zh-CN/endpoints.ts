import type { Entry } from '../translate.ts';
import type { endpoints as en } from '../en/endpoints.ts';

export const endpoints: Record<keyof typeof en, Entry> = {
  'endpoints.problem.empty': '基础地址为空。',
  'endpoints.problem.not-url': '“{text}”不是 URL；请写成 {example} 这样的形式。',
  'endpoints.problem.scheme': '基础地址必须以 {http} 或 {https} 开头，而不是 {protocol}。',
  'endpoints.problem.credentials': '基础地址中不能包含用户名或密码；密钥请在“密钥”部分设置。',
  'endpoints.problem.query': '基础地址中不能包含查询（?…）或片段（#…）。',
  'endpoints.pasted': '这是 {name} 的完整端点：Quartet 使用它的基础地址 {root}，并自行添加各接口的路径。',
  'endpoints.pasted.models':
    '这是模型列表的完整端点：Quartet 使用它的基础地址 {root}，并自行添加各接口的路径。',
  'endpoints.pasted.keyDropped': '查询中的密钥没有保留：密钥请在“密钥”部分设置。',
};
