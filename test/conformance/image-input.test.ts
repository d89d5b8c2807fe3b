// The opt-in image-input probe: each text format is sent a tiny PNG in a user turn, and the report says
// (as info: the spec is silent on input images) whether the service took it, or what it answered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  runConformance,
  type ConformanceOptions,
  type ConformanceReport,
} from '../../electron/conformance/index.ts';
import { PROBE_PNG } from '../../electron/conformance/image-input.ts';
import { sniffImage } from '../../electron/core/index.ts';
import { readImageInfo } from '../../electron/simulator/attachments/image-size.ts';
import { SANDBOX_KEY, startSimulator, type RunningSimulator } from '../../electron/simulator/index.ts';

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(() => sim.close());

const FORMATS = ['chat', 'responses', 'messages', 'generate'] as const;

function check(opts: Partial<ConformanceOptions> = {}): Promise<ConformanceReport> {
  return runConformance({ baseUrl: sim.baseUrl, keys: { default: SANDBOX_KEY }, timeoutMs: 10_000, ...opts });
}

function imageInput(report: ConformanceReport, format: string) {
  return report.results.find((r) => r.id === `${format}.image-input`);
}

/** A fetch that answers the image probes of `formats` itself (`answer`), and passes everything else on. */
function intercepting(formats: readonly string[], answer: () => Promise<Response>): typeof fetch {
  return ((input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    const probe = typeof init?.body === 'string' && init.body.includes(PROBE_PNG.base64);
    if (
      probe &&
      formats.some((f) => url.includes(f === 'chat' ? '/chat/' : f === 'generate' ? ':generate' : `/${f}`))
    ) {
      return answer();
    }
    return fetch(input, init);
  }) as typeof fetch;
}

describe('the probe image', () => {
  it('is a valid 2x2 PNG to the client core and to the simulator alike', () => {
    const bytes = Buffer.from(PROBE_PNG.base64, 'base64');
    expect(bytes.length).toBe(79);
    expect(readImageInfo(bytes)).toEqual({ mimeType: 'image/png', width: 2, height: 2 });
    expect(sniffImage(bytes)).toMatchObject({ format: 'png', width: 2, height: 2 });
  });
});

describe('against the simulator', () => {
  it('is not sent unless asked for', async () => {
    const report = await check();
    expect(report.results.filter((r) => r.id.endsWith('.image-input'))).toEqual([]);
  });

  it('reports each text format as accepting the image, quoting the reply, and changes no other verdict', async () => {
    const report = await check({ attachments: true });
    for (const format of FORMATS) {
      const result = imageInput(report, format);
      expect(result?.status, format).toBe('info');
      expect(result?.name).toBe('Image input');
      expect(result?.detail).toMatch(/^accepted: sent a 2x2 PNG as .+; HTTP 200 in \d+ ms; the reply: ".*"$/);
      expect(result?.detail).toContain('Received 1 attachment: image/png 2x2 (79 bytes).');
    }
    expect(imageInput(report, 'chat')?.detail).toContain('an image_url part with a data URL');
    expect(imageInput(report, 'responses')?.detail).toContain('an input_image part with a data URL');
    expect(imageInput(report, 'messages')?.detail).toContain('an image block with a base64 source');
    expect(imageInput(report, 'generate')?.detail).toContain('an inlineData part');
    expect(report.summary.fail).toBe(0);
    expect(report.summary.warn).toBe(0);
    // The probe comes after the format's other checks, inside its group.
    const ids = report.results.map((r) => r.id);
    expect(ids.indexOf('chat.image-input')).toBeGreaterThan(ids.indexOf('chat.stream'));
    expect(ids.indexOf('chat.image-input')).toBeLessThan(ids.indexOf('responses.auth'));
  });

  it('quotes the refusal of a service that does not take images, still as info', async () => {
    const refuse = (): Promise<Response> =>
      Promise.resolve(
        new Response(
          JSON.stringify({
            error: {
              message: 'Image input is not supported by this model.',
              type: 'invalid_request_error',
              param: null,
              code: null,
            },
          }),
          { status: 400, headers: { 'content-type': 'application/json' } },
        ),
      );
    const report = await check({ attachments: true, fetch: intercepting(['chat'], refuse) });
    expect(imageInput(report, 'chat')).toMatchObject({
      status: 'info',
      detail:
        'not accepted: sent a 2x2 PNG as an image_url part with a data URL; the service answered HTTP 400 (invalid_request_error): Image input is not supported by this model.',
    });
    expect(imageInput(report, 'responses')?.detail).toMatch(/^accepted:/);
    expect(report.summary.fail).toBe(0);
  });

  it('says it could not tell when the probe got no answer', async () => {
    const cut = (): Promise<Response> => Promise.reject(new TypeError('fetch failed'));
    const report = await check({ attachments: true, fetch: intercepting(['messages'], cut) });
    expect(imageInput(report, 'messages')).toMatchObject({
      status: 'info',
      detail: expect.stringMatching(
        /^could not tell: sent a 2x2 PNG as an image block with a base64 source; got no answer/,
      ),
    });
  });

  it('does not probe a format whose text request failed', async () => {
    const report = await check({ attachments: true, models: { generate: 'no-such-model' } });
    expect(imageInput(report, 'generate')).toMatchObject({
      status: 'info',
      detail: 'not checked: the text request did not succeed',
    });
  });
});
