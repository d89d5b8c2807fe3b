import { describe, expect, it } from 'vitest';
import {
  ApiError,
  buildRequest,
  createServiceClient,
  describeFile,
  validateTurnInput,
} from '../../electron/core/index.ts';
import type { Exchange } from '../../shared/exchange.ts';
import { fakeFetch, json } from './helpers/fake-fetch.ts';
import { elideBase64, ExchangeRecorder } from '../../electron/core/http/exchange-recorder.ts';
import { createRedactor } from '../../electron/core/http/redact.ts';
import { sniffGif, sniffImage } from '../../electron/core/images/sniff.ts';
import { encodePng } from '../../electron/simulator/png.ts';
import { ATTACHMENT_LIMITS, FORMAT_IMAGE_LIMITS, type Attachment } from '../../shared/attachments.ts';
import type { Params, Turn } from '../../shared/conversation.ts';
import type { TextFormat } from '../../shared/formats.ts';
import { jpegHeader, webpVp8, webpVp8l, webpVp8x } from './helpers/images.ts';
import { assistant, user } from './helpers/turns.ts';

const P = (p: Partial<Params> = {}): Params => ({ stream: false, ...p });
const enc = new TextEncoder();
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

/** A real PNG from the simulator's encoder: 3×2 pixels. */
const PNG = new Uint8Array(encodePng({ width: 3, height: 2, channels: 3, pixels: new Uint8Array(18) }));
/** A whole GIF89a: logical screen, a global colour table of two, one 1×1 image, trailer. */
function gif(width: number, height: number): Uint8Array {
  // prettier-ignore
  return new Uint8Array([
    ...enc.encode('GIF89a'), width & 255, width >> 8, height & 255, height >> 8, 0x80, 0, 0,
    0, 0, 0, 255, 255, 255,
    0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0,
    2, 2, 0x44, 0x01, 0,
    0x3b,
  ]);
}
/** A minimal PDF with one empty page. */
const PDF = enc.encode(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const TEXT = enc.encode('a,b\n1,2\n');

const image: Attachment = {
  id: 'img1',
  name: 'chart.png',
  mimeType: 'image/png',
  kind: 'image',
  bytes: PNG.length,
  width: 3,
  height: 2,
};
const pdf: Attachment = {
  id: 'pdf1',
  name: 'report.pdf',
  mimeType: 'application/pdf',
  kind: 'pdf',
  bytes: PDF.length,
};
const text: Attachment = {
  id: 'txt1',
  name: 'data.csv',
  mimeType: 'text/plain',
  kind: 'text',
  bytes: TEXT.length,
};
const FILES = new Map<string, Uint8Array>([
  ['img1', PNG],
  ['pdf1', PDF],
  ['txt1', TEXT],
]);
const PNG_URL = `data:image/png;base64,${b64(PNG)}`;
const PDF_URL = `data:application/pdf;base64,${b64(PDF)}`;
const FENCED = 'data.csv:\n```\na,b\n1,2\n```';

const withFiles = (t: string, ...attachments: Attachment[]): Turn => ({ ...user(t), attachments });
const all = (t = 'What is in these?') => withFiles(t, image, pdf, text);

describe('request bodies with attachments: the files first, in order, then the text', () => {
  it('chat: image_url and file parts as data URLs, a text file as fenced text naming it', () => {
    expect(buildRequest('chat', 'm', [all()], P(), false, FILES)).toEqual({
      model: 'm',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'image_url', image_url: { url: PNG_URL } },
            { type: 'file', file: { filename: 'report.pdf', file_data: PDF_URL } },
            { type: 'text', text: FENCED },
            { type: 'text', text: 'What is in these?' },
          ],
        },
      ],
    });
  });

  it('responses: one message item with input_image, input_file and input_text', () => {
    expect(buildRequest('responses', 'm', [all()], P(), false, FILES)).toEqual({
      model: 'm',
      input: [
        {
          role: 'user',
          content: [
            { type: 'input_image', image_url: PNG_URL },
            { type: 'input_file', filename: 'report.pdf', file_data: PDF_URL },
            { type: 'input_text', text: FENCED },
            { type: 'input_text', text: 'What is in these?' },
          ],
        },
      ],
    });
  });

  it('messages: an image block, documents titled with the file name, then the text block', () => {
    expect(buildRequest('messages', 'm', [all()], P(), false, FILES)).toEqual({
      model: 'm',
      max_tokens: 1024,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: b64(PNG) } },
            {
              type: 'document',
              source: { type: 'base64', media_type: 'application/pdf', data: b64(PDF) },
              title: 'report.pdf',
            },
            {
              type: 'document',
              source: { type: 'text', media_type: 'text/plain', data: 'a,b\n1,2\n' },
              title: 'data.csv',
            },
            { type: 'text', text: 'What is in these?' },
          ],
        },
      ],
    });
  });

  it('generate: inlineData for the image and the PDF, a text part naming the text file', () => {
    expect(buildRequest('generate', 'm', [all()], P(), false, FILES)).toEqual({
      contents: [
        {
          role: 'user',
          parts: [
            { inlineData: { mimeType: 'image/png', data: b64(PNG) } },
            { inlineData: { mimeType: 'application/pdf', data: b64(PDF) } },
            { text: FENCED },
            { text: 'What is in these?' },
          ],
        },
      ],
    });
  });

  it('an empty text sends no text part in any format (the services refuse an empty one)', () => {
    const turn = withFiles('', image);
    expect(buildRequest('chat', 'm', [turn], P(), false, FILES)['messages']).toEqual([
      { role: 'user', content: [{ type: 'image_url', image_url: { url: PNG_URL } }] },
    ]);
    expect(buildRequest('responses', 'm', [turn], P(), false, FILES)['input']).toEqual([
      { role: 'user', content: [{ type: 'input_image', image_url: PNG_URL }] },
    ]);
    expect(buildRequest('messages', 'm', [turn], P(), false, FILES)['messages']).toEqual([
      {
        role: 'user',
        content: [{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: b64(PNG) } }],
      },
    ]);
    expect(buildRequest('generate', 'm', [turn], P(), false, FILES)['contents']).toEqual([
      { role: 'user', parts: [{ inlineData: { mimeType: 'image/png', data: b64(PNG) } }] },
    ]);
  });

  it('history sends earlier attachments back in the same shape, beside turns without files', () => {
    const history = [withFiles('look', image), assistant('a chart'), user('and now?')];
    expect(buildRequest('chat', 'm', history, P(), false, FILES)['messages']).toEqual([
      {
        role: 'user',
        content: [
          { type: 'image_url', image_url: { url: PNG_URL } },
          { type: 'text', text: 'look' },
        ],
      },
      { role: 'assistant', content: 'a chart' },
      { role: 'user', content: 'and now?' },
    ]);
    expect(buildRequest('responses', 'm', history, P(), false, FILES)['input']).toEqual([
      {
        role: 'user',
        content: [
          { type: 'input_image', image_url: PNG_URL },
          { type: 'input_text', text: 'look' },
        ],
      },
      { role: 'assistant', content: 'a chart' },
      { role: 'user', content: 'and now?' },
    ]);
    const messages = buildRequest('messages', 'm', history, P(), false, FILES)['messages'] as {
      content: unknown;
    }[];
    expect(messages.map((m) => m.content)).toEqual([
      [
        { type: 'image', source: { type: 'base64', media_type: 'image/png', data: b64(PNG) } },
        { type: 'text', text: 'look' },
      ],
      'a chart',
      'and now?',
    ]);
    expect(buildRequest('generate', 'm', history, P(), false, FILES)['contents']).toEqual([
      {
        role: 'user',
        parts: [{ inlineData: { mimeType: 'image/png', data: b64(PNG) } }, { text: 'look' }],
      },
      { role: 'model', parts: [{ text: 'a chart' }] },
      { role: 'user', parts: [{ text: 'and now?' }] },
    ]);
  });

  it('a turn without files keeps the exact earlier body, with or without a files map', () => {
    const history = [user('a'), assistant('b'), user('c')];
    for (const format of ['chat', 'responses', 'messages', 'generate'] as TextFormat[]) {
      expect(buildRequest(format, 'm', history, P(), false, FILES)).toEqual(
        buildRequest(format, 'm', history, P(), false),
      );
    }
    // the first responses input stays a plain string
    expect(buildRequest('responses', 'm', [user('hi')], P(), false, FILES)['input']).toBe('hi');
    expect(buildRequest('chat', 'm', [user('hi')], P(), false, FILES)['messages']).toEqual([
      { role: 'user', content: 'hi' },
    ]);
  });

  it('a text file holding a code fence gets a longer fence', () => {
    const tricky: Attachment = { ...text, id: 't2', name: 'README.md' };
    const files = new Map([['t2', enc.encode('Run:\n```sh\nnpm test\n```')]]);
    const body = buildRequest('chat', 'm', [withFiles('', tricky)], P(), false, files);
    expect(body['messages']).toEqual([
      {
        role: 'user',
        content: [{ type: 'text', text: 'README.md:\n````\nRun:\n```sh\nnpm test\n```\n````' }],
      },
    ]);
  });

  it('a missing file is invalid input naming it, for an earlier message and for this one', () => {
    const earlier = [withFiles('see', pdf), assistant('ok'), user('more')];
    for (const format of ['chat', 'responses', 'messages', 'generate'] as TextFormat[]) {
      let thrown: unknown;
      try {
        buildRequest(format, 'm', earlier, P(), false, new Map());
      } catch (e) {
        thrown = e;
      }
      expect(thrown).toBeInstanceOf(ApiError);
      expect((thrown as ApiError).info).toMatchObject({
        kind: 'invalid-input',
        message: 'The file report.pdf of an earlier message is missing from the data folder.',
      });
    }
    expect(() => buildRequest('chat', 'm', [withFiles('x', image)], P(), false)).toThrow(
      'The file chart.png of this message is missing from the data folder.',
    );
  });
});

