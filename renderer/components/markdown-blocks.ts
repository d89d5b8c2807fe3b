/**
 * Splits Markdown text into top-level blocks for incremental rendering while a reply streams.
 *
 * A block ends at a blank line outside a fenced code block; a fence stays in one block until it closes.
 * Tables and tight lists have no blank lines inside, so they stay whole; a loose list (blank lines
 * between items) becomes several blocks, which render the same way apart from the list wrapper.
 *
 * The splitter is incremental: text only grows while streaming, so each update scans just the new
 * complete lines. Finished blocks are grouped into arrays of GROUP_SIZE that never change identity once
 * full, so a memoized renderer re-renders only the newest group and the growing tail.
 */

export const GROUP_SIZE = 32;

export interface Blocks {
  /** finished blocks in groups; every group but the last is full and never changes identity */
  groups: readonly (readonly string[])[];
  /** the unfinished last block (may be ''), still growing */
  tail: string;
  /** whether the tail is inside an unclosed fence */
  tailInFence: boolean;
}

const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})(.*)$/;

export interface BlockSplitter {
  update(text: string): Blocks;
}

export function createBlockSplitter(): BlockSplitter {
  let seen = ''; // the text last scanned (identity check for append-only growth)
  let scanPos = 0; // start of the first line not yet scanned
  let blockStart = -1; // start of the current block, -1 when between blocks
  let fence: { char: string; len: number } | null = null;
  let groups: string[][] = [];
  let last: string[] = [];

  const reset = () => {
    seen = '';
    scanPos = 0;
    blockStart = -1;
    fence = null;
    groups = [];
    last = [];
  };

  const finish = (block: string) => {
    // a full group is never touched again; the newest group is copied so a memoized consumer sees it change
    if (groups.length === 0 || last.length >= GROUP_SIZE) {
      last = [block];
      groups = [...groups, last];
    } else {
      last = [...last, block];
      groups = [...groups.slice(0, -1), last];
    }
  };

  const scanLine = (text: string, start: number, end: number) => {
    const line = text.slice(start, end);
    if (fence) {
      const close = /^ {0,3}(`{3,}|~{3,})\s*$/.exec(line);
      if (close && close[1]![0] === fence.char && close[1]!.length >= fence.len) fence = null;
      return;
    }
    if (line.trim() === '') {
      if (blockStart >= 0) {
        finish(text.slice(blockStart, start - 1));
        blockStart = -1;
      }
      return;
    }
    if (blockStart < 0) blockStart = start;
    const open = FENCE_OPEN.exec(line);
    if (open) {
      const marker = open[1]!;
      // a backtick fence's info string may not contain a backtick
      if (marker[0] === '~' || !open[2]!.includes('`')) fence = { char: marker[0]!, len: marker.length };
    }
  };

  return {
    update(text: string): Blocks {
      // append-only growth continues the scan; anything else starts over
      if (text.length < seen.length || text.slice(0, 64) !== seen.slice(0, 64)) reset();
      if (scanPos > 0 && text.charCodeAt(scanPos - 1) !== 10) reset();
      seen = text;
      for (;;) {
        const nl = text.indexOf('\n', scanPos);
        if (nl < 0) break;
        scanLine(text, scanPos, nl);
        scanPos = nl + 1;
      }
      // the partial last line belongs to the current block (or starts one)
      let tail = '';
      if (blockStart >= 0) tail = text.slice(blockStart);
      else if (text.slice(scanPos).trim() !== '') tail = text.slice(scanPos);
      let tailInFence = fence !== null;
      if (!tailInFence && blockStart < 0 && tail !== '' && FENCE_OPEN.test(tail)) tailInFence = true;
      return { groups, tail, tailInFence };
    },
  };
}
