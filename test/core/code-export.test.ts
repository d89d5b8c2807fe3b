// "Copy as code": the snippets are checked as text (Python: the CI machine may have no python3) and the Node
// and fetch ones are run with `node` against the simulator and against a recorder that keeps the request.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE64_PLACEHOLDER, toCode, type CodeLanguage } from '../../shared/code-export.ts';
import { toCurl } from '../../shared/curl.ts';
import type { Exchange } from '../../shared/exchange.ts';
import type { Interface } from '../../shared/formats.ts';
import { SANDBOX_KEY, simulatedReply, startSimulator } from '../../electron/simulator/index.ts';
import type { RunningSimulator } from '../../electron/simulator/index.ts';

const run = promisify(execFile);
const REPO = join(import.meta.dirname, '..', '..');
const RECORDED_BASE = 'http://svc.example:9/prefix';

function exchange(iface: Interface, path: string, body: unknown, streamed = false): Exchange {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (iface === 'messages') {
    headers['x-api-key'] = '••••abcd';
    headers['anthropic-version'] = '2023-06-01';
  } else if (iface !== 'generate') headers['Authorization'] = 'Bearer ••••abcd';
  return {
    id: 'x',
    interface: iface,
    method: body === undefined ? 'GET' : 'POST',
    url: `${RECORDED_BASE}${path}`,
    requestHeaders: headers,
    ...(body === undefined ? {} : { requestBody: JSON.stringify(body) }),
    streamed,
    attempts: 1,
    startedAt: 0,
    timings: {},
  };
}

/** One exchange per text format, the way the core records them; the prompt makes each reply distinct. */
function textExchange(
  iface: 'chat' | 'responses' | 'messages' | 'generate',
  prompt: string,
  stream: boolean,
) {
  switch (iface) {
    case 'chat':
      return exchange(
        'chat',
        '/v1/chat/completions',
        {
          model: 'gpt-4.1',
          messages: [{ role: 'user', content: prompt }],
          ...(stream ? { stream: true, stream_options: { include_usage: true } } : {}),
        },
        stream,
      );
    case 'responses':
      return exchange(
        'responses',
        '/v1/responses',
        { model: 'gpt-5-mini', input: prompt, ...(stream ? { stream: true } : {}) },
        stream,
      );
    case 'messages':
      return exchange(
        'messages',
        '/v1/messages',
        {
          model: 'claude-haiku-4-5',
          max_tokens: 200,
          messages: [{ role: 'user', content: prompt }],
          ...(stream ? { stream: true } : {}),
        },
        stream,
      );
    case 'generate':
      return exchange(
        'generate',
        `/v1beta/models/gemini-2.5-flash:${stream ? 'streamGenerateContent?alt=sse&key=••••abcd' : 'generateContent?key=••••abcd'}`,
        {
          contents: [{ role: 'user', parts: [{ text: prompt }] }],
          generationConfig: { temperature: 0.5, maxOutputTokens: 300 },
        },
        stream,
      );
  }
}

const MODEL = {
  chat: 'gpt-4.1',
  responses: 'gpt-5-mini',
  messages: 'claude-haiku-4-5',
  generate: 'gemini-2.5-flash',
};

/** A request body whose keys are special to JavaScript objects; JSON.parse keeps them all as own keys. */
const HOSTILE_KEYS_BODY: unknown = JSON.parse(
  '{"model":"gpt-4.1","messages":[{"role":"user","content":"wire"}],"__proto__":{"polluted":true},' +
    '"constructor":{"prototype":{"x":1}},"prototype":null,"metadata":{"__proto__":"s","constructor":"c"}}',
);

/** The JSON held by the n-th `json.loads(r"""…""")` of a Python snippet. */
function pyJson(python: string, n = 0): unknown {
  const bodies = [...python.matchAll(/json\.loads\(r"""\n([\s\S]*?)\n"""\)/g)];
  const found = bodies[n]?.[1];
  if (found === undefined) throw new Error(`no json.loads body #${n} in:\n${python}`);
  return JSON.parse(found);
}

