import { mkdtemp, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_KEY, startSimulator, type RunningSimulator } from '../../electron/simulator/index.ts';
import { encodePng } from '../../electron/simulator/png.ts';
import { CONVERSATION_FILE_VERSION, parseConversationFile } from '../../shared/export.ts';
import type { TextFormat } from '../../shared/formats.ts';
import { paddedPng, pngHeader } from '../core/helpers/images.ts';
import { noisePng } from '../core/helpers/noise.ts';
import { runCli } from './run-cli.ts';

let sim: RunningSimulator;
let dir: string;
let env: Record<string, string>;

const enc = new TextEncoder();
const PNG = new Uint8Array(encodePng({ width: 3, height: 2, channels: 3, pixels: new Uint8Array(18) }));
const PDF = enc.encode(
  '%PDF-1.4\n1 0 obj<</Type /Catalog /Pages 2 0 R>>endobj\n2 0 obj<</Type /Pages /Kids [3 0 R] /Count 1>>endobj\n' +
    '3 0 obj<</Type /Page /Parent 2 0 R /MediaBox [0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const NOTES = enc.encode('milk\neggs\n');
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

const MODEL: Record<TextFormat, string> = {
  chat: 'gpt-5-mini',
  responses: 'gpt-4.1',
  messages: 'claude-sonnet-4-5',
  generate: 'gemini-2.5-pro',
};

const path = (name: string) => join(dir, name);

beforeAll(async () => {
  sim = await startSimulator({ port: 0 });
  dir = await mkdtemp(join(tmpdir(), 'quartet-cli-attach-'));
  env = { QUARTET_BASE_URL: sim.baseUrl, QUARTET_API_KEY: SANDBOX_KEY };
  await writeFile(path('chart.png'), PNG);
  await writeFile(path('report.pdf'), PDF);
  await writeFile(path('notes.txt'), NOTES);
  await writeFile(path('tool.exe'), new Uint8Array([0x4d, 0x5a, 0x90, 0]));
  await writeFile(path('fake.png'), '<html>not an image</html>');
  // real noise (nothing to compress): 7.8 MB at 1700x1600, whose long side is under 2048 px
  await writeFile(path('big-for-messages.png'), await noisePng(1700, 1600));
  // declares 16000x16000 pixels in a few bytes: refused before any decoding
  await writeFile(path('claims-huge.png'), paddedPng(16000, 16000, 1024));
  await writeFile(path('stub.png'), pngHeader(10, 10));
  // sparse: the size says 21 MB, the disk holds nothing, and the CLI must refuse it without reading it
  await writeFile(path('huge.png'), '');
  await truncate(path('huge.png'), 21 * 1024 * 1024);
});
afterAll(async () => {
  await sim.close();
  await rm(dir, { recursive: true, force: true });
});

/** The JSON body of the last request the simulator received. */
function lastBody(): Record<string, unknown> {
  const last = sim.requests.at(-1);
  if (!last) throw new Error('no request reached the simulator');
  return JSON.parse(last.body) as Record<string, unknown>;
}

const IMAGE_ITEM = `image/png 3x2 (${PNG.length} bytes)`;
const PDF_PAGES = `1 page (${PDF.length} bytes)`;
const FENCED = 'notes.txt:\n```\nmilk\neggs\n```';

describe('quartet ask --attach, in every format, against the simulator', () => {
  const cases: Record<TextFormat, { sent: unknown; sentence: string }> = {
    chat: {
      sent: [
        {
          role: 'user',
          content: [
            { type: 'image_url', image_url: { url: `data:image/png;base64,${b64(PNG)}` } },
            {
              type: 'file',
              file: { filename: 'report.pdf', file_data: `data:application/pdf;base64,${b64(PDF)}` },
            },
            { type: 'text', text: FENCED },
            { type: 'text', text: 'what are these?' },
          ],
        },
      ],
      sentence: `Received 2 attachments: ${IMAGE_ITEM}; application/pdf report.pdf ${PDF_PAGES}.`,
    },
    responses: {
      sent: [
        {
          role: 'user',
          content: [
            { type: 'input_image', image_url: `data:image/png;base64,${b64(PNG)}` },
            {
              type: 'input_file',
              filename: 'report.pdf',
              file_data: `data:application/pdf;base64,${b64(PDF)}`,
            },
            { type: 'input_text', text: FENCED },
            { type: 'input_text', text: 'what are these?' },
          ],
        },
      ],
      sentence: `Received 2 attachments: ${IMAGE_ITEM}; application/pdf report.pdf ${PDF_PAGES}.`,
    },
    messages: {
      sent: [
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
              source: { type: 'text', media_type: 'text/plain', data: 'milk\neggs\n' },
              title: 'notes.txt',
            },
            { type: 'text', text: 'what are these?' },
          ],
        },
      ],
      sentence: `Received 3 attachments: ${IMAGE_ITEM}; application/pdf report.pdf ${PDF_PAGES}; text/plain notes.txt (${NOTES.length} bytes).`,
    },
    generate: {
      sent: [
        {
          role: 'user',
          parts: [
            { inlineData: { mimeType: 'image/png', data: b64(PNG) } },
            { inlineData: { mimeType: 'application/pdf', data: b64(PDF) } },
            { text: FENCED },
            { text: 'what are these?' },
          ],
        },
      ],
      sentence: `Received 2 attachments: ${IMAGE_ITEM}; application/pdf ${PDF_PAGES}.`,
    },
  };

  for (const format of Object.keys(cases) as TextFormat[]) {
    it(`${format}: an image, a PDF and a text file go in the format's shape; the reply names them`, async () => {
      const args = ['ask', '--format', format, '--model', MODEL[format]];
      for (const f of ['chart.png', 'report.pdf', 'notes.txt']) args.push('--attach', path(f));
      const r = await runCli([...args, 'what are these?'], { env });
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      const body = lastBody();
      expect(
        format === 'chat'
          ? body['messages']
          : format === 'responses'
            ? body['input']
            : format === 'messages'
              ? body['messages']
              : body['contents'],
      ).toEqual(cases[format].sent);
      expect(r.stdout.trimEnd().endsWith(cases[format].sentence)).toBe(true);
    });
  }

  it('files alone are a message: no prompt, no text part, streamed', async () => {
    const r = await runCli(
      ['ask', '--format', 'messages', '--model', MODEL.messages, '--stream', '--attach', path('chart.png')],
      { env },
    );
    expect(r.code).toBe(0);
    expect(lastBody()['messages']).toEqual([
      {
        role: 'user',
        content: [{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: b64(PNG) } }],
      },
    ]);
    expect(r.stdout.trimEnd().endsWith(`Received 1 attachment: ${IMAGE_ITEM}.`)).toBe(true);
  });
});

