/** `T` with every field that may be undefined turned into an optional field without undefined. */
export type Compact<T> = { [K in keyof T as undefined extends T[K] ? never : K]: T[K] } & {
  [K in keyof T as undefined extends T[K] ? K : never]?: Exclude<T[K], undefined>;
};

/**
 * Drops undefined fields so optional properties stay absent (exactOptionalPropertyTypes): the one way
 * the code builds an object whose fields may be unknown, instead of `...(x !== undefined ? { x } : {})`.
 */
export function compact<const T extends object>(obj: T): Compact<T> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) if (v !== undefined) out[k] = v;
  return out as Compact<T>;
}
