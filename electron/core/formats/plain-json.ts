// A reply's payload as Quartet keeps it: plain JSON that every later reader agrees on. Walked without
// recursion (a service may nest a payload deeper than the stack) and linear in its size.
import { copyJson } from '../json-copy.ts';

/**
 * `value` without `__proto__` keys (JSON.parse keeps them as keys, but every schema check, spread or copy
 * drops or follows them, so a stored payload and its export would differ), or `undefined` when it nests
 * deeper than `maxDepth`. Returns `value` itself when there is nothing to drop.
 */
export function plainJson<T>(value: T, maxDepth: number): T | undefined {
  let found = false;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop() as [unknown, number];
    if (v === null || typeof v !== 'object') continue;
    if (depth + 1 > maxDepth) return undefined;
    if (!Array.isArray(v) && Object.hasOwn(v, '__proto__')) found = true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, depth + 1]);
  }
  return found ? (withoutProtoKeys(value) as T) : value;
}

const same = (s: string): string => s;
const withoutProto = (k: string): string | undefined => (k === '__proto__' ? undefined : k);

function withoutProtoKeys(value: unknown): unknown {
  return copyJson(value, same, withoutProto);
}
