// PROVES (property tests, fast-check): arbitrary JSON values sent to every operation of the contract
// through the real app core never throw, never hang, and come back as a serialisable Result whose error
// has a clear message; arbitrary bytes to the SSE reader either yield events or fail with an Error (never
// hang); any string given as a base address is either a root that every endpoint builds from or a
// message; any bytes given to the image sniffers give an answer or null, never an exception; any
// attachment name is refused or exported inside its folder; any streamed index is in range or refused;
// any attachment bytes are refused with a reason or stored, as an image only when they decode within the cap.
// (test/core/properties.test.ts covers well-formed SSE split anywhere, redaction and generate parts.)
// Figures: test-results/reliability/fuzz.json.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATION_NAMES } from '../../shared/contract.ts';
import { allEndpoints, normaliseBaseUrl } from '../../shared/endpoints.ts';
import { readEvents } from '../../electron/core/index.ts';
import { imageLooksComplete, sniffImage } from '../../electron/core/images/sniff.ts';
import sharp from 'sharp';
import { MAX_IMAGE_PIXELS } from '../../shared/limits.ts';
import { CANARY, createHarness, tinyWebp, type Harness } from '../support/app-core.ts';
import { isSafeFileName } from '../../shared/attachments.ts';
import { attachmentLinkTarget } from '../../electron/handlers/export-markdown.ts';
import { MAX_STREAM_INDEX, streamIndex } from '../../electron/core/formats/util.ts';
import { StreamProblem } from '../../electron/core/formats/types.ts';
import { writeFigures } from '../support/figures.ts';

const figures: Record<string, number> = {};
let app: Harness;
beforeAll(async () => {
  app = await createHarness({
    keepResults: false,
    clientDefaults: { headersTimeoutMs: 2_000, idleTimeoutMs: 2_000, maxRetries: 0 },
  });
});
afterAll(async () => {
  await writeFigures('fuzz', figures);
  await app.close();
});

/** Rejects after `ms` so a hang fails the property instead of the whole test timing out silently. */
function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`${what} hung`)), ms)),
  );
  return Promise.race([p, limit]).finally(() => clearTimeout(timer));
}

// Operations that would leave the machine or block on purpose get inputs anyway; the ones that act on the
// outside world (opening links) are harmless in a test core (no openExternal given).
const RUNS_PER_OPERATION = 40;

describe('every operation of the contract, arbitrary JSON input', () => {
  it(
    `${OPERATION_NAMES.length} operations x ${RUNS_PER_OPERATION} inputs: a Result, never a throw or a hang`,
    { timeout: 60_000 },
    async () => {
      let calls = 0;
      let errors = 0;
      for (const name of OPERATION_NAMES) {
        await fc.assert(
          fc.asyncProperty(fc.jsonValue({ maxDepth: 3 }), async (input) => {
            calls += 1;
            const result = await within(app.core.dispatch(name, input, app.ctx), 5_000, name);
            expect(JSON.parse(JSON.stringify(result))).toEqual(result);
            if (!result.ok) {
              errors += 1;
              expect(typeof result.error.message).toBe('string');
              expect(result.error.message.trim().length).toBeGreaterThan(3);
              expect(result.error.kind).not.toBe('internal');
            }
          }),
          { numRuns: RUNS_PER_OPERATION },
        );
      }
      figures.operations = OPERATION_NAMES.length;
      figures.operationCalls = calls;
      figures.operationErrors = errors;
      expect(app.logs.filter((l) => /internal|stack/i.test(l))).toEqual([]);
    },
  );
});

describe('the SSE reader, arbitrary bytes', () => {
  it('yields events or throws an Error; never hangs', async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.uint8Array({ maxLength: 200 }), { maxLength: 8 }), async (chunks) => {
        runs += 1;
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            for (const c of chunks) controller.enqueue(c);
            controller.close();
          },
        });
        const read = (async () => {
          const out: unknown[] = [];
          for await (const ev of readEvents(body, { idleTimeoutMs: 1_000 })) out.push(ev);
          return out;
        })();
        await within(
          read.catch((e: unknown) => expect(e).toBeInstanceOf(Error)),
          2_000,
          'readEvents',
        );
      }),
      { numRuns: 300 },
    );
    figures.sseRuns = runs;
  });
});

