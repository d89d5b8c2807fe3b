// A hostile or merely large service on 127.0.0.1: huge images and base64 runs that once overflowed the
// recorder's regular expressions, and a service that echoes the key back in every form it can take.
// Each case runs through the real app core, and the large ones through the `quartet` binary too.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { base64Forms } from '../../electron/core/http/redact.ts';
import { elideBase64 } from '../../electron/core/http/exchange-recorder.ts';
import { runCli } from '../cli/run-cli.ts';
import { hostile, json, type Handler, type Hostile } from './hostile-server.ts';
import { CANARY, createHarness, type Harness } from '../support/app-core.ts';

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, data, Buffer.alloc(4)]);
}

/** A PNG of 1536x1024 whose IDAT is random bytes, `bytes` long in all (the checks read the chunk layout). */
function bigPng(bytes: number): Buffer {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(1536, 0);
  ihdr.writeUInt32BE(1024, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const fixed = signature.length + 25 + 12 + 12;
  return Buffer.concat([
    signature,
    chunk('IHDR', ihdr),
    chunk('IDAT', randomBytes(bytes - fixed)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function imageReply(png: Buffer) {
  return {
    created: 1,
    data: [{ b64_json: png.toString('base64'), size: '1536x1024' }],
    output_format: 'png',
    quality: 'high',
    size: '1536x1024',
  };
}

function chatReply(content: string) {
  return {
    id: 'c1',
    object: 'chat.completion',
    created: 1,
    model: 'gpt-5-mini',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  };
}

let h: Harness | undefined;
let service: Hostile | undefined;
let dir: string | undefined;
afterEach(async () => {
  await h?.close();
  await service?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
  h = undefined;
  service = undefined;
  dir = undefined;
});

async function appAgainst(handler: Handler): Promise<Harness> {
  service = await hostile(handler);
  h = await createHarness({ connect: false });
  const connection = await h.call('saveConnection', { name: 'Hostile', baseUrl: service.url });
  await h.call('activateConnection', { id: connection.id });
  await h.call('setKey', { connectionId: connection.id, slot: 'default', key: CANARY });
  return h;
}

const MiB = 1024 * 1024;

/** A new non-streaming conversation and one message 'hi' in it. */
async function sendOnce(app: Harness, format: 'chat' | 'messages', model: string) {
  const conversation = await app.call('createConversation', { format, model, params: { stream: false } });
  return app.call('sendMessage', { requestId: 'r', conversationId: conversation.id, text: 'hi' });
}

describe('the exchange recorder never costs a reply', () => {
  it('elides base64 in one linear pass: a 32 MiB b64_json and a 6 MiB run inside text', () => {
    const image = randomBytes(24 * MiB).toString('base64');
    expect(elideBase64(`{"data":[{"b64_json":"${image}"}]}`)).toBe(
      `{"data":[{"b64_json":"<${image.length} base64 chars elided>"}]}`,
    );
    const run = randomBytes((6 * MiB * 3) / 4).toString('base64');
    const body = JSON.stringify(chatReply('before ')).replace('"before "', `"before ", "blob": "${run}"`);
    expect(elideBase64(body)).toContain(`"blob": "<${run.length} base64 chars elided>"`);
    // a cut-off stream event still has its image elided
    expect(elideBase64(`{"b64_json":"${run.slice(0, 5000)}`)).toBe('{"b64_json":"<5000 base64 chars elided>');
    // ordinary strings and short base64 stay as they are
    const plain = JSON.stringify({ text: 'a'.repeat(5000) + ' b', sig: 'c2ln', b64_json: 'QUJD' });
    expect(elideBase64(plain)).toBe(plain);
  });

  for (const mib of [4, 8, 32]) {
    it(`a ${mib} MiB image reaches the gallery, is saved whole, and its record is kept`, async () => {
      const png = bigPng(mib * MiB);
      const app = await appAgainst((_req, _body, res) => json(res, 200, imageReply(png)));
      const result = await app.call('generateImages', {
        requestId: 'big',
        model: 'gpt-image-1',
        prompt: 'a large image',
        size: '1536x1024',
        n: 1,
        quality: 'high',
      });
      expect(result.images).toHaveLength(1);
      const file = await app.core.imageFile(result.images[0]?.id ?? '', 'full');
      expect((await stat(file?.path ?? '')).size).toBe(png.length);
      const exchange = await app.call('getExchange', { id: result.exchangeId });
      expect(exchange.responseBody).toContain('base64 chars elided');
      expect(exchange.responseBody?.length ?? 0).toBeLessThan(4096);
    });
  }

  it('a text reply holding a 6 MiB base64 run is stored whole and recorded elided', async () => {
    const run = randomBytes((6 * MiB * 3) / 4).toString('base64');
    const app = await appAgainst((_req, _body, res) => {
      const body = JSON.stringify(chatReply('here it is')).replace(
        '"here it is"',
        `"here it is", "blob": "${run}"`,
      );
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(body);
    });
    const result = await sendOnce(app, 'chat', 'gpt-5-mini');
    expect(result.reply).toMatchObject({ status: 'complete', text: 'here it is' });
    const exchange = await app.call('getExchange', { id: result.reply.exchangeId ?? '' });
    expect(exchange.responseBody).toContain(`<${run.length} base64 chars elided>`);
  });

  it('the CLI writes a 32 MiB image and prints a 6 MiB base64 reply', async () => {
    const png = bigPng(32 * MiB);
    const text = `data:${randomBytes((6 * MiB * 3) / 4).toString('base64')}`;
    service = await hostile((req, _body, res) => {
      if (req.url?.startsWith('/v1/images')) json(res, 200, imageReply(png));
      else json(res, 200, chatReply(text));
    });
    dir = await mkdtemp(join(tmpdir(), 'quartet-big-'));
    const env = { QUARTET_BASE_URL: service.url, QUARTET_API_KEY: CANARY };
    const image = await runCli(['image', '--model', 'gpt-image-1', '--out', dir, 'big'], { env });
    expect(image.stderr).not.toContain('internal error');
    expect(image.code).toBe(0);
    const [name] = await readdir(dir);
    expect((await stat(join(dir, name ?? ''))).size).toBe(png.length);
    const ask = await runCli(['ask', '--format', 'chat', '--model', 'gpt-5-mini', 'hi'], { env });
    expect(ask.code).toBe(0);
    expect(ask.stdout.trim()).toBe(text);
  });
});

/** Every form in which a service could hand the key back. */
function echoedForms(key: string): Record<string, string> {
  const hex = (c: string) => c.charCodeAt(0).toString(16).padStart(4, '0');
  return {
    raw: key,
    percentUpper: encodeURIComponent(key).replace(/-/g, '%2D'),
    percentLower: [...key].map((c) => `%${c.charCodeAt(0).toString(16)}`).join(''),
    unicodeEscaped: [...key].map((c) => `\\u${hex(c)}`).join(''),
    unicodeUpper: [...key].map((c) => `\\u${hex(c).toUpperCase()}`).join(''),
    mixedEscapes: [...key].map((c, i) => (i % 2 ? `\\u${hex(c)}` : c)).join(''),
    base64: Buffer.from(key).toString('base64'),
    base64Shifted: Buffer.from(`x${key}`).toString('base64'),
    base64Url: Buffer.from(`xy:${key}`).toString('base64url'),
  };
}

/** What a JSON-reading page would show for each form (the inspector decodes escapes). */
function decodedLeaks(text: string, key: string): string[] {
  const found: string[] = [];
  if (text.includes(key)) found.push('raw');
  const decoded = text.replace(/\\u([0-9a-fA-F]{4})/g, (_m, h: string) =>
    String.fromCharCode(parseInt(h, 16)),
  );
  if (decoded.includes(key)) found.push('\\u-decoded');
  try {
    if (decodeURIComponent(text.replace(/%(?![0-9a-fA-F]{2})/g, '%25')).includes(key))
      found.push('%-decoded');
  } catch {
    // not decodable as a whole: the raw checks above stand
  }
  for (const form of base64Forms(key)) if (text.includes(form)) found.push(`base64 ${form}`);
  return found;
}

describe('a service that echoes the key', () => {
  it('has it hidden in errors (vendor type, code, request id), replies, raw payloads and streamed deltas', async () => {
    const forms = echoedForms(CANARY);
    const echo = Object.values(forms).join(' | ');
    const app = await appAgainst((req, body, res) => {
      const streamed = body.includes('"stream":true');
      if (body.includes('fail please')) {
        json(
          res,
          400,
          { error: { message: `bad key ${echo}`, type: CANARY, param: null, code: forms.percentLower } },
          { 'x-request-id': `req-${CANARY}` },
        );
        return;
      }
      if (!streamed) {
        // the JSON escapes stay escaped on the wire: \/ and \u forms inside the content
        const raw = JSON.stringify(chatReply('X')).replace(
          '"X"',
          `"echo ${echo} \\/ ${CANARY.replace(/-/g, '\\/')}"`,
        );
        res.writeHead(200, { 'content-type': 'application/json', 'x-request-id': CANARY });
        res.end(raw);
        return;
      }
      // the key split across events at every few characters
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const text = `streamed ${CANARY} and ${forms.percentLower} end`;
      for (let i = 0; i < text.length; i += 3) {
        const chunk = {
          id: 's',
          object: 'chat.completion.chunk',
          model: 'm',
          choices: [{ index: 0, delta: { content: text.slice(i, i + 3) } }],
        };
        res.write(`data: ${JSON.stringify(chunk)}\n\n`);
      }
      res.write(
        `data: ${JSON.stringify({ id: 's', object: 'chat.completion.chunk', model: 'm', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`,
      );
      res.end('data: [DONE]\n\n');
    });
    const plain = await app.call('createConversation', {
      format: 'chat',
      model: 'gpt-5-mini',
      params: { stream: false },
    });
    const reply = await app.call('sendMessage', { requestId: 'a', conversationId: plain.id, text: 'hello' });
    expect(reply.reply.text).toContain('••••');
    const failedTurn = await app.call('sendMessage', {
      requestId: 'b',
      conversationId: plain.id,
      text: 'fail please',
    });
    const failed = failedTurn.reply.error;
    expect(failed?.status).toBe(400);
    expect(failed?.vendorType).toBe(`••••${CANARY.slice(-4)}`);
    expect(failed?.requestId).toBe(`req-••••${CANARY.slice(-4)}`);

    const live = await app.call('createConversation', {
      format: 'chat',
      model: 'gpt-5-mini',
      params: { stream: true },
    });
    const streamed = await app.call('sendMessage', {
      requestId: 'c',
      conversationId: live.id,
      text: 'stream',
    });
    const deltas = app.eventsOf('delta', 'c').map((d) => d.text ?? '');
    expect(deltas.join('')).toBe(streamed.reply.text);
    expect(streamed.reply.text).toBe(`streamed ••••${CANARY.slice(-4)} and ••••${CANARY.slice(-4)} end`);

    const exchanges = await Promise.all(
      [reply.reply.exchangeId, failed?.exchangeId, streamed.reply.exchangeId].map((id) =>
        app.call('getExchange', { id: id ?? '' }),
      ),
    );
    const conversations = await Promise.all(
      [plain.id, live.id].map((id) => app.call('getConversation', { id })),
    );
    const everything = JSON.stringify([app.results, app.events, app.logs, exchanges, conversations]);
    expect(decodedLeaks(everything, CANARY)).toEqual([]);
    for (const name of ['quartet.db', 'quartet.db-wal']) {
      const bytes = await readFile(join(app.dataDir, name)).catch(() => Buffer.alloc(0));
      expect(decodedLeaks(bytes.toString('latin1'), CANARY), name).toEqual([]);
    }
  });
});

describe('redirects', () => {
  it('a messages call redirected to another origin is refused before any byte reaches it', async () => {
    const reached: IncomingMessage['headers'][] = [];
    const elsewhere = await hostile((req, _body, res) => {
      reached.push(req.headers);
      json(res, 200, {});
    });
    try {
      const app = await appAgainst((req, _body, res) => {
        if (req.url?.startsWith('/v1/messages') && !req.url.includes('moved')) {
          const to = req.headers['x-redirect-same'] ? '/v1/messages?moved=1' : `${elsewhere.url}/v1/messages`;
          res.writeHead(307, { location: to });
          res.end();
          return;
        }
        json(res, 200, {
          id: 'm',
          type: 'message',
          role: 'assistant',
          model: 'claude',
          content: [{ type: 'text', text: 'followed' }],
          stop_reason: 'end_turn',
          usage: { input_tokens: 1, output_tokens: 1 },
        });
      });
      const result = await sendOnce(app, 'messages', 'claude-sonnet-4-5');
      expect(result.reply.status).toBe('error');
      expect(result.reply.error?.message).toContain(new URL(elsewhere.url).origin);
      expect(result.reply.error?.attempts).toBe(1);
      expect(reached).toEqual([]);
    } finally {
      await elsewhere.close();
    }
  });

  it('follows a redirect within the same origin, keeping method and body for 307', async () => {
    let second: { method?: string; body: string } | undefined;
    const app = await appAgainst((req, body, res) => {
      if (req.url === '/v1/chat/completions') {
        res.writeHead(307, { location: '/v1/chat/completions?moved=1' });
        res.end();
        return;
      }
      second = { ...(req.method ? { method: req.method } : {}), body };
      json(res, 200, chatReply('moved and answered'));
    });
    const result = await sendOnce(app, 'chat', 'gpt-5-mini');
    expect(result.reply.text).toBe('moved and answered');
    expect(second?.method).toBe('POST');
    expect(JSON.parse(second?.body ?? '{}')).toMatchObject({ model: 'gpt-5-mini' });
  });
});