describe('--history carries the attachments', () => {
  it('writes version 2 with the files embedded, sends them back on the next turn, keeps them', async () => {
    const file = path('with-files.json');
    const first = await runCli(
      [
        'ask',
        '--format',
        'chat',
        '--model',
        MODEL.chat,
        '--history',
        file,
        '--attach',
        path('chart.png'),
        'look',
      ],
      { env },
    );
    expect(first.code).toBe(0);
    const saved = JSON.parse(await readFile(file, 'utf8')) as { version: number };
    expect(saved.version).toBe(CONVERSATION_FILE_VERSION);
    const parsed = parseConversationFile(await readFile(file, 'utf8'));
    if (!parsed.ok) throw new Error(parsed.message);
    const [userTurn, reply] = parsed.conversation.turns;
    expect(userTurn?.attachments).toEqual([
      {
        id: expect.any(String),
        name: 'chart.png',
        mimeType: 'image/png',
        kind: 'image',
        bytes: PNG.length,
        width: 3,
        height: 2,
      },
    ]);
    expect(parsed.files).toEqual([{ id: userTurn!.attachments![0]!.id, base64: b64(PNG) }]);
    expect(reply?.parentId).toBe(userTurn?.id);
    expect(parsed.conversation.title).toBe('look');

    const second = await runCli(['ask', '--history', file, 'and now?'], { env });
    expect(second.code).toBe(0);
    // the earlier image goes back; the reply describes only the last turn's files (none)
    expect(lastBody()['messages']).toEqual([
      {
        role: 'user',
        content: [
          { type: 'image_url', image_url: { url: `data:image/png;base64,${b64(PNG)}` } },
          { type: 'text', text: 'look' },
        ],
      },
      { role: 'assistant', content: reply?.text },
      { role: 'user', content: 'and now?' },
    ]);
    expect(second.stdout).not.toMatch(/Received/);
    const again = parseConversationFile(await readFile(file, 'utf8'));
    if (!again.ok) throw new Error(again.message);
    expect(again.conversation.turns).toHaveLength(4);
    expect(again.files).toEqual(parsed.files);
  });

  it('a version 1 file still reads, and is written back as version 2 with the new files', async () => {
    const file = path('v1.json');
    const conversation = {
      id: 'c1',
      format: 'generate',
      model: MODEL.generate,
      title: 'old',
      params: { stream: false },
      turns: [
        { id: 'u1', role: 'user', text: 'hello', status: 'complete', createdAt: 1 },
        { id: 'a1', role: 'assistant', text: 'hi there', status: 'complete', createdAt: 2 },
      ],
      createdAt: 1,
      updatedAt: 2,
    };
    await writeFile(file, JSON.stringify({ quartet: 'conversation', version: 1, conversation }));
    const r = await runCli(['ask', '--history', file, '--attach', path('report.pdf'), 'summarise'], { env });
    expect(r.code).toBe(0);
    expect(r.stdout.trimEnd().endsWith(`Received 1 attachment: application/pdf ${PDF_PAGES}.`)).toBe(true);
    const parsed = parseConversationFile(await readFile(file, 'utf8'));
    if (!parsed.ok) throw new Error(parsed.message);
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ version: CONVERSATION_FILE_VERSION });
    expect(parsed.conversation.turns.map((t) => t.text).slice(0, 3)).toEqual([
      'hello',
      'hi there',
      'summarise',
    ]);
    expect(parsed.conversation.turns[2]?.parentId).toBe('a1');
    expect(parsed.files.map((f) => f.base64)).toEqual([b64(PDF)]);
  });
});

