// The conformance checker against the simulator: all pass when it follows the spec, and each deliberate
// deviation (a simulator quirk) caught by the right check, with the others unchanged.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  reportToMarkdown,
  reportToTable,
  runConformance,
  summaryLine,
  type CheckResult,
  type ConformanceOptions,
  type ConformanceReport,
} from '../../electron/conformance/index.ts';
import {
  DEFAULT_QUIRKS,
  DEFAULT_SIM_KEYS,
  SANDBOX_KEY,
  startSimulator,
  type RunningSimulator,
  type SimQuirks,
} from '../../electron/simulator/index.ts';

let sim: RunningSimulator;
let baseline: ConformanceReport;

beforeAll(async () => {
  sim = await startSimulator();
  baseline = await check({ images: true });
});
afterEach(() => sim.setQuirks(DEFAULT_QUIRKS));
afterAll(() => sim.close());

function check(opts: Partial<ConformanceOptions> = {}): Promise<ConformanceReport> {
  return runConformance({ baseUrl: sim.baseUrl, keys: { default: SANDBOX_KEY }, timeoutMs: 10_000, ...opts });
}

function byId(report: ConformanceReport): Map<string, CheckResult> {
  return new Map(report.results.map((r) => [r.id, r]));
}

function notPassing(report: ConformanceReport): Record<string, string> {
  return Object.fromEntries(report.results.filter((r) => r.status !== 'pass').map((r) => [r.id, r.status]));
}

// Informational lines every full run has: they describe, they do not judge.
const ALWAYS_INFO = {
  'addresses.root': 'info',
  ...Object.fromEntries(
    ['models', 'chat', 'responses', 'images', 'messages', 'generate'].map((i) => [`addresses.${i}`, 'info']),
  ),
  'models.count': 'info',
  'generate.key-placement': 'info',
  'generate.text-signature': 'info',
  'images.adjusted': 'info',
  'images.edits': 'info',
  // with images: whether the responses image tool and generate content's image output are offered
  'responses.image-tool': 'info',
  'generate.image-output': 'info',
};

describe('a service whose image generation fails', () => {
  it('says image edits were not checked, as information', async () => {
    sim.faults.add({ kind: 'status', status: 404, message: 'No such path', match: { interface: 'images' } });
    // the generation takes the fault: there is nothing to edit, and the report says so
    const report = await check({ images: true });
    expect(byId(report).get('images.edits')).toMatchObject({
      status: 'info',
      detail: expect.stringMatching(/not checked/),
    });
  });
});

describe('a service that makes no images in a conversation', () => {
  it('says the image tool and image output are not offered, with what it answered', async () => {
    sim.faults.add({
      kind: 'status',
      status: 400,
      message: "Tool 'image_generation' is not supported",
      match: { interface: 'responses', bodyIncludes: 'image_generation' },
    });
    sim.faults.add({
      kind: 'status',
      status: 400,
      message: 'Multi-modal output is not supported.',
      match: { interface: 'generate', bodyIncludes: 'IMAGE' },
    });
    const results = byId(await check({ images: true }));
    expect(results.get('responses.image-tool')).toMatchObject({
      status: 'info',
      detail: expect.stringMatching(
        /^not offered: asked tools: .*HTTP 400.*image_generation' is not supported/,
      ),
    });
    expect(results.get('generate.image-output')).toMatchObject({
      status: 'info',
      detail: expect.stringMatching(/^not offered: .*HTTP 400.*Multi-modal output is not supported/),
    });
    // the text requests were untouched
    expect(results.get('responses.status')?.status).toBe('pass');
  });

  it('without the images option sends no image request', async () => {
    const results = byId(await check({ images: false }));
    expect(results.has('responses.image-tool')).toBe(false);
    expect(results.has('generate.image-output')).toBe(false);
  });
});

