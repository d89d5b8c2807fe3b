// Attachments in user turns: every format takes images, PDFs and text files in its vendor's shape,
// describes what the last user turn carried in one exact sentence, and refuses what the real service
// refuses with a 400 in its own error shape.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, simulatedReply } from '../../electron/simulator/index.ts';
import { readImageInfo } from '../../electron/simulator/attachments/image-size.ts';
import { attachmentSentence, decodeBase64Strict } from '../../electron/simulator/attachments/received.ts';
import type { RunningSimulator } from '../../electron/simulator/index.ts';
import { generatePath, jsonEvents, messagesHeaders, post, readSse } from './helpers.ts';
import { gif, jpeg, pdf, png, webpExtended, webpLossless, webpLossy } from './test-images.ts';

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(() => sim.close());

interface Att {
  mime: string;
  name: string;
  bytes: Buffer;
}

interface Turn {
  role: 'user' | 'assistant';
  text: string;
  atts?: Att[];
}

type Json = Record<string, unknown>;

interface FormatCase {
  name: string;
  model: string;
  /** the format carries file names */
  names: boolean;
  request(turns: Turn[], stream: boolean): { path: string; body: Json; headers?: Record<string, string> };
  text(body: Json): string;
  streamText(events: Json[]): string;
  /** the message of a 400 in this format's error shape (fails when the shape is wrong) */
  errorMessage(body: Json): string;
}

const b64 = (b: Buffer): string => b.toString('base64');
const dataUrl = (a: Att): string => `data:${a.mime};base64,${b64(a.bytes)}`;
const isImage = (a: Att): boolean => a.mime.startsWith('image/');

function bearerError(body: Json): string {
  expect(body).toEqual({
    error: {
      message: expect.any(String),
      type: 'invalid_request_error',
      param: expect.anything(),
      code: null,
    },
  });
  return (body['error'] as Json)['message'] as string;
}

const CHAT: FormatCase = {
  name: 'chat',
  model: 'gpt-4.1',
  names: true,
  request: (turns, stream) => ({
    path: '/v1/chat/completions',
    body: {
      model: 'gpt-4.1',
      stream,
      messages: turns.map((t) => ({
        role: t.role,
        content: [
          { type: 'text', text: t.text },
          ...(t.atts ?? []).map((a) =>
            isImage(a)
              ? { type: 'image_url', image_url: { url: dataUrl(a), detail: 'low' } }
              : { type: 'file', file: { filename: a.name, file_data: dataUrl(a) } },
          ),
        ],
      })),
    },
  }),
  text: (body) => ((body['choices'] as Json[])[0]?.['message'] as Json)['content'] as string,
  streamText: (events) =>
    events
      .map((e) => ((e['choices'] as Json[])[0]?.['delta'] as Json | undefined)?.['content'] ?? '')
      .join(''),
  errorMessage: bearerError,
};

const RESPONSES: FormatCase = {
  name: 'responses',
  model: 'gpt-5-mini',
  names: true,
  request: (turns, stream) => ({
    path: '/v1/responses',
    body: {
      model: 'gpt-5-mini',
      stream,
      input: turns.map((t) => ({
        role: t.role,
        content: [
          { type: t.role === 'user' ? 'input_text' : 'output_text', text: t.text },
          ...(t.atts ?? []).map((a) =>
            isImage(a)
              ? { type: 'input_image', image_url: dataUrl(a), detail: 'auto' }
              : { type: 'input_file', filename: a.name, file_data: dataUrl(a) },
          ),
        ],
      })),
    },
  }),
  text: (body) => (((body['output'] as Json[])[0]?.['content'] as Json[])[0]?.['text'] as string) ?? '',
  streamText: (events) =>
    events
      .filter((e) => e['type'] === 'response.output_text.delta')
      .map((e) => e['delta'])
      .join(''),
  errorMessage: bearerError,
};

function messagesBlock(a: Att): Json {
  if (isImage(a))
    return { type: 'image', source: { type: 'base64', media_type: a.mime, data: b64(a.bytes) } };
  if (a.mime === 'application/pdf') {
    return {
      type: 'document',
      source: { type: 'base64', media_type: a.mime, data: b64(a.bytes) },
      title: a.name,
    };
  }
  return {
    type: 'document',
    source: { type: 'text', media_type: a.mime, data: a.bytes.toString('utf8') },
    title: a.name,
  };
}

