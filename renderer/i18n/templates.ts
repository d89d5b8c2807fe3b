/**
 * Sentences made in English outside the page (shared/ code the host runs, the host itself) are said in
 * the page's language by matching them against their English template in the dictionary and saying the
 * same values with the other language's template. A sentence no template knows is left as it is.
 */
import { en, type MessageKey, type Vars } from './translate.ts';

const patterns = new Map<MessageKey, RegExp>();

/** The English template as a pattern: its text literally, each {name} any text (as little as will do). */
function patternOf(key: MessageKey): RegExp {
  let re = patterns.get(key);
  if (!re) {
    const template = en[key];
    const source = (typeof template === 'string' ? template : '')
      .split(/(\{\w+\})/)
      .map((part) =>
        /^\{\w+\}$/.test(part) ? `(?<${part.slice(1, -1)}>.+?)` : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('');
    re = new RegExp(`^${source}$`, 's');
    patterns.set(key, re);
  }
  return re;
}

/** The first of `keys` whose English template `text` is, with the values it holds. */
export function matchTemplate(
  keys: readonly MessageKey[],
  text: string,
): { key: MessageKey; vars: Vars } | undefined {
  for (const key of keys) {
    const m = patternOf(key).exec(text);
    if (m) return { key, vars: { ...m.groups } };
  }
  return undefined;
}
