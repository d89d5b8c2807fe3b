// A stdio server's output is split into JSON-RPC lines however it is chunked, and a line past the cap is
// refused rather than kept growing.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LineReader } from '../../electron/mcp/stdio-transport.ts';

const cutInto = (text: string, cuts: number[]): Buffer[] => {
  const bytes = Buffer.from(text);
  const at = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const pieces: Buffer[] = [];
  let from = 0;
  for (const c of [...at, bytes.length]) {
    pieces.push(bytes.subarray(from, c));
    from = c;
  }
  return pieces;
};

describe('LineReader', () => {
  it('gives every whole line once, whatever the chunks (multi-byte characters and CRLF included)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.string({ unit: 'grapheme' }).map((s) => s.replaceAll('\n', '').replaceAll('\r', '')),
          {
            maxLength: 8,
          },
        ),
        fc.array(fc.nat(), { maxLength: 12 }),
        fc.boolean(),
        (lines, cuts, crlf) => {
          const text = lines.map((l) => l + (crlf ? '\r\n' : '\n')).join('') + 'unfinished';
          const reader = new LineReader();
          const out = cutInto(text, cuts).flatMap((chunk) => reader.push(chunk));
          expect(out).toEqual(lines);
        },
      ),
    );
  });

  it('refuses a line longer than its cap, and reads the next one after clear()', () => {
    const reader = new LineReader(1000);
    expect(reader.push(Buffer.from('x'.repeat(600)))).toEqual([]);
    expect(() => reader.push(Buffer.from('y'.repeat(600)))).toThrow(
      /more than 1000 bytes without a line end/,
    );
    reader.clear();
    expect(reader.push(Buffer.from('{"ok":1}\n'))).toEqual(['{"ok":1}']);
  });
});
