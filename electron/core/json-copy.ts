// One way to copy a JSON value while changing its strings and keys: without recursion (a service's payload
// may nest deeper than the stack) and defining keys rather than assigning them (`__proto__` stays a key).

/**
 * A copy of `value` with each string passed through `text` and each object key through `key`; a key
 * mapped to `undefined` is left out with its value.
 */
export function copyJson<T>(
  value: T,
  text: (s: string) => string,
  key: (k: string) => string | undefined,
): T {
  const jobs: { from: object; into: unknown[] | Record<string, unknown> }[] = [];
  const copy = (v: unknown): unknown => {
    if (typeof v === 'string') return text(v);
    if (v === null || typeof v !== 'object') return v;
    const into = Array.isArray(v) ? [] : {};
    jobs.push({ from: v, into });
    return into;
  };
  const out = copy(value);
  for (let job = jobs.pop(); job !== undefined; job = jobs.pop()) {
    const { from, into } = job;
    if (Array.isArray(into)) {
      for (const item of from as unknown[]) into.push(copy(item));
      continue;
    }
    for (const [k, item] of Object.entries(from)) {
      const name = key(k);
      if (name === undefined) continue;
      Object.defineProperty(into, name, {
        value: copy(item),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
  }
  return out as T;
}