let dir: string;
beforeAll(async () => {
  // Inside node_modules' parent so that the snippets' bare imports resolve to the repo's libraries.
  dir = await mkdtemp(join(REPO, 'node_modules', '.code-export-test-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

let counter = 0;
async function runNode(code: string, env: Record<string, string>): Promise<string> {
  const file = join(dir, `snippet-${++counter}.mjs`);
  await writeFile(file, code);
  const { stdout } = await run(process.execPath, [file], {
    cwd: REPO,
    // Only what the snippet is meant to read: no ANTHROPIC_* or proxy settings of the developer's machine.
    env: { PATH: process.env['PATH'] ?? '', ...env },
    timeout: 60_000,
  });
  return stdout;
}

describe('toCode as text', () => {
  const formats = ['chat', 'responses', 'messages', 'generate'] as const;

  it.each(formats)('%s: no key in any snippet, the CLI variable names in all', (iface) => {
    const x = textExchange(iface, 'hi', false);
    const family = { chat: 'CHAT', responses: 'CHAT', messages: 'MESSAGES', generate: 'GENERATE' }[iface];
    for (const [lang, code] of Object.entries(toCode(x))) {
      expect(code, lang).not.toContain('••••');
      expect(code, lang).not.toContain('abcd');
      expect(code, lang).toContain('QUARTET_BASE_URL');
      expect(code, lang).toContain('QUARTET_API_KEY');
      expect(code, lang).toContain(`QUARTET_${family}_API_KEY`);
      expect(code, lang).toContain(RECORDED_BASE);
    }
  });

  it('Python: the exact base address per client kind, headers and body', () => {
    const chat = toCode(textExchange('chat', 'hi', true)).python;
    expect(chat).toContain('client = OpenAI(api_key=KEY, base_url=f"{BASE_URL}/v1")');
    expect(chat).toContain(
      'BASE_URL = os.environ.get("QUARTET_BASE_URL", "http://svc.example:9/prefix").rstrip("/")',
    );
    expect(chat).toContain('KEY = os.environ.get("QUARTET_CHAT_API_KEY") or os.environ["QUARTET_API_KEY"]');
    expect(pyJson(chat)).toEqual(JSON.parse(textExchange('chat', 'hi', true).requestBody ?? ''));

    const responses = toCode(textExchange('responses', 'hi', false)).python;
    expect(responses).toContain('base_url=f"{BASE_URL}/v1"');
    expect(responses).toContain('client.responses.create(**body)');

    const messages = toCode(textExchange('messages', 'hi', false)).python;
    expect(messages).toContain('    base_url=BASE_URL,\n');
    expect(messages).toContain('default_headers={"x-api-key": KEY, "anthropic-version": "2023-06-01"}');
    expect(messages).toContain(
      'KEY = os.environ.get("QUARTET_MESSAGES_API_KEY") or os.environ["QUARTET_API_KEY"]',
    );
    expect(pyJson(messages)).toEqual(JSON.parse(textExchange('messages', 'hi', false).requestBody ?? ''));

    const generate = toCode(textExchange('generate', 'hi', true)).python;
    expect(generate).toContain('base_url=f"{BASE_URL}/v1beta",\n        api_version="",');
    expect(generate).toContain('request.url = request.url.copy_merge_params({"key": KEY})');
    expect(generate).toContain('request.headers.pop("x-goog-api-key", None)');
    expect(generate).toContain('model = "gemini-2.5-flash"');
    expect(generate).toContain('generate_content_stream(');
    expect(pyJson(generate, 0)).toEqual([{ role: 'user', parts: [{ text: 'hi' }] }]);
    expect(pyJson(generate, 1)).toEqual({ temperature: 0.5, maxOutputTokens: 300 });
  });

  it('a body with quotes, backslashes and """ survives the Python raw string', () => {
    const prompt = 'say """ and \\ and \\" and \u2028 end\\';
    const python = toCode(textExchange('chat', prompt, false)).python;
    expect(pyJson(python)).toEqual({ model: 'gpt-4.1', messages: [{ role: 'user', content: prompt }] });
  });

  it('a body with __proto__, constructor and prototype keys is the same body in every language', () => {
    // A JavaScript literal `{"__proto__": …}` sets a prototype instead of a key: the program sent less.
    const x = exchange('chat', '/v1/chat/completions', HOSTILE_KEYS_BODY);
    const code = toCode(x);
    for (const lang of ['node', 'fetch'] as const) {
      const literal = /const body = (\{[\s\S]*?\n\});/.exec(code[lang])?.[1];
      expect(literal, lang).toBeDefined();
      const value: unknown = new Function(`return ${literal ?? ''};`)();
      expect(JSON.stringify(value), lang).toBe(x.requestBody);
    }
    expect(JSON.stringify(pyJson(code.python))).toBe(x.requestBody);
    const curlData = /--data-raw '([\s\S]*)'$/.exec(toCurl(x))?.[1];
    expect(curlData?.replace(/'\\''/g, "'")).toBe(x.requestBody);
  });

  it('generate content: a __proto__ key in the config stays a key in the Node config literal', () => {
    const x = exchange(
      'generate',
      '/v1beta/models/m:generateContent',
      JSON.parse(
        '{"contents":[{"role":"user","parts":[{"text":"hi","__proto__":{"x":1}}]}],' +
          '"generationConfig":{"__proto__":{"a":1},"temperature":1}}',
      ),
    );
    const node = toCode(x).node;
    const config = /const config = (\{[\s\S]*?\n\});/.exec(node)?.[1] ?? '';
    const contents = /const contents = (\[[\s\S]*?\n\]);/.exec(node)?.[1] ?? '';
    expect(JSON.stringify(new Function(`return ${config};`)())).toBe('{"__proto__":{"a":1},"temperature":1}');
    expect(JSON.stringify(new Function(`return ${contents};`)())).toBe(
      '[{"role":"user","parts":[{"text":"hi","__proto__":{"x":1}}]}]',
    );
  });

  it('elided base64 is said in a comment and left as a placeholder, never invented', () => {
    const x = exchange('chat', '/v1/chat/completions', {
      model: 'gpt-4.1',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'what is this' },
            { type: 'image_url', image_url: { url: 'data:image/png;base64,<40000 base64 chars elided>' } },
          ],
        },
      ],
    });
    const code = toCode(x);
    for (const [lang, text] of Object.entries(code) as [CodeLanguage, string][]) {
      expect(text, lang).toContain(`data:image/png;base64,${BASE64_PLACEHOLDER}`);
      expect(text, lang).toMatch(
        /base64 data\n.{1,3}was not kept in the record\. Replace PASTE_BASE64_DATA_HERE/,
      );
      expect(text, lang).not.toContain('elided>');
    }
    expect(toCode(textExchange('chat', 'hi', false)).node).not.toContain(BASE64_PLACEHOLDER);
  });

  it('images and the model list get code too', () => {
    const images = toCode(
      exchange('images', '/v1/images/generations', { model: 'gpt-image-1', prompt: 'a cat', n: 2 }),
    );
    expect(images.node).toContain('client.images.generate(body)');
    expect(images.python).toContain('client.images.generate(**body)');
    expect(pyJson(images.python)).toEqual({ model: 'gpt-image-1', prompt: 'a cat', n: 2 });
    const models = toCode(exchange('models', '/v1/models', undefined));
    expect(models.node).toContain('client.models.list()');
    expect(models.fetch).toContain('method: "GET"');
    expect(models.fetch).not.toContain('body:');
  });

  it('refuses a record it cannot turn into code, saying why', () => {
    expect(() => toCode({ ...textExchange('chat', 'x', false), url: 'not a url' })).toThrow(/is not a URL/);
    expect(() => toCode({ ...textExchange('chat', 'x', false), requestBody: '{"cut' })).toThrow(
      /JSON object body/,
    );
    expect(() => toCode({ ...textExchange('chat', 'x', false), requestBody: '[1]' })).toThrow(
      /JSON object body/,
    );
  });
});

describe('the Node and fetch snippets run against the simulator', () => {
  let sim: RunningSimulator;
  beforeAll(async () => {
    sim = await startSimulator();
  });
  afterAll(() => sim.close());

  const cases = (['chat', 'responses', 'messages', 'generate'] as const).flatMap((iface) =>
    [false, true].flatMap((stream) => (['node', 'fetch'] as const).map((lang) => ({ iface, stream, lang }))),
  );

  it.each(cases)('$iface stream=$stream $lang prints the reply', async ({ iface, stream, lang }) => {
    const prompt = `code export ${iface} ${String(stream)} ${lang}`;
    const code = toCode(textExchange(iface, prompt, stream))[lang];
    const out = await runNode(code, { QUARTET_BASE_URL: sim.baseUrl, QUARTET_API_KEY: SANDBOX_KEY });
    expect(out.trim()).toBe(simulatedReply(prompt, MODEL[iface], 1));
  });

  it('a wrong key fails loudly instead of printing nothing', async () => {
    const code = toCode(textExchange('messages', 'x', false)).node;
    await expect(
      runNode(code, { QUARTET_BASE_URL: sim.baseUrl, QUARTET_MESSAGES_API_KEY: 'not-a-key' }),
    ).rejects.toThrow();
  });

  it('without any key variable the snippet says which to set', async () => {
    const code = toCode(textExchange('chat', 'x', false)).fetch;
    await expect(runNode(code, { QUARTET_BASE_URL: sim.baseUrl })).rejects.toThrow(
      /Set QUARTET_CHAT_API_KEY or QUARTET_API_KEY/,
    );
  });
});

describe('what the snippets put on the wire', () => {
  interface Seen {
    method: string;
    url: string;
    headers: IncomingHttpHeaders;
    body: string;
  }
  let server: Server;
  let base = '';
  const seen: Seen[] = [];
  const REPLY: Record<string, string> = {
    '/v1/chat/completions':
      '{"id":"c","object":"chat.completion","created":1,"model":"m","choices":[{"index":0,"message":{"role":"assistant","content":"ok"},"finish_reason":"stop"}]}',
    '/v1/messages':
      '{"id":"m","type":"message","role":"assistant","model":"m","content":[{"type":"text","text":"ok"}],"stop_reason":"end_turn","usage":{"input_tokens":1,"output_tokens":1}}',
    generate: '{"candidates":[{"content":{"role":"model","parts":[{"text":"ok"}]},"finishReason":"STOP"}]}',
  };
  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        seen.push({
          method: req.method ?? '',
          url: req.url ?? '',
          headers: req.headers,
          body: Buffer.concat(chunks).toString(),
        });
        const path = (req.url ?? '').replace(/^\/base/, '').split('?')[0] ?? '';
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(REPLY[path.startsWith('/v1beta/') ? 'generate' : path] ?? '{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/base`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  async function capture(code: string, env: Record<string, string>): Promise<Seen> {
    seen.length = 0;
    const out = await runNode(code, { QUARTET_BASE_URL: base, ...env });
    expect(out.trim()).toBe('ok');
    expect(seen).toHaveLength(1);
    return seen[0] as Seen;
  }

  it.each(['node', 'fetch'] as const)(
    'messages (%s): x-api-key and 2023-06-01, no Bearer, the body as recorded',
    async (lang) => {
      const x = textExchange('messages', 'wire', false);
      const req = await capture(toCode(x)[lang], {
        QUARTET_API_KEY: 'default-key',
        QUARTET_MESSAGES_API_KEY: 'msg-key',
      });
      expect(req.method).toBe('POST');
      expect(req.url).toBe('/base/v1/messages');
      expect(req.headers['x-api-key']).toBe('msg-key');
      expect(req.headers['anthropic-version']).toBe('2023-06-01');
      expect(req.headers['authorization']).toBeUndefined();
      expect(JSON.parse(req.body)).toEqual(JSON.parse(x.requestBody ?? ''));
    },
  );

  it.each(['node', 'fetch'] as const)(
    'generate (%s): the key in the query only, one /v1beta',
    async (lang) => {
      const x = textExchange('generate', 'wire', false);
      const req = await capture(toCode(x)[lang], { QUARTET_API_KEY: 'g k&y' });
      expect(req.url).toBe('/base/v1beta/models/gemini-2.5-flash:generateContent?key=g+k%26y');
      expect(req.headers['x-goog-api-key']).toBeUndefined();
      expect(req.headers['authorization']).toBeUndefined();
      const sent = JSON.parse(req.body) as Record<string, unknown>;
      expect(sent['contents']).toEqual([{ role: 'user', parts: [{ text: 'wire' }] }]);
      expect(sent['generationConfig']).toEqual({ temperature: 0.5, maxOutputTokens: 300 });
    },
  );

  it.each(['node', 'fetch'] as const)(
    'chat (%s): a body with __proto__, constructor and prototype keys is sent as recorded',
    async (lang) => {
      const x = exchange('chat', '/v1/chat/completions', HOSTILE_KEYS_BODY);
      const req = await capture(toCode(x)[lang], { QUARTET_API_KEY: 'k' });
      expect(req.body.replace(/\s+/g, '')).toBe(x.requestBody);
    },
  );

  it.each(['node', 'fetch'] as const)(
    'chat (%s): Bearer from the family variable at {base}/v1',
    async (lang) => {
      const x = textExchange('chat', 'wire', false);
      const req = await capture(toCode(x)[lang], {
        QUARTET_API_KEY: 'default-key',
        QUARTET_CHAT_API_KEY: 'chat-key',
      });
      expect(req.url).toBe('/base/v1/chat/completions');
      expect(req.headers['authorization']).toBe('Bearer chat-key');
      expect(JSON.parse(req.body)).toEqual(JSON.parse(x.requestBody ?? ''));
    },
  );
});