describe('files that cannot go: exit 2 naming the file, nothing sent, history untouched', () => {
  const refusals: [string, TextFormat, RegExp][] = [
    ['huge.png', 'chat', /^quartet: "huge\.png" is 21 MB; a file may be at most 20 MB\.$/],
    ['tool.exe', 'chat', /^quartet: "tool\.exe" cannot be attached: Quartet takes images/],
    ['fake.png', 'responses', /^quartet: "fake\.png" is not a PNG, JPEG, WebP or GIF image/],
    [
      'big-for-messages.png',
      'messages',
      /^quartet: "big-for-messages\.png" is 7\.8 MB; Messages takes images up to 3\.75 MB \(5 MB once encoded\)\. Add --fit-images to send a copy fitted to it\.$/,
    ],
    [
      'claims-huge.png',
      'chat',
      /^quartet: "claims-huge\.png" declares 16000x16000 pixels \(256 megapixels\); Quartet takes images of at most 64 megapixels\.$/,
    ],
    [
      'stub.png',
      'chat',
      /^quartet: "stub\.png" could not be decoded: its image data is damaged or incomplete\.$/,
    ],
    ['missing.pdf', 'generate', /^quartet: --attach .*missing\.pdf: cannot read it \(no such file\)$/],
  ];
  for (const [name, format, message] of refusals) {
    it(`${name} in ${format}`, async () => {
      const file = path(`kept-${name}.json`);
      const before = sim.requests.length;
      const r = await runCli(
        [
          'ask',
          '--format',
          format,
          '--model',
          MODEL[format],
          '--history',
          file,
          '--attach',
          path(name),
          'hi',
        ],
        { env },
      );
      expect(r.code).toBe(2);
      expect(r.stderr.trimEnd()).toMatch(message);
      expect(r.stdout).toBe('');
      expect(sim.requests.length).toBe(before);
      await expect(readFile(file)).rejects.toMatchObject({ code: 'ENOENT' });
    });
  }

  it('more than ten files', async () => {
    const args = ['ask', '--format', 'chat', '--model', MODEL.chat];
    for (let i = 0; i < 11; i++) args.push('--attach', path('notes.txt'));
    const r = await runCli([...args, 'hi'], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/at most 10 files; --attach was given 11/);
  });

  it('the help lists --attach and --fit-images', async () => {
    const r = await runCli(['ask', '--help']);
    expect(r.stdout).toMatch(/--attach FILE {9}attach a file \(repeatable/);
    expect(r.stdout).toMatch(/--fit-images {10}send an image past the format's limits/);
  });
});

describe('--fit-images: an image past the format’s limits goes as a copy that keeps them', () => {
  it('a 7.8 MB PNG goes to Messages as a JPEG under 3.75 MB, and stderr says so before it is sent', async () => {
    const r = await runCli(
      [
        'ask',
        '--format',
        'messages',
        '--model',
        MODEL.messages,
        '--attach',
        path('big-for-messages.png'),
        '--fit-images',
        'what is it?',
      ],
      { env },
    );
    expect(r.stderr).toMatch(
      /^quartet: fitted "big-for-messages\.png" to Messages: 1700x1600 PNG, 7\.8 MB -> "big-for-messages\.jpg" 1700x1600 JPEG, \d(\.\d)? MB\n/,
    );
    expect(r.code).toBe(0);
    const content = (
      lastBody()['messages'] as { content: { type: string; source?: Record<string, string> }[] }[]
    )[0]?.content;
    const source = content?.find((p) => p.type === 'image')?.source;
    expect(source?.['media_type']).toBe('image/jpeg');
    expect((source?.['data'] ?? '').length).toBeLessThanOrEqual(5 * 1024 * 1024);
    // what the simulator received is what stderr said
    expect(r.stdout).toMatch(/image\/jpeg 1700x1600/);
  });

  it('an image that keeps the limits goes as it is', async () => {
    const r = await runCli(
      [
        'ask',
        '--format',
        'messages',
        '--model',
        MODEL.messages,
        '--attach',
        path('chart.png'),
        '--fit-images',
        'hi',
      ],
      { env },
    );
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain(IMAGE_ITEM);
  });
});