const MESSAGES: FormatCase = {
  name: 'messages',
  model: 'claude-haiku-4-5',
  names: true,
  request: (turns, stream) => ({
    path: '/v1/messages',
    headers: messagesHeaders(),
    body: {
      model: 'claude-haiku-4-5',
      max_tokens: 1000,
      stream,
      messages: turns.map((t) => ({
        role: t.role,
        content: [{ type: 'text', text: t.text }, ...(t.atts ?? []).map(messagesBlock)],
      })),
    },
  }),
  text: (body) => ((body['content'] as Json[])[0]?.['text'] as string) ?? '',
  streamText: (events) =>
    events
      .filter((e) => e['type'] === 'content_block_delta')
      .map((e) => (e['delta'] as Json)['text'])
      .join(''),
  errorMessage: (body) => {
    expect(body).toEqual({
      type: 'error',
      error: { type: 'invalid_request_error', message: expect.any(String) },
    });
    return (body['error'] as Json)['message'] as string;
  },
};

const GENERATE: FormatCase = {
  name: 'generate',
  model: 'gemini-2.5-flash',
  names: false,
  request: (turns, stream) => ({
    path: generatePath('gemini-2.5-flash', undefined, stream),
    body: {
      contents: turns.map((t) => ({
        role: t.role === 'user' ? 'user' : 'model',
        parts: [
          { text: t.text },
          ...(t.atts ?? []).map((a) => ({ inlineData: { mimeType: a.mime, data: b64(a.bytes) } })),
        ],
      })),
    },
  }),
  text: (body) => candidateText(body),
  streamText: (events) => events.map(candidateText).join(''),
  errorMessage: (body) => {
    expect(body).toEqual({ error: { code: 400, message: expect.any(String), status: 'INVALID_ARGUMENT' } });
    return (body['error'] as Json)['message'] as string;
  },
};

function candidateText(body: Json): string {
  const parts =
    (((body['candidates'] as Json[])[0]?.['content'] as Json | undefined)?.['parts'] as Json[]) ?? [];
  return parts.map((p) => (typeof p['text'] === 'string' ? p['text'] : '')).join('');
}

const FORMATS = [CHAT, RESPONSES, MESSAGES, GENERATE];

/** Sends a format's request; `edit` may damage its JSON text first (in ways JSON.stringify would not). */
function send(
  f: FormatCase,
  turns: Turn[],
  stream: boolean,
  edit: (json: string) => string = (json) => json,
): Promise<Response> {
  const { path, body, headers } = f.request(turns, stream);
  return post(sim, path, edit(JSON.stringify(body)), headers);
}