describe('validateTurnInput with attachments', () => {
  const input = (format: TextFormat, turn: Turn) => ({ format, model: 'm', history: [turn], params: P() });

  it('files may be the whole message; empty text without files is still refused', () => {
    expect(validateTurnInput(input('chat', withFiles('', image)))).toBeUndefined();
    expect(validateTurnInput(input('chat', withFiles('  ')))).toMatchObject({
      message: 'Write a message first.',
    });
  });

  it("applies the format's limits to the new message's files, naming the file", () => {
    const big: Attachment = { ...image, name: 'huge.png', bytes: FORMAT_IMAGE_LIMITS.messages.maxBytes + 1 };
    expect(validateTurnInput(input('messages', withFiles('x', big)))).toMatchObject({
      kind: 'invalid-input',
      issues: [{ path: 'attachments', message: expect.stringContaining('"huge.png"') }],
    });
    expect(validateTurnInput(input('chat', withFiles('x', big)))).toBeUndefined();
    const animated: Attachment = { ...image, name: 'cat.gif', mimeType: 'image/gif' };
    expect(validateTurnInput(input('generate', withFiles('x', animated)))?.message).toMatch(
      /"cat\.gif" is a GIF/,
    );
    const many = Array.from({ length: ATTACHMENT_LIMITS.count + 1 }, (_, i) => ({ ...text, id: `t${i}` }));
    expect(validateTurnInput(input('chat', withFiles('x', ...many)))?.message).toMatch(/at most 10 files/);
  });
});

