// The export's JSON built in pieces is JSON.stringify(value, null, 2) byte for byte, whatever the value.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { prettyJsonOffLoop } from '../../electron/core/pretty-json.ts';

it('equals JSON.stringify(value, null, 2) for any JSON value, nested or not', async () => {
  await fc.assert(
    fc.asyncProperty(fc.jsonValue({ maxDepth: 6 }), async (value) => {
      expect(await prettyJsonOffLoop(value)).toBe(JSON.stringify(value, null, 2));
    }),
    { numRuns: 300 },
  );
});

it('leaves out undefined fields and writes undefined array items as null, as JSON.stringify does', async () => {
  const value = {
    quartet: 'conversation',
    a: undefined,
    conversation: { title: 'line\nbreak "quoted"', turns: [{ id: 1, x: undefined }, undefined, []], e: {} },
    files: [],
  };
  expect(await prettyJsonOffLoop(value)).toBe(JSON.stringify(value, null, 2));
});
