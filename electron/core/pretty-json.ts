// JSON.stringify(value, null, 2), byte for byte, built in pieces that give way to the event loop: an
// export of 20 MB was one JSON.stringify holding the host for well over 50 ms. The top levels are walked
// here (a file, its conversation, its turns); each value below them is one JSON.stringify, re-indented.
import { createGiveWay } from './give-way.ts';

/** Levels walked piece by piece; deeper values (one turn, one file) are stringified whole. */
const WALKED_LEVELS = 3;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json | undefined };

const kept = (v: unknown): boolean => v !== undefined && typeof v !== 'function' && typeof v !== 'symbol';

export async function prettyJsonOffLoop(value: unknown): Promise<string> {
  const parts: string[] = [];
  const giveWay = createGiveWay();
  const put = async (v: unknown, indent: string, level: number): Promise<void> => {
    if (level >= WALKED_LEVELS || v === null || typeof v !== 'object' || 'toJSON' in v) {
      // a string never holds a raw line break in JSON, so every one here starts a line to indent
      parts.push((JSON.stringify(v, null, 2) ?? 'null').replaceAll('\n', `\n${indent}`));
      await giveWay();
      return;
    }
    const inner = `${indent}  `;
    if (Array.isArray(v)) {
      if (v.length === 0) return void parts.push('[]');
      for (let i = 0; i < v.length; i++) {
        parts.push(i === 0 ? `[\n${inner}` : `,\n${inner}`);
        await put(kept(v[i]) ? v[i] : null, inner, level + 1);
      }
      parts.push(`\n${indent}]`);
      return;
    }
    const entries = Object.entries(v as Record<string, Json | undefined>).filter(([, x]) => kept(x));
    if (entries.length === 0) return void parts.push('{}');
    for (const [i, [key, x]] of entries.entries()) {
      parts.push(`${i === 0 ? '{' : ','}\n${inner}${JSON.stringify(key)}: `);
      await put(x, inner, level + 1);
    }
    parts.push(`\n${indent}}`);
  };
  await put(value, '', 0);
  return parts.join('');
}