describe('the base address', () => {
  it('any string: a root every endpoint builds from, or a message', () => {
    let accepted = 0;
    const inputs = fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.webUrl({ withQueryParameters: true, withFragments: true }),
      fc
        .tuple(fc.constantFrom('http://', 'https://', 'ftp://', 'HTTP://', ''), fc.string({ maxLength: 30 }))
        .map(([a, b]) => a + b),
    );
    fc.assert(
      fc.property(inputs, (input) => {
        const r = normaliseBaseUrl(input);
        if (!r.ok) {
          expect(r.message.length).toBeGreaterThan(5);
          return;
        }
        accepted += 1;
        const url = new URL(r.root);
        expect(['http:', 'https:']).toContain(url.protocol);
        expect(url.username + url.password + url.search + url.hash).toBe('');
        for (const endpoint of Object.values(allEndpoints(r.root, 'gemini-2.5-flash'))) {
          expect(new URL(endpoint).origin).toBe(url.origin);
        }
      }),
      { numRuns: 2_000 },
    );
    figures.baseAddressRuns = 2_000;
    figures.baseAddressAccepted = accepted;
  });
});

describe('the image sniffers', () => {
  it('any bytes (and any bytes behind a real signature): an answer or null, never a throw', () => {
    const signatures = [
      [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
      [0xff, 0xd8, 0xff],
      [0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50],
      [],
    ];
    let recognised = 0;
    fc.assert(
      fc.property(fc.constantFrom(...signatures), fc.uint8Array({ maxLength: 400 }), (sig, rest) => {
        const bytes = Uint8Array.from([...sig, ...rest]);
        const s = sniffImage(bytes);
        if (s) {
          recognised += 1;
          expect(['png', 'jpeg', 'webp']).toContain(s.format);
          expect(typeof imageLooksComplete(bytes, s.format)).toBe('boolean');
        }
        for (const f of ['png', 'jpeg', 'webp'] as const)
          expect(typeof imageLooksComplete(bytes, f)).toBe('boolean');
      }),
      { numRuns: 3_000 },
    );
    figures.sniffRuns = 3_000;
    figures.sniffRecognised = recognised;
  });
});

describe('attachment names (upload, import, Markdown export)', () => {
  it('any name: refused with a reason, or stored and exported under <id>.<ext> inside its folder', async () => {
    const hostile = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom('../../.bashrc', '..\\x.txt', '/etc/passwd', 'a\u202etxt.exe', 'n\nl.txt', '.', '..'),
      fc
        .array(fc.constantFrom('../', '..\\', '/', '\u0000', '\u2066', 'a', '.', 'b.txt'), { maxLength: 12 })
        .map((parts) => parts.join('')),
    );
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(hostile, async (name) => {
        const r = await app.dispatch('putAttachment', {
          name,
          mimeType: 'text/plain',
          dataBase64: Buffer.from('x').toString('base64'),
        });
        if (!r.ok) {
          refused += 1;
          expect(r.error.message.length).toBeGreaterThan(0);
          return;
        }
        const stored = r.value as { id: string; name: string; mimeType: string };
        expect(isSafeFileName(stored.name)).toBe(true);
        expect(attachmentLinkTarget(stored)).toMatch(/^attachments\/[A-Za-z0-9-]+\.[a-z0-9]{1,10}$/);
      }),
      { numRuns: 150 },
    );
    figures['attachment names refused'] = refused;
  });
});