async function replyText(f: FormatCase, turns: Turn[], stream: boolean): Promise<string> {
  const res = await send(f, turns, stream);
  if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${await res.text()}`);
  if (!stream) return f.text((await res.json()) as Json);
  return f.streamText(jsonEvents(await readSse(res)));
}

async function refusal(f: FormatCase, turns: Turn[]): Promise<string> {
  const res = await send(f, turns, false);
  expect(res.status).toBe(400);
  return f.errorMessage((await res.json()) as Json);
}

const PNG_4x3 = png(4, 3);
const PDF_2 = pdf(2);
const NOTES = Buffer.from('hello notes', 'utf8');
const image: Att = { mime: 'image/png', name: 'dot.png', bytes: PNG_4x3 };
const report: Att = { mime: 'application/pdf', name: 'report.pdf', bytes: PDF_2 };
const notes: Att = { mime: 'text/plain', name: 'notes.txt', bytes: NOTES };

describe.each(FORMATS)('$name takes attachments in user turns', (f) => {
  const name = (n: string): string => (f.names ? ` ${n}` : '');
  const sentence =
    `Received 3 attachments: image/png 4x3 (${PNG_4x3.length} bytes); ` +
    `application/pdf${name('report.pdf')} 2 pages (${PDF_2.length} bytes); ` +
    `text/plain${name('notes.txt')} (11 bytes).`;

  it.each([false, true])('describes an image, a PDF and a text file exactly (stream %s)', async (stream) => {
    const text = await replyText(f, [{ role: 'user', text: 'look', atts: [image, report, notes] }], stream);
    expect(text).toBe(`Reply 1 from ${f.model}: you said "look".\n\n${sentence}`);
  });

  it('describes only the last user turn, and accepts attachments in earlier ones', async () => {
    const jpg: Att = { mime: 'image/jpeg', name: 'a.jpg', bytes: jpeg(640, 480) };
    const turns: Turn[] = [
      { role: 'user', text: 'first', atts: [image, report] },
      { role: 'assistant', text: 'seen' },
      { role: 'user', text: 'second', atts: [jpg] },
    ];
    expect(await replyText(f, turns, false)).toBe(
      `Reply 2 from ${f.model}: you said "second".\n\nReceived 1 attachment: image/jpeg 640x480 (${jpg.bytes.length} bytes).`,
    );
    const plain = await replyText(f, [...turns.slice(0, 2), { role: 'user', text: 'second' }], false);
    expect(plain).toBe(simulatedReply('second', f.model, 2));
  });

  it('answers a text-only request exactly as before', async () => {
    expect(await replyText(f, [{ role: 'user', text: 'just text' }], false)).toBe(
      simulatedReply('just text', f.model, 1),
    );
  });

  it('accepts a PNG declared as JPEG, and names what the bytes are', async () => {
    const text = await replyText(
      f,
      [{ role: 'user', text: 'x', atts: [{ ...image, mime: 'image/jpeg' }] }],
      false,
    );
    expect(text).toMatch(
      new RegExp(`Received 1 attachment: image/png 4x3 \\(${PNG_4x3.length} bytes\\)\\.$`),
    );
  });

  it('refuses bytes that are no image at all', async () => {
    const bytes = Buffer.from('this is not a picture');
    const message = await refusal(f, [{ role: 'user', text: 'x', atts: [{ ...image, bytes }] }]);
    expect(message).toMatch(/Could not process image: the 21 bytes are not a PNG, JPEG, WebP or GIF image/);
  });

  it('refuses data that is not strict base64', async () => {
    // The base64 broken by a line break, as a MIME encoder writes it.
    const data = b64(PNG_4x3);
    const broken = await send(f, [{ role: 'user', text: 'x', atts: [image] }], false, (json) =>
      json.replace(data, `${data.slice(0, 8)}\\n${data.slice(8)}`),
    );
    expect(broken.status).toBe(400);
    expect(f.errorMessage((await broken.json()) as Json)).toMatch(/not valid base64/);
  });

  it('refuses a PDF that does not start with %PDF-', async () => {
    const bytes = Buffer.from('<html>not a pdf</html>');
    const message = await refusal(f, [{ role: 'user', text: 'x', atts: [{ ...report, bytes }] }]);
    expect(message).toMatch(/The PDF specified was not valid: it does not start with %PDF-/);
  });

  it('still refuses a request with no user turn', async () => {
    const res = await send(f, [{ role: 'assistant', text: 'alone' }], false);
    expect(res.status).toBe(400);
    f.errorMessage((await res.json()) as Json);
  });
});

describe.each([CHAT, RESPONSES, MESSAGES])('$name refuses attachments outside user turns', (f) => {
  it('refuses an image in an assistant turn', async () => {
    const message = await refusal(f, [
      { role: 'user', text: 'a' },
      { role: 'assistant', text: 'b', atts: [image] },
      { role: 'user', text: 'c' },
    ]);
    expect(message).toMatch(/is only allowed in user turns/);
  });
});

describe('what each format refuses of its own', () => {
  it('generate content refuses a GIF, declared or in the bytes', async () => {
    const gifAtt: Att = { mime: 'image/gif', name: 'a.gif', bytes: gif(2, 2) };
    expect(await refusal(GENERATE, [{ role: 'user', text: 'x', atts: [gifAtt] }])).toMatch(
      /Unsupported MIME type: image\/gif/,
    );
    expect(
      await refusal(GENERATE, [{ role: 'user', text: 'x', atts: [{ ...gifAtt, mime: 'image/png' }] }]),
    ).toMatch(/the bytes are image\/gif; expected one of image\/png, image\/jpeg, image\/webp/);
  });

  it('generate content refuses a type it does not take, and accepts model turns with inline data', async () => {
    const zip: Att = { mime: 'application/zip', name: 'a.zip', bytes: Buffer.from('PK\x03\x04') };
    expect(await refusal(GENERATE, [{ role: 'user', text: 'x', atts: [zip] }])).toMatch(
      /Unsupported MIME type: application\/zip/,
    );
    const turns: Turn[] = [
      { role: 'user', text: 'draw' },
      { role: 'assistant', text: 'here', atts: [image] },
      { role: 'user', text: 'thanks' },
    ];
    // Image models answer with inline data, and a client sends it back: it is no user attachment.
    expect(await replyText(GENERATE, turns, false)).toBe(simulatedReply('thanks', GENERATE.model, 2));
  });

  it('messages refuses an image type outside png, jpeg, webp and gif', async () => {
    const bmp: Att = { mime: 'image/bmp', name: 'a.bmp', bytes: Buffer.from('BM') };
    expect(await refusal(MESSAGES, [{ role: 'user', text: 'x', atts: [bmp] }])).toMatch(
      /media_type: Input should be 'image\/png', 'image\/jpeg', 'image\/webp', 'image\/gif'; got 'image\/bmp'/,
    );
  });

  it('messages refuses an image whose base64 is over 5 MB, as the real service counts it', async () => {
    // 3,932,160 bytes are exactly 5,242,880 characters of base64: the most the service takes.
    const largest = (3 * 5 * 1024 * 1024) / 4;
    const padded = (n: number): Buffer => Buffer.concat([PNG_4x3, Buffer.alloc(n - PNG_4x3.length)]);
    expect(
      await refusal(MESSAGES, [
        { role: 'user', text: 'x', atts: [{ ...image, bytes: padded(largest + 1) }] },
      ]),
    ).toMatch(/source\.base64: image exceeds 5 MB maximum: 5242884 bytes > 5242880 bytes$/);
    const text = await replyText(
      MESSAGES,
      [{ role: 'user', text: 'x', atts: [{ ...image, bytes: padded(largest) }] }],
      false,
    );
    expect(text).toMatch(/Received 1 attachment: image\/png 4x3 \(3932160 bytes\)\.$/);
    // The other formats take the same file.
    expect(
      await replyText(
        CHAT,
        [{ role: 'user', text: 'x', atts: [{ ...image, bytes: padded(largest + 1) }] }],
        false,
      ),
    ).toMatch(/image\/png 4x3 \(3932161 bytes\)\.$/);
  });

  it('messages refuses a base64 document that is not a PDF, and an empty text document', async () => {
    const res = await post(
      sim,
      '/v1/messages',
      {
        model: 'claude-haiku-4-5',
        max_tokens: 100,
        messages: [
          {
            role: 'user',
            content: [
              { type: 'document', source: { type: 'base64', media_type: 'text/plain', data: b64(NOTES) } },
            ],
          },
        ],
      },
      messagesHeaders(),
    );
    expect(res.status).toBe(400);
    expect(MESSAGES.errorMessage((await res.json()) as Json)).toMatch(
      /a base64 document must be 'application\/pdf'/,
    );
    expect(
      await refusal(MESSAGES, [{ role: 'user', text: 'x', atts: [{ ...notes, bytes: Buffer.alloc(0) }] }]),
    ).toMatch(/the document is empty/);
  });

  it('messages still refuses an empty user turn', async () => {
    expect(await refusal(MESSAGES, [{ role: 'user', text: '' }])).toMatch(/must have non-empty content/);
  });

  it('chat answers an http(s) image address as an image it did not fetch, and refuses other schemes', async () => {
    const body = (url: string): Json => ({
      model: 'gpt-4.1',
      messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url } }] }],
    });
    const res = await post(sim, '/v1/chat/completions', body('https://example.invalid/cat.png'));
    expect(CHAT.text((await res.json()) as Json)).toBe(
      `Reply 1 from gpt-4.1: you said "".\n\nReceived 1 attachment: image URL https://example.invalid/cat.png (not fetched).`,
    );
    const ftp = await post(sim, '/v1/chat/completions', body('ftp://example.invalid/cat.png'));
    expect(ftp.status).toBe(400);
    expect(bearerError((await ftp.json()) as Json)).toMatch(
      /expected a base64 data URL or an http\(s\) address/,
    );
  });

  it('chat and responses refuse uploaded-file ids: the simulator keeps no files', async () => {
    const chat = await post(sim, '/v1/chat/completions', {
      model: 'gpt-4.1',
      messages: [{ role: 'user', content: [{ type: 'file', file: { file_id: 'file-1' } }] }],
    });
    expect(bearerError((await chat.json()) as Json)).toMatch(/file_id is not supported by the simulator/);
    const responses = await post(sim, '/v1/responses', {
      model: 'gpt-4.1',
      input: [{ role: 'user', content: [{ type: 'input_image', file_id: 'file-1' }] }],
    });
    expect(bearerError((await responses.json()) as Json)).toMatch(
      /file_id is not supported by the simulator/,
    );
  });

  it('chat refuses an image type it does not take and a detail it does not know', async () => {
    const bmp = await post(sim, '/v1/chat/completions', {
      model: 'gpt-4.1',
      messages: [
        { role: 'user', content: [{ type: 'image_url', image_url: { url: 'data:image/bmp;base64,Qk0=' } }] },
      ],
    });
    expect(bearerError((await bmp.json()) as Json)).toMatch(/unsupported image type 'image\/bmp'/);
    const detail = await post(sim, '/v1/chat/completions', {
      model: 'gpt-4.1',
      messages: [
        { role: 'user', content: [{ type: 'image_url', image_url: { url: dataUrl(image), detail: 'max' } }] },
      ],
    });
    expect(bearerError((await detail.json()) as Json)).toMatch(/detail must be low, high or auto/);
  });
});