describe('a service that answers a probe with a huge body', () => {
  it('is read no further than the probe limit and reported, not held whole', async () => {
    sim.faults.add({ kind: 'bigBody', bytes: 48 * 1024 * 1024, match: { interface: 'chat', stream: false } });
    const report = await check({ images: false });
    const messages = report.results.filter((r) => r.id.startsWith('chat.')).map((r) => r.detail);
    expect(messages.join(' ')).toMatch(/larger than 34 MB, more than a probe reads/);
  });
});

describe('against the simulator as it follows the spec', () => {
  it('passes every check, with images, and reports each interface', () => {
    expect(notPassing(baseline)).toEqual(ALWAYS_INFO);
    expect(baseline.summary.fail).toBe(0);
    expect(baseline.summary.warn).toBe(0);
    const ids = baseline.results.map((r) => r.id);
    for (const id of [
      'addresses.reachable',
      'addresses.doubled-path',
      'models.list',
      'models.shape',
      ...['chat', 'responses', 'messages', 'generate'].flatMap((g) =>
        ['auth', 'status', 'fields', 'text', 'usage', 'stream'].map((c) => `${g}.${c}`),
      ),
      'messages.version-required',
      'messages.max-tokens-required',
      'generate.thoughts',
      'generate.signature',
      'generate.replay',
      'generate.text-signature',
      'generate.signature-enforced',
      'images.fields',
      'images.decode',
      'images.size',
      'images.usage',
      'errors.bearer',
      'errors.messages',
      'errors.generate',
    ]) {
      expect(ids).toContain(id);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('says what it checked in one line per result', () => {
    const results = byId(baseline);
    expect(results.get('chat.fields')?.detail).toMatch(/all 13 fields of spec §2\.3/);
    expect(results.get('chat.usage')?.detail).toMatch(
      /prompt_tokens \d+ \+ completion_tokens \d+ = total_tokens \d+/,
    );
    expect(results.get('chat.status')?.detail).toMatch(/model gpt-5-mini \(first gpt-\* model in the list\)/);
    expect(results.get('messages.status')?.detail).toMatch(/model claude-/);
    expect(results.get('generate.status')?.detail).toMatch(/model gemini-/);
    expect(results.get('images.size')?.detail).toMatch(/1024x1024/);
    // the spec is silent on edits: whether they are offered is information, with what came back
    expect(results.get('images.edits')?.detail).toMatch(
      /^offered: POST .*\/v1\/images\/edits answered 200 with a PNG of 1024x1024$/,
    );
    // beyond the spec: image making in a conversation, as information with what came back
    expect(results.get('responses.image-tool')?.detail).toMatch(
      /^offered: HTTP 200 in [\d.]+ m?s with an image_generation_call item holding a PNG of 1024x1024$/,
    );
    expect(results.get('generate.image-output')?.detail).toMatch(
      /^offered: HTTP 200 in [\d.]+ m?s with an inlineData part \(image\/png, signed \(thoughtSignature\)\) holding a PNG of \d+x\d+$/,
    );
    // as the public service: text-part signatures are not checked, function-call ones are
    expect(results.get('generate.text-signature')?.detail).toMatch(
      /text part lost its thoughtSignature is accepted \(HTTP 200\)/,
    );
    expect(results.get('generate.signature-enforced')?.detail).toMatch(
      /function call lost its signature is refused: HTTP 400/,
    );
    expect(results.get('addresses.generate')?.detail).toMatch(/\/v1beta\/models\/\{model\}:generateContent$/);
    for (const r of baseline.results) expect(r.detail).not.toMatch(/\n/);
  });

  it('runs within a few seconds and streams results in report order', async () => {
    const seen: CheckResult[] = [];
    const report = await check({ onResult: (r) => seen.push(r) });
    expect(seen).toEqual(report.results);
    expect(report.durationMs).toBeLessThan(5000);
    expect(byId(report).get('images.skipped')?.status).toBe('info');
  });

  it('uses the models the user names', async () => {
    const report = await check({
      models: { chat: 'gpt-4.1', messages: 'claude-haiku-4-5', generate: 'gemini-2.5-flash' },
    });
    const results = byId(report);
    expect(results.get('chat.status')?.detail).toMatch(/model gpt-4\.1 \(as asked\)/);
    expect(results.get('responses.status')?.detail).toMatch(/model gpt-4\.1 \(as asked\)/);
    expect(results.get('messages.status')?.detail).toMatch(/model claude-haiku-4-5 \(as asked\)/);
    expect(results.get('generate.status')?.detail).toMatch(/gemini-2\.5-flash:generateContent/);
    expect(report.summary.fail).toBe(0);
  });

  it('fails the format whose named model the service does not know, with the service message', async () => {
    const report = await check({ models: { messages: 'no-such-model' } });
    const results = byId(report);
    expect(results.get('messages.status')).toMatchObject({
      status: 'fail',
      detail: expect.stringMatching(
        /expected HTTP 200 .* model no-such-model \(as asked; not in this key's model list\); got HTTP 404 \(not_found_error\): The model 'no-such-model' does not exist/,
      ),
    });
    expect(results.get('messages.auth')?.status).toBe('pass');
    expect(results.get('messages.fields')).toMatchObject({
      status: 'info',
      detail: expect.stringMatching(/not checked/),
    });
    expect(results.get('chat.status')?.status).toBe('pass');
  });
});

interface QuirkCase {
  name: string;
  quirks: Partial<SimQuirks>;
  images?: boolean;
  /** The checks that change, with their status and a piece of their detail. */
  expect: Record<string, [CheckResult['status'], RegExp]>;
}

const QUIRK_CASES: QuirkCase[] = [
  {
    name: 'a chat completion without service_tier',
    quirks: { omitField: 'chat.service_tier' },
    expect: {
      'chat.fields': ['fail', /^chat completion: field "service_tier" is missing \(spec: a string\)$/],
    },
  },
  {
    name: 'choices without finish_reason, plain and streamed',
    quirks: { omitField: 'chat.choices.finish_reason' },
    expect: {
      'chat.fields': ['fail', /field "choices\[0\]\.finish_reason" is missing/],
      'chat.stream': ['fail', /expected a last choice chunk with finish_reason; none had one/],
    },
  },
  {
    name: 'output items of a response without status',
    quirks: { omitField: 'responses.output.status' },
    expect: { 'responses.fields': ['fail', /^response object: field "output\[0\]\.status" is missing/] },
  },
  {
    name: 'a response without status, plain and streamed',
    quirks: { omitField: 'responses.status' },
    expect: {
      'responses.fields': ['fail', /field "status" is missing/],
      'responses.stream': ['fail', /response\.completed carries status undefined; expected "completed"/],
    },
  },
  {
    name: 'a message without usage.inference_geo',
    quirks: { omitField: 'messages.usage.inference_geo' },
    expect: { 'messages.fields': ['fail', /^message: field "usage\.inference_geo" is missing/] },
  },
  {
    name: 'a generate-content result without modelVersion',
    quirks: { omitField: 'generate.modelVersion' },
    expect: { 'generate.fields': ['fail', /^generate-content result: field "modelVersion" is missing/] },
  },
  {
    name: 'model entries without object',
    quirks: { omitField: 'models.data.object' },
    expect: { 'models.shape': ['fail', /^model list: field "data\[0\]\.object" is missing/] },
  },
  {
    name: 'an image result without generation_id',
    quirks: { omitField: 'images.data.generation_id' },
    images: true,
    expect: { 'images.fields': ['fail', /field "data\[0\]\.generation_id" is missing/] },
  },
  {
    name: 'a wrong object constant',
    quirks: { wrongObjectConstant: true },
    expect: {
      'chat.fields': [
        'fail',
        /^chat completion: field "object" should be "chat\.completion", got "chat\.completions"$/,
      ],
      'chat.stream': [
        'fail',
        /chunk field "object" should be "chat\.completion\.chunk", got "chat\.completions\.chunk"/,
      ],
    },
  },
  {
    name: 'a service that answers doubled paths',
    quirks: { acceptDoubledPath: true },
    expect: {
      'addresses.doubled-path': ['warn', /v1\/v1\/models; got HTTP 200 .*also answers doubled paths/],
    },
  },
  {
    name: 'signatures issued but not enforced',
    quirks: { ignoreSignatures: true },
    expect: {
      'generate.signature-enforced': [
        'warn',
        /functionCall part lost its thoughtSignature to be refused \(HTTP 400\); got HTTP 200: signatures are not enforced/,
      ],
    },
  },
  {
    name: 'no signatures issued',
    quirks: { noSignatures: true },
    expect: {
      'generate.signature': ['warn', /expected a thoughtSignature .*none signed/],
      'generate.text-signature': ['info', /not checked: no signature was issued/],
      'generate.signature-enforced': [
        'info',
        /not checked: the reply called a function without a thoughtSignature/,
      ],
    },
  },
  {
    name: 'an image whose reported size is not its real size',
    quirks: { misreportImageSize: true },
    images: true,
    expect: {
      'images.size': [
        'fail',
        /expected the reported size to be the real size 1024x1024; got size "512x512" and data\[0\]\.size "512x512"/,
      ],
    },
  },
  {
    name: 'a lenient messages endpoint (information, not failure)',
    quirks: { lenientMessages: true },
    expect: {
      'messages.version-required': [
        'info',
        /^lenient: .* accepted a request without the anthropic-version header/,
      ],
      'messages.max-tokens-required': ['info', /^lenient: .* accepted a request without max_tokens/],
    },
  },
  {
    name: 'usage totals that do not add up',
    quirks: { usageMismatch: true },
    images: true,
    expect: {
      'chat.usage': [
        'warn',
        /expected usage\.total_tokens = prompt_tokens \+ completion_tokens = \d+ \+ \d+ = (\d+); got \d+/,
      ],
      'responses.usage': [
        'warn',
        /expected usage\.total_tokens = input_tokens \+ output_tokens = .*; got \d+/,
      ],
      'generate.usage': [
        'warn',
        /expected usageMetadata\.totalTokenCount = promptTokenCount \+ candidatesTokenCount = .*; got \d+/,
      ],
      'images.usage': ['warn', /expected usage\.total_tokens = input_tokens \+ output_tokens = .*; got \d+/],
    },
  },
];

describe('against the simulator configured to misbehave', () => {
  it.each(QUIRK_CASES)('catches $name in the right check', async (c) => {
    sim.setQuirks(c.quirks);
    const report = await check({ images: c.images ?? false });
    const results = byId(report);
    for (const [id, [status, detail]] of Object.entries(c.expect)) {
      expect(results.get(id), id).toMatchObject({ status, detail: expect.stringMatching(detail) });
    }
    // Every other check ends as it does against the well-behaved simulator.
    const expected = byId(baseline);
    for (const r of report.results) {
      if (r.id in c.expect || r.id === 'images.skipped') continue;
      expect(r.status, `${r.id}: ${r.detail}`).toBe(expected.get(r.id)?.status);
    }
  });
});

describe('addresses, keys and runs', () => {
  it('fails our own final addresses when the base address doubles a segment', async () => {
    const report = await check({ baseUrl: `${sim.baseUrl}/v1/v1` });
    const results = byId(report);
    expect(results.get('addresses.root')?.detail).toMatch(
      /root http:\/\/127\.0\.0\.1:\d+\/v1 \(derived from/,
    );
    expect(results.get('addresses.chat')).toMatchObject({
      status: 'fail',
      detail: expect.stringMatching(
        /expected no doubled path segment; got POST http:.*\/v1\/v1\/chat\/completions/,
      ),
    });
    expect(results.get('addresses.generate')?.status).toBe('fail');
    expect(results.get('models.list')?.status).toBe('fail');
  });

  it('accepts every form of base address users paste', async () => {
    for (const base of [`${sim.baseUrl}/`, `${sim.baseUrl}/v1`, `${sim.baseUrl}/v1beta/`]) {
      const report = await runConformance({ baseUrl: base, keys: { default: SANDBOX_KEY } });
      expect(report.root).toBe(sim.baseUrl);
      expect(report.summary.fail, base).toBe(0);
    }
  });

  it('refuses an unusable base address and stops there', async () => {
    const report = await check({ baseUrl: 'ftp://example.com' });
    expect(report.results).toEqual([
      expect.objectContaining({
        id: 'addresses.root',
        status: 'fail',
        detail: expect.stringMatching(/http:\/\/ or https:\/\//),
      }),
    ]);
  });

  it('stops after reachability when nothing answers', async () => {
    const refused: typeof fetch = () =>
      Promise.reject(
        new TypeError('fetch failed', {
          cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
        }),
      );
    const report = await check({ fetch: refused });
    expect(report.results.map((r) => r.id)).toEqual(['addresses.root', 'addresses.reachable']);
    expect(report.results[1]).toMatchObject({ status: 'fail', detail: expect.stringMatching(/refused/) });
  });

  it("lists models per key group and picks each format its maker's model", async () => {
    const report = await check({
      keys: { bearer: 'sim-bearer-key', messages: 'sim-messages-key', generate: 'sim-generate-key' },
    });
    const results = byId(report);
    expect(results.get('models.count.bearer')?.detail).toMatch(/^7 models/);
    expect(results.get('models.count.messages')?.detail).toMatch(
      /^2 models .*claude-sonnet-4-5, claude-haiku-4-5$/,
    );
    expect(results.get('models.count.generate')?.detail).toMatch(/^2 models .*gemini-/);
    expect(results.get('models.list.generate')?.detail).toMatch(/\?key=… answered HTTP 200/);
    expect(report.summary.fail + report.summary.warn).toBe(0);
  });

  it('skips a family without a key as information', async () => {
    const report = await check({ keys: { messages: 'sim-messages-key' } });
    const results = byId(report);
    for (const group of ['chat', 'responses', 'generate']) {
      expect(results.get(`${group}.skipped`)).toMatchObject({
        status: 'info',
        detail: expect.stringMatching(/^skipped: no key/),
      });
    }
    expect(results.get('messages.fields')?.status).toBe('pass');
    expect(report.summary.fail).toBe(0);
  });

  it('with a wrong key, passes nothing that needed it and leads the summary with the refusal', async () => {
    const report = await check({ keys: { default: 'not-the-sandbox-key' } });
    expect(report.cause).toMatch(/^The key was refused: GET .*\/v1\/models answered HTTP 401/);
    expect(summaryLine(report).startsWith(report.cause ?? '-')).toBe(true);
    const passing = report.results.filter((r) => r.status === 'pass').map((r) => r.id);
    // Only what a wrong key cannot fake: the service answers, and refuses wrong keys properly.
    expect(
      passing.every((id) => /^(addresses\.(reachable|doubled-path)|errors\.)/.test(id)),
      passing.join(),
    ).toBe(true);
    for (const iface of ['chat', 'responses', 'messages', 'generate', 'models']) {
      expect(byId(report).get(`addresses.${iface}`)?.status).toBe('info');
    }
    for (const group of ['chat', 'responses', 'messages', 'generate']) {
      expect(byId(report).get(`${group}.skipped`)?.detail).toBe(
        'skipped: the key was refused (see Model list)',
      );
    }
    expect(reportToMarkdown(report)).toContain(`FAILED: The key was refused`);
  });

  it('names only the family whose key was refused when the others work', async () => {
    const report = await check({ keys: { default: SANDBOX_KEY, messages: 'wrong-messages-key' } });
    expect(report.cause).toMatch(/^The messages key was refused/);
    expect(byId(report).get('chat.text')?.status).toBe('pass');
    expect(byId(report).get('messages.skipped')?.status).toBe('info');
  });

  it("points to the app's own controls, not command-line flags, when the app runs it", async () => {
    const emptyList: typeof fetch = async (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.endsWith('/v1/models')) return Response.json({ object: 'list', data: [] });
      return fetch(input, init);
    };
    for (const surface of ['app', 'cli'] as const) {
      const report = await check({ fetch: emptyList, surface });
      const details = report.results.filter((r) => r.id.endsWith('.skipped')).map((r) => r.detail);
      expect(details).toHaveLength(5);
      if (surface === 'app') {
        expect(details.join('\n')).not.toMatch(/--/);
        expect(details).toContain(
          "skipped: no text model in the list; choose one in the Messages tab's model field, then check again",
        );
        expect(details).toContain(
          'skipped: generating an image costs one: tick "Include image generation" to check it',
        );
      } else {
        expect(details).toContain('skipped: no text model in the list; name one with --model-messages');
      }
    }
  });

  it('reports, as information, where the service takes the generate-content key', () => {
    expect(byId(baseline).get('generate.key-placement')).toMatchObject({
      status: 'info',
      detail: expect.stringMatching(/^the key is taken both as \?key= and in the x-goog-api-key header/),
    });
  });

  it('checks the responses format with its own model when one is named', async () => {
    const report = await check({ models: { chat: 'gpt-5-mini', responses: 'no-such-model' } });
    expect(byId(report).get('chat.status')?.status).toBe('pass');
    expect(byId(report).get('responses.status')?.status).toBe('fail');
  });

  it('resolves with the results so far when stopped', async () => {
    const stop = new AbortController();
    const report = await check({
      signal: stop.signal,
      onResult: (r) => {
        if (r.id === 'chat.status') stop.abort();
      },
    });
    const ids = report.results.map((r) => r.id);
    expect(ids).toContain('chat.status');
    expect(ids).not.toContain('responses.status');
    expect(ids.at(-1)?.startsWith('chat.')).toBe(true);
  });
});

describe('keys never leave the checker', () => {
  const CANARY = 'canary-key-7f3a9c2e51d04b86';

  it('redacts the key from results, JSON, Markdown and the table, even when the service echoes it', async () => {
    const canarySim = await startSimulator({
      keys: [...DEFAULT_SIM_KEYS, { key: CANARY, families: ['bearer', 'messages', 'generate'] }],
    });
    try {
      // A service that quotes the key back in an error message, in raw and URL-encoded form.
      const echoing: typeof fetch = async (input, init) => {
        const url = String(input);
        if (url.includes('/v1/responses')) {
          const body = JSON.stringify({
            error: {
              message: `Key ${CANARY} (${encodeURIComponent(CANARY)}) is over quota`,
              type: 'x',
              param: null,
              code: null,
            },
          });
          return new Response(body, { status: 401, headers: { 'content-type': 'application/json' } });
        }
        return fetch(input, init);
      };
      const report = await runConformance({
        baseUrl: canarySim.baseUrl,
        keys: { default: ` ${CANARY} ` },
        images: true,
        fetch: echoing,
      });
      expect(byId(report).get('responses.auth')).toMatchObject({
        status: 'fail',
        detail: expect.stringMatching(/Key ••••4b86 \(••••4b86\) is over quota/),
      });
      expect(byId(report).get('chat.fields')?.status).toBe('pass');
      for (const text of [
        JSON.stringify(report),
        reportToMarkdown(report),
        reportToTable(report, { color: true, width: 100 }),
      ]) {
        expect(text).not.toContain(CANARY);
        expect(text).not.toContain(CANARY.slice(0, 20));
      }
    } finally {
      await canarySim.close();
    }
  });
});