describe('streamed indexes (chat tool calls, messages content blocks)', () => {
  it('any value: an index from 0 to the cap, or a stream problem', () => {
    fc.assert(
      fc.property(fc.oneof(fc.double(), fc.integer(), fc.string(), fc.constant(4294967294)), (value) => {
        try {
          const n = streamIndex(value, 0, 'a test');
          expect(Number.isInteger(n) && n >= 0 && n <= MAX_STREAM_INDEX).toBe(true);
        } catch (e) {
          expect(e).toBeInstanceOf(StreamProblem);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('attachment bytes (upload, paste, drop; import and --attach take the same check)', () => {
  it('any bytes under any type: refused with a reason, or stored, and an image only when it really decodes within the pixel cap', async () => {
    const png = await sharp({ create: { width: 20, height: 12, channels: 3, background: '#369' } })
      .png()
      .toBuffer();
    const signatures = [
      png.subarray(0, 33),
      Buffer.from('GIF89a'),
      Buffer.from([0xff, 0xd8, 0xff]),
      Buffer.from('RIFF\0\0\0\0WEBPVP8 '),
    ];
    const bytes = fc.oneof(
      fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b)),
      fc
        .tuple(fc.constantFrom(...signatures), fc.uint8Array({ maxLength: 200 }))
        .map(([head, rest]) => Buffer.concat([head, rest])),
      // a real image, cut anywhere or with bytes flipped
      fc.tuple(fc.constantFrom(png, tinyWebp()), fc.nat(), fc.nat(255)).map(([img, at, v]) => {
        const copy = Buffer.from(img);
        if (at % 2 === 0) return copy.subarray(0, at % copy.length);
        copy[at % copy.length] = v;
        return copy;
      }),
      fc.constantFrom(png, tinyWebp()),
    );
    let images = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(
        bytes,
        fc.constantFrom('image/png', 'image/webp', 'text/plain', 'application/pdf', ''),
        async (data, mimeType) => {
          const r = await app.dispatch('putAttachment', {
            name: 'file.bin',
            mimeType,
            dataBase64: data.toString('base64'),
          });
          if (!r.ok) {
            refused += 1;
            expect(r.error.kind).not.toBe('internal');
            expect(r.error.message.trim().length).toBeGreaterThan(3);
            return;
          }
          const stored = r.value as { kind: string; width?: number; height?: number };
          if (stored.kind !== 'image') return;
          images += 1;
          // what the host calls an image, a decoder reads whole, within the cap
          const decoded = await sharp(data, { failOn: 'error' }).raw().toBuffer({ resolveWithObject: true });
          expect(decoded.info.width * decoded.info.height).toBeLessThanOrEqual(MAX_IMAGE_PIXELS);
        },
      ),
      { numRuns: 120 },
    );
    figures['attachment bytes stored as images'] = images;
    figures['attachment bytes refused'] = refused;
    expect(images).toBeGreaterThan(0);
  });
});

describe('image edits (the mask bytes and the form inputs)', () => {
  it('any mask bytes and settings: refused with a reason before sending, or edited and stored as an edit', async () => {
    const side = 24;
    const picture = await sharp({ create: { width: side, height: side, channels: 3, background: '#258' } })
      .png()
      .toBuffer();
    const upload = await app.call('putAttachment', {
      name: 'start.png',
      mimeType: 'image/png',
      dataBase64: picture.toString('base64'),
    });
    const rgbaMask = (w: number, h: number, open: number) =>
      sharp({ create: { width: w, height: h, channels: 4, background: { r: 0, g: 0, b: 0, alpha: open } } })
        .png()
        .toBuffer();
    const masks = [
      await rgbaMask(side, side, 0),
      await rgbaMask(side, side, 1),
      await rgbaMask(8, 8, 0),
      picture,
    ];
    const maskBytes = fc.oneof(
      fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b)),
      fc.constantFrom(...masks),
      // a real mask cut anywhere or with a byte flipped
      fc.tuple(fc.constantFrom(...masks), fc.nat(), fc.nat(255)).map(([m, at, v]) => {
        const copy = Buffer.from(m);
        if (at % 2 === 0) return copy.subarray(0, at % copy.length);
        copy[at % copy.length] = v;
        return copy;
      }),
    );
    const anyOf = <T>(...values: T[]) => fc.oneof(fc.constantFrom(...values), fc.string({ maxLength: 12 }));
    let edited = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.option(maskBytes, { nil: undefined }),
        anyOf('auto', '1024x1024', '1536x1024'),
        anyOf('low', 'high'),
        fc.oneof(fc.integer({ min: -2, max: 12 }), fc.constant(1)),
        async (mask, size, inputFidelity, n) => {
          const r = await within(
            app.dispatch('editImages', {
              requestId: 'fuzz-edit',
              model: 'gpt-image-1',
              prompt: 'fuzz',
              references: [{ kind: 'attachment', id: upload.id }],
              ...(mask === undefined
                ? {}
                : { mask: { kind: 'painted', pngBase64: mask.toString('base64') } }),
              size,
              inputFidelity,
              n,
            }),
            10_000,
            'editImages',
          );
          if (!r.ok) {
            refused += 1;
            expect(r.error.kind).not.toBe('internal');
            expect(r.error.message.trim().length).toBeGreaterThan(3);
            return;
          }
          edited += 1;
          const images = (r.value as { images: { source: string; width: number }[] }).images;
          expect(images.length).toBeGreaterThan(0);
          for (const image of images) expect(image.source).toBe('edit');
        },
      ),
      {
        numRuns: 60,
        // two valid edits first, so 'some were stored' cannot fail on an unlucky draw (about 3% of seeds
        // drew no valid mask, size, fidelity and count together in 60 runs)
        examples: [
          [undefined, '1024x1024', 'low', 1],
          [masks[1], 'auto', 'high', 2],
        ],
      },
    );
    figures['image edits stored'] = edited;
    figures['image edits refused'] = refused;
    expect(edited).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  });

  it("the simulator's multipart reader: any body under a boundary is a refusal or an answer, never a failure", async () => {
    const boundary = 'fuzzboundary';
    const part = fc.tuple(
      fc.constantFrom('image', 'image[]', 'mask', 'prompt', 'model', 'n', 'x"y', ''),
      fc.option(fc.constantFrom('a.png', 'm.png', '', 'a"b.png'), { nil: undefined }),
      fc.uint8Array({ maxLength: 80 }),
    );
    const bodies = fc.oneof(
      fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b)),
      fc
        .array(part, { maxLength: 6 })
        .map((parts) =>
          Buffer.concat([
            ...parts.map(([name, filename, bytes]) =>
              Buffer.concat([
                Buffer.from(
                  `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename === undefined ? '' : `; filename="${filename}"`}\r\n\r\n`,
                ),
                Buffer.from(bytes),
                Buffer.from('\r\n'),
              ]),
            ),
            Buffer.from(`--${boundary}--\r\n`),
          ]),
        ),
    );
    await fc.assert(
      fc.asyncProperty(bodies, fc.nat(), async (body, cut) => {
        const sent = cut % 3 === 0 ? body.subarray(0, cut % (body.length + 1)) : body;
        const res = await fetch(`${app.sim.baseUrl}/v1/images/edits`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${CANARY}`,
            'content-type': `multipart/form-data; boundary=${boundary}`,
          },
          body: new Uint8Array(sent),
        });
        // an answer, or a refusal in the vendor's shape (400, or 404 for a model it does not know)
        expect([200, 400, 404]).toContain(res.status);
        const reply = (await res.json()) as { error?: { message: string } };
        if (res.status !== 200) expect(reply.error?.message.length).toBeGreaterThan(3);
      }),
      { numRuns: 150 },
    );
  });
});

/** what the speed lab property draws: a plan as the page would send it, valid or not */
interface LabPlanInput {
  rows: { connectionId: string; format: string; model: string }[];
  prompt: string;
  outputTokens: number;
  runs: number;
  concurrency: number;
  name: string | undefined;
}

describe('the speed lab (runSpeedLab rows and plans, saved runs, its JSON export read back)', () => {
  it('any rows and plan: refused with a reason, or measured, saved, exported and read back the same', async () => {
    const { readLabJson, labCsv } = await import('../../shared/speedlab.ts');
    let measured = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          rows: fc.array(
            fc.record({
              connectionId: fc.oneof(fc.constant(app.connectionId), fc.string({ maxLength: 120 })),
              format: fc.oneof(
                { weight: 5, arbitrary: fc.constantFrom('chat', 'responses', 'messages', 'generate') },
                { weight: 1, arbitrary: fc.string() },
              ),
              model: fc.oneof(
                fc.constantFrom('gpt-5-mini', 'claude-haiku-4-5'),
                fc.string({ maxLength: 260 }),
              ),
            }),
            { minLength: 1, maxLength: 10 },
          ),
          prompt: fc.string({ minLength: 1, maxLength: 60 }),
          outputTokens: fc.oneof(
            fc.integer({ min: 1, max: 50 }),
            fc.integer({ min: -5, max: 5_000 }),
            fc.double(),
          ),
          runs: fc.oneof(fc.constant(1), fc.integer({ min: -1, max: 2 })),
          concurrency: fc.oneof(fc.constant(2), fc.integer({ min: -1, max: 6 })),
          name: fc.option(fc.string({ maxLength: 200 }), { nil: undefined }),
        }),
        async (input) => {
          const result = await within(
            app.core.dispatch(
              'runSpeedLab',
              { requestId: `fuzz-${measured}-${Math.random()}`, ...input },
              app.ctx,
            ),
            10_000,
            'runSpeedLab',
          );
          if (!result.ok) {
            expect(result.error.kind).not.toBe('internal');
            expect(result.error.message.trim().length).toBeGreaterThan(3);
            return;
          }
          measured += 1;
          const record = result.value as { id: string };
          const json = await app.core.dispatch('exportSpeedLab', { id: record.id, as: 'json' }, app.ctx);
          const saved = await app.core.dispatch('getSpeedLab', { id: record.id }, app.ctx);
          expect(json.ok && saved.ok).toBe(true);
          if (!json.ok || !saved.ok) return;
          expect(readLabJson((json.value as { content: string }).content)).toEqual({
            ok: true,
            lab: saved.value,
          });
          // the CSV has one line per run whatever the names hold
          const csv = labCsv(saved.value as Parameters<typeof labCsv>[0]);
          expect(csv.length).toBeGreaterThan(0);
        },
      ),
      {
        numRuns: 60,
        // valid plans first, so the saving and export path is walked whatever the random draw
        examples: [1, 2, 3, 4].map((n): [LabPlanInput] => [
          {
            rows: [{ connectionId: app.connectionId, format: 'chat', model: 'gpt-5-mini' }],
            prompt: `example ${n}`,
            outputTokens: 5 * n,
            runs: 1,
            concurrency: 2,
            name: undefined,
          },
        ]),
      },
    );
    figures.speedLabsMeasured = measured;
    // the arbitraries lean to valid plans, so the saving and export path is walked, not only the refusals
    expect(measured).toBeGreaterThan(3);
    await fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (text) => {
        const read = readLabJson(text);
        expect(read.ok === true || read.message.length > 3).toBe(true);
      }),
    );
  });
});