describe('the image size reader', () => {
  it.each([
    ['PNG', png(37, 5), 'image/png', 37, 5],
    ['JPEG', jpeg(1920, 1080), 'image/jpeg', 1920, 1080],
    ['WebP lossy (VP8)', webpLossy(300, 200), 'image/webp', 300, 200],
    ['WebP lossless (VP8L)', webpLossless(16383, 1), 'image/webp', 16383, 1],
    ['WebP extended (VP8X)', webpExtended(20000, 3), 'image/webp', 20000, 3],
    ['GIF', gif(65535, 2), 'image/gif', 65535, 2],
  ])('reads %s', (_name, bytes, mimeType, width, height) => {
    expect(readImageInfo(bytes)).toEqual({ mimeType, width, height });
  });

  it('knows nothing in empty, foreign, cut or zero-sized bytes', () => {
    expect(readImageInfo(Buffer.alloc(0))).toBeUndefined();
    expect(readImageInfo(Buffer.from('%PDF-1.4'))).toBeUndefined();
    expect(readImageInfo(jpeg(10, 10).subarray(0, 30))).toBeUndefined();
    expect(readImageInfo(gif(0, 10))).toBeUndefined();
    expect(readImageInfo(webpLossy(300, 200).subarray(0, 25))).toBeUndefined();
  });
});