describe('describeFile: the bytes decide', () => {
  it('reads the type and size of PNG, JPEG, WebP and GIF', () => {
    expect(describeFile('a.png', 'image/png', PNG)).toEqual({
      kind: 'image',
      mimeType: 'image/png',
      width: 3,
      height: 2,
    });
    expect(describeFile('a.jpg', 'image/jpeg', jpegHeader(640, 480))).toEqual({
      kind: 'image',
      mimeType: 'image/jpeg',
      width: 640,
      height: 480,
    });
    for (const webp of [webpVp8(800, 600), webpVp8l(800, 600), webpVp8x(800, 600)]) {
      expect(describeFile('a.webp', '', webp)).toEqual({
        kind: 'image',
        mimeType: 'image/webp',
        width: 800,
        height: 600,
      });
    }
    expect(describeFile('a.gif', 'image/gif', gif(320, 200))).toEqual({
      kind: 'image',
      mimeType: 'image/gif',
      width: 320,
      height: 200,
    });
  });

  it("trusts the bytes' image type over the name and the declared one", () => {
    expect(describeFile('photo.jpg', 'image/jpeg', PNG)).toMatchObject({
      kind: 'image',
      mimeType: 'image/png',
    });
    expect(describeFile('scan', 'application/octet-stream', PDF)).toEqual({
      kind: 'pdf',
      mimeType: 'application/pdf',
    });
  });

  it('refuses an image or PDF whose bytes are not one, naming the file', () => {
    expect(describeFile('fake.png', 'image/png', enc.encode('<html>hello</html>'))).toEqual({
      problem: '"fake.png" is not a PNG, JPEG, WebP or GIF image (its bytes are not one).',
    });
    expect(describeFile('fake.pdf', 'application/pdf', enc.encode('hello'))).toEqual({
      problem: '"fake.pdf" is not a PDF (it does not start with %PDF-).',
    });
  });

  it('accepts UTF-8 text, refuses text that is not UTF-8 or holds NUL bytes', () => {
    expect(describeFile('notes.md', '', enc.encode('# Hi ✓\n'))).toEqual({
      kind: 'text',
      mimeType: 'text/plain',
    });
    expect(describeFile('latin1.txt', 'text/plain', new Uint8Array([0x63, 0x61, 0x66, 0xe9]))).toEqual({
      problem: '"latin1.txt" is not UTF-8 text; save it as UTF-8 to attach it.',
    });
    expect(describeFile('data.json', '', new Uint8Array([0x7b, 0, 0x7d]))).toEqual({
      problem: '"data.json" holds NUL bytes, so it is not a text file.',
    });
  });

  it('refuses an empty file, a too-large one and an unknown type', () => {
    expect(describeFile('empty.txt', 'text/plain', new Uint8Array())).toEqual({
      problem: '"empty.txt" is empty.',
    });
    const bigText = new Uint8Array(ATTACHMENT_LIMITS.textBytes + 1).fill(0x61);
    expect(describeFile('big.log', '', bigText)).toEqual({
      problem: expect.stringMatching(
        /^"big\.log" is 2 MB; a text file goes into the prompt and may be at most 2 MB\.$/,
      ),
    });
    const bigPng = new Uint8Array(ATTACHMENT_LIMITS.fileBytes + 1);
    bigPng.set(PNG);
    expect(describeFile('big.png', 'image/png', bigPng)).toEqual({
      problem: expect.stringMatching(/^"big\.png" is 20 MB; a file may be at most 20 MB\.$/),
    });
    expect(describeFile('tool.exe', 'application/x-msdownload', new Uint8Array([0x4d, 0x5a, 0x90]))).toEqual({
      problem: expect.stringMatching(/^"tool\.exe" cannot be attached/),
    });
  });

  it('sniffGif reads both signatures and refuses a cut header; sniffImage still answers only the generated formats', () => {
    const g87 = gif(5, 7);
    g87.set(enc.encode('GIF87a'));
    expect(sniffGif(g87)).toEqual({ format: 'gif', width: 5, height: 7 });
    expect(sniffGif(gif(5, 7).slice(0, 9))).toBeNull();
    expect(sniffGif(gif(0, 7))).toBeNull();
    expect(sniffImage(gif(5, 7))).toBeNull();
  });
});

