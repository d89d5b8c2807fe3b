import { createBlockSplitter } from '../../renderer/components/markdown-blocks.ts';

/** All blocks of a complete text (finished blocks, then the last one), as one splitter update sees them. */
export function splitBlocks(text: string): string[] {
  const b = createBlockSplitter().update(text);
  const out = b.groups.flat();
  if (b.tail.trim() !== '') out.push(b.tail);
  return out;
}