describe('strict base64', () => {
  it('takes standard padded base64 only', () => {
    expect(decodeBase64Strict('aGk=', 'd').toString()).toBe('hi');
    for (const bad of ['aGk', 'aG k=', 'aGk=\n', 'a-_=', 'aGl=', '====', '']) {
      expect(() => decodeBase64Strict(bad, 'd'), bad).toThrow(/not valid base64|empty/);
    }
  });
});

describe('the sentence', () => {
  it('is fixed: count, then each attachment in order, separated by "; "', () => {
    expect(
      attachmentSentence([
        { kind: 'image', mimeType: 'image/png', bytes: 12345, width: 640, height: 480 },
        { kind: 'pdf', name: 'report.pdf', bytes: 4567, pages: 2 },
        { kind: 'pdf', bytes: 1, pages: 0 },
        { kind: 'text', mimeType: 'text/markdown', bytes: 9 },
        { kind: 'pdf', name: 'one.pdf', bytes: 10, pages: 1 },
      ]),
    ).toBe(
      'Received 5 attachments: image/png 640x480 (12345 bytes); application/pdf report.pdf 2 pages (4567 bytes); ' +
        'application/pdf (1 byte); text/markdown (9 bytes); application/pdf one.pdf 1 page (10 bytes).',
    );
    expect(attachmentSentence([])).toBe('');
  });

  it('counts the tokens of the reply it ends, and a max-token limit cuts into it', async () => {
    const res = await post(sim, '/v1/chat/completions', {
      model: 'gpt-4.1',
      max_completion_tokens: 10,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'hi' },
            { type: 'image_url', image_url: { url: dataUrl(image) } },
          ],
        },
      ],
    });
    const body = (await res.json()) as Json;
    expect(CHAT.text(body)).toBe('Reply 1 from gpt-4.1: you said "hi".\n\nReceived 1 attachment:');
    expect((body['choices'] as Json[])[0]?.['finish_reason']).toBe('length');
  });
});