describe('the inspector record elides the base64 of attachments', () => {
  const run = 'A'.repeat(5 * 1024 * 1024);

  it('keeps the head of a data URL and elides its payload, in one pass over a 5 MB body', () => {
    const body = JSON.stringify({
      messages: [
        {
          role: 'user',
          content: [{ type: 'image_url', image_url: { url: `data:image/png;base64,${run}` } }],
        },
      ],
    });
    expect(elideBase64(body)).toBe(
      `{"messages":[{"role":"user","content":[{"type":"image_url","image_url":{"url":"data:image/png;base64,<${run.length} base64 chars elided>"}}]}]}`,
    );
  });

  it('elides inlineData and source.data (plain base64) and leaves short or unclosed data URLs alone', () => {
    const body = JSON.stringify({
      parts: [{ inlineData: { mimeType: 'application/pdf', data: run } }],
      pad: 'no base64 here '.repeat(400),
    });
    expect(elideBase64(body)).toContain(`"data":"<${run.length} base64 chars elided>"`);
    const blocks = JSON.stringify({ source: { type: 'base64', media_type: 'image/png', data: run } });
    expect(elideBase64(blocks)).toContain(`"data":"<${run.length} base64 chars elided>"`);
    const short = JSON.stringify({ url: 'data:image/png;base64,AAAA', pad: 'no base64 here '.repeat(400) });
    expect(elideBase64(short)).toBe(short);
    const notBase64 = JSON.stringify({ url: `data:text/plain,${'a'.repeat(5000)}` });
    expect(elideBase64(notBase64)).toBe(notBase64);
    const cut = `{"url":"data:image/png;base64,${'A'.repeat(5000)}`;
    expect(elideBase64(cut)).toBe(cut);
  });

  it('the recorded request body elides them too', () => {
    const body = JSON.stringify({
      input: [
        {
          role: 'user',
          content: [
            { type: 'input_file', filename: 'r.pdf', file_data: `data:application/pdf;base64,${run}` },
          ],
        },
      ],
    });
    const rec = new ExchangeRecorder({
      interface: 'responses',
      method: 'POST',
      url: 'http://127.0.0.1/v1/responses',
      headers: {},
      body,
      streamed: false,
      redact: createRedactor([]),
    });
    expect(rec.record.requestBody).toBe(
      `{"input":[{"role":"user","content":[{"type":"input_file","filename":"r.pdf","file_data":"data:application/pdf;base64,<${run.length} base64 chars elided>"}]}]}`,
    );
  });
});

