// A 4K picture is seconds of drawing and encoding: the simulator does it in bands of rows that give its
// event loop a turn (slices.ts), counted here by the turns other work gets meanwhile (none when it is
// done in one go), and the picture is the same as one drawn in one go.
import { describe, expect, it } from 'vitest';
import { drawPixels, drawPixelsInSlices } from '../../electron/simulator/images.ts';
import { encodePng, encodePngInSlices, pngSize } from '../../electron/simulator/png.ts';
import { applyEdit } from '../../electron/simulator/image-edits.ts';
import { overRows, SLICE_PIXELS } from '../../electron/simulator/slices.ts';

describe('large images in slices', () => {
  it('gives the event loop a turn between bands while it draws, edits and encodes a 4K image', async () => {
    // a chain of immediates stands for other requests: each link runs only when the loop gets a turn
    let turns = 0;
    let busy = true;
    const tick = () => {
      if (!busy) return;
      turns += 1;
      setImmediate(tick);
    };
    const size = { width: 4096, height: 4096 };
    const bands = Math.ceil(size.height / Math.floor(SLICE_PIXELS / size.width));
    setImmediate(tick);
    const image = await drawPixelsInSlices('a harbour at dusk', 0, size, false);
    const drawing = turns;
    await applyEdit(image, 'make it darker');
    const editing = turns - drawing;
    const png = await encodePngInSlices(image);
    busy = false;
    expect(drawing).toBeGreaterThanOrEqual(bands - 1);
    expect(editing).toBeGreaterThanOrEqual(bands - 1);
    expect(pngSize(png)).toEqual(size);
  });

  it('draws and encodes the same bytes in slices as in one go, in as many bands as the size asks', async () => {
    const size = { width: 700, height: 900 };
    const whole = drawPixels('a fox', 0, size, true);
    const sliced = await drawPixelsInSlices('a fox', 0, size, true);
    expect(Buffer.from(sliced.pixels).equals(Buffer.from(whole.pixels))).toBe(true);
    expect((await encodePngInSlices(sliced)).equals(encodePng(whole))).toBe(true);
    const rowsPerBand = Math.floor(SLICE_PIXELS / 4096);
    expect(await overRows(4096, 4096, () => undefined)).toBe(Math.ceil(4096 / rowsPerBand));
  });
});