describe('sendTurn carries the files', () => {
  function client() {
    const fake = fakeFetch(
      json({ choices: [{ message: { role: 'assistant', content: 'a chart' }, finish_reason: 'stop' }] }),
    );
    const exchanges: Exchange[] = [];
    const c = createServiceClient({
      baseUrl: 'https://svc.example/v1',
      keys: { default: 'k-0000' },
      fetch: fake.fetch,
      sleep: async () => undefined,
      onExchange: (x) => exchanges.push(x),
    });
    return { c, fake, exchanges };
  }

  it('sends the bytes from the files map and records the request with its base64 elided', async () => {
    const big = new Uint8Array(64 * 1024);
    big.set(PNG);
    const { c, fake, exchanges } = client();
    const reply = await c.sendTurn({
      format: 'chat',
      model: 'm',
      history: [withFiles('', image)],
      params: P(),
      files: new Map([['img1', big]]),
    });
    expect(reply.text).toBe('a chart');
    const sent = JSON.parse(fake.calls[0]!.body!) as { messages: unknown };
    expect(sent.messages).toEqual([
      {
        role: 'user',
        content: [{ type: 'image_url', image_url: { url: `data:image/png;base64,${b64(big)}` } }],
      },
    ]);
    const encoded = b64(big).length;
    expect(exchanges[0]!.requestBody).toContain(
      `"url":"data:image/png;base64,<${encoded} base64 chars elided>"`,
    );
    expect(reply.exchange.requestBody!.length).toBeLessThan(200);
  });

  it('refuses a turn whose file is missing before any request is made', async () => {
    const { c, fake } = client();
    await expect(
      c.sendTurn({
        format: 'chat',
        model: 'm',
        history: [withFiles('hi', pdf)],
        params: P(),
        files: new Map(),
      }),
    ).rejects.toMatchObject({
      info: { kind: 'invalid-input', message: expect.stringContaining('report.pdf') },
    });
    expect(fake.calls).toHaveLength(0);
  });
});
