// Proof of the wire formats: the official client libraries parse what the simulator sends.
import Anthropic from '@anthropic-ai/sdk';
import OpenAI, { toFile } from 'openai';
import { GoogleGenAI, type GenerateContentResponse } from '@google/genai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_KEY, SIM_MODELS, simulatedReply, startSimulator } from '../../electron/simulator/index.ts';
import { encodePng, pngSize } from '../../electron/simulator/png.ts';
import { png } from './test-images.ts';
import type { RunningSimulator } from '../../electron/simulator/index.ts';

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator();
});
afterEach(() => sim.faults.clear());
afterAll(() => sim.close());

function openai(): OpenAI {
  return new OpenAI({ apiKey: SANDBOX_KEY, baseURL: `${sim.baseUrl}/v1`, maxRetries: 0 });
}

/**
 * The messages library, set up as wire-notes asks: no apiKey (it would be sent as Bearer) and both
 * headers as defaults. Default credential lookup is switched off so that a profile on the developer's
 * machine cannot add a token or reach the network.
 */
class SimAnthropic extends Anthropic {
  protected override _shouldResolveDefaultCredentials(): boolean {
    return false;
  }
}

function anthropic(key = SANDBOX_KEY): Anthropic {
  return new SimAnthropic({
    apiKey: null,
    authToken: null,
    baseURL: sim.baseUrl,
    maxRetries: 0,
    defaultHeaders: { 'x-api-key': key, 'anthropic-version': '2023-06-01' },
  });
}

describe('openai library', () => {
  it('lists models', async () => {
    const page = await openai().models.list();
    expect(page.data.map((m) => m.id)).toEqual(SIM_MODELS.map((m) => m.id));
  });

  it('creates a chat completion', async () => {
    const completion = await openai().chat.completions.create({
      model: 'gemini-2.5-flash',
      messages: [{ role: 'user', content: 'via sdk' }],
      max_completion_tokens: 100,
    });
    expect(completion.choices[0]?.message.content).toBe(simulatedReply('via sdk', 'gemini-2.5-flash', 1));
    expect(completion.usage?.total_tokens).toBeGreaterThan(0);
  });

  it('streams a chat completion with usage', async () => {
    const stream = await openai().chat.completions.create({
      model: 'claude-haiku-4-5',
      messages: [{ role: 'user', content: 'stream via sdk' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    let usage: OpenAI.CompletionUsage | null | undefined;
    let finish: string | null | undefined;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      finish = chunk.choices[0]?.finish_reason ?? finish;
      usage = chunk.usage ?? usage;
    }
    expect(text).toBe(simulatedReply('stream via sdk', 'claude-haiku-4-5', 1));
    expect(finish).toBe('stop');
    expect(usage?.completion_tokens).toBeGreaterThan(0);
  });

  it('sends an image in a chat completion, and the reply names it', async () => {
    const image = png(6, 4);
    const completion = await openai().chat.completions.create({
      model: 'gpt-4.1',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'what is this' },
            {
              type: 'image_url',
              image_url: { url: `data:image/png;base64,${image.toString('base64')}`, detail: 'low' },
            },
          ],
        },
      ],
    });
    expect(completion.choices[0]?.message.content).toBe(
      `Reply 1 from gpt-4.1: you said "what is this".\n\nReceived 1 attachment: image/png 6x4 (${image.length} bytes).`,
    );
  });

  it('creates a response and reads output_text', async () => {
    const response = await openai().responses.create({ model: 'gpt-5-mini', input: 'responses via sdk' });
    expect(response.output_text).toBe(simulatedReply('responses via sdk', 'gpt-5-mini', 1));
    expect(response.status).toBe('completed');
  });

  it('streams a response into its final form', async () => {
    const stream = openai().responses.stream({ model: 'gpt-4.1', input: 'stream responses via sdk' });
    const deltas: string[] = [];
    stream.on('response.output_text.delta', (event) => deltas.push(event.delta));
    const final = await stream.finalResponse();
    const expected = simulatedReply('stream responses via sdk', 'gpt-4.1', 1);
    expect(final.output_text).toBe(expected);
    expect(deltas.join('')).toBe(expected);
    expect(final.usage?.total_tokens).toBeGreaterThan(0);
  });

  it('generates an image', async () => {
    const result = await openai().images.generate({
      model: 'gpt-image-1',
      prompt: 'a kite',
      size: '1024x1536',
      quality: 'low',
    });
    const b64 = result.data?.[0]?.b64_json ?? '';
    expect(pngSize(Buffer.from(b64, 'base64'))).toEqual({ width: 1024, height: 1536 });
    expect(result.size).toBe('1024x1536');
  });

  it('edits images with a mask through the multipart form the library builds', async () => {
    const pixels = new Uint8Array(16 * 16 * 4); // fully transparent: the whole image may change
    const mask = encodePng({ width: 16, height: 16, channels: 4, pixels });
    const result = await openai().images.edit({
      model: 'gpt-image-1',
      prompt: 'a kite, in red',
      image: [
        await toFile(png(16, 16), 'a.png', { type: 'image/png' }),
        await toFile(png(8, 8), 'b.png', { type: 'image/png' }),
      ],
      mask: await toFile(mask, 'mask.png', { type: 'image/png' }),
      input_fidelity: 'high',
    });
    const b64 = result.data?.[0]?.b64_json ?? '';
    expect(pngSize(Buffer.from(b64, 'base64'))).toEqual({ width: 16, height: 16 });
    expect(result.usage?.input_tokens_details.image_tokens).toBeGreaterThan(0);
  });

  it('raises typed errors from the Bearer error shape', async () => {
    sim.faults.add({ kind: 'status', status: 429, message: 'simulated limit' });
    const error = await openai()
      .chat.completions.create({ model: 'gpt-4.1', messages: [{ role: 'user', content: 'x' }] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.RateLimitError);
    expect((error as InstanceType<typeof OpenAI.RateLimitError>).message).toContain('simulated limit');
    const unknown = await openai()
      .chat.completions.create({ model: 'nope', messages: [{ role: 'user', content: 'x' }] })
      .catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(OpenAI.NotFoundError);
  });
});

describe('anthropic library', () => {
  it('sends x-api-key and the version the service wants, not Bearer', async () => {
    const before = sim.requests.length;
    await anthropic().messages.create({
      model: 'claude-haiku-4-5',
      max_tokens: 64,
      messages: [{ role: 'user', content: 'hi' }],
    });
    const headers = sim.requests[before]?.headers ?? {};
    expect(headers['x-api-key']).toBe(SANDBOX_KEY);
    expect(headers['anthropic-version']).toBe('2023-06-01');
    expect(headers['authorization']).toBeUndefined();
  });

  it('creates a message', async () => {
    const message = await anthropic('sim-messages-key').messages.create({
      model: 'claude-haiku-4-5',
      max_tokens: 64,
      system: 'Be brief.',
      messages: [{ role: 'user', content: 'messages via sdk' }],
    });
    const block = message.content[0];
    expect(block?.type === 'text' ? block.text : undefined).toBe(
      simulatedReply('messages via sdk', 'claude-haiku-4-5', 1),
    );
    expect(message.stop_reason).toBe('end_turn');
    expect(message.usage.output_tokens).toBeGreaterThan(0);
  });

  it('sends an image and a text document, and the reply names both', async () => {
    const image = png(3, 3);
    const message = await anthropic().messages.create({
      model: 'claude-haiku-4-5',
      max_tokens: 200,
      messages: [
        {
          role: 'user',
          content: [
            {
              type: 'image',
              source: { type: 'base64', media_type: 'image/png', data: image.toString('base64') },
            },
            {
              type: 'document',
              source: { type: 'text', media_type: 'text/plain', data: 'abc' },
              title: 'a.txt',
            },
            { type: 'text', text: 'both' },
          ],
        },
      ],
    });
    const block = message.content[0];
    expect(block?.type === 'text' ? block.text : undefined).toBe(
      `Reply 1 from claude-haiku-4-5: you said "both".\n\nReceived 2 attachments: image/png 3x3 (${image.length} bytes); text/plain a.txt (3 bytes).`,
    );
  });

  it('streams a message with thinking into its final form', async () => {
    const stream = anthropic().messages.stream({
      model: 'claude-haiku-4-5',
      max_tokens: 2048,
      thinking: { type: 'enabled', budget_tokens: 1024 },
      messages: [{ role: 'user', content: 'stream messages via sdk' }],
    });
    let streamed = '';
    stream.on('text', (delta) => {
      streamed += delta;
    });
    const message = await stream.finalMessage();
    const [thinking, text] = message.content;
    expect(thinking?.type).toBe('thinking');
    expect(thinking?.type === 'thinking' ? thinking.signature : '').not.toBe('');
    const expected = simulatedReply('stream messages via sdk', 'claude-haiku-4-5', 1);
    expect(text?.type === 'text' ? text.text : undefined).toBe(expected);
    expect(streamed).toBe(expected);
    expect(message.stop_reason).toBe('end_turn');
    expect(message.usage.output_tokens).toBeGreaterThan(0);
  });

  it('iterates raw stream events', async () => {
    const stream = await anthropic().messages.create({
      model: 'claude-haiku-4-5',
      max_tokens: 64,
      stream: true,
      messages: [{ role: 'user', content: 'raw' }],
    });
    const types: string[] = [];
    for await (const event of stream) types.push(event.type);
    expect(types[0]).toBe('message_start');
    expect(types.at(-1)).toBe('message_stop');
  });

  it('raises typed errors from the messages error shape, also after HTTP 200', async () => {
    sim.faults.add({ kind: 'status', status: 529 });
    const overloaded = await anthropic()
      .messages.create({
        model: 'claude-haiku-4-5',
        max_tokens: 64,
        messages: [{ role: 'user', content: 'x' }],
      })
      .catch((e: unknown) => e);
    expect(overloaded).toBeInstanceOf(Anthropic.APIError);
    expect((overloaded as InstanceType<typeof Anthropic.APIError>).status).toBe(529);

    sim.faults.add({ kind: 'errorEvent', afterEvents: 4 });
    const stream = anthropic().messages.stream({
      model: 'claude-haiku-4-5',
      max_tokens: 64,
      messages: [{ role: 'user', content: 'x' }],
    });
    await expect(stream.finalMessage()).rejects.toThrow(/overloaded/i);

    const wrongGroup = await anthropic('sim-bearer-key')
      .messages.create({
        model: 'claude-haiku-4-5',
        max_tokens: 64,
        messages: [{ role: 'user', content: 'x' }],
      })
      .catch((e: unknown) => e);
    expect(wrongGroup).toBeInstanceOf(Anthropic.AuthenticationError);
  });
});

describe('@google/genai library', () => {
  // The library sends its key in the x-goog-api-key header, as the real service accepts; the spec's
  // interface is v1beta, which this release no longer takes by default.
  const HTTP = { apiVersion: 'v1beta', timeout: 10_000 };
  const genai = (apiKey = SANDBOX_KEY) =>
    new GoogleGenAI({ apiKey, httpOptions: { ...HTTP, baseUrl: sim.baseUrl } });
  const MODEL = 'gemini-2.5-flash';
  const THOUGHTS = { thinkingConfig: { includeThoughts: true, thinkingBudget: -1 } };

  it('generates content in one shot, thoughts apart from the answer', async () => {
    const r = await genai().models.generateContent({ model: MODEL, contents: 'one shot', config: THOUGHTS });
    // .text joins the answer parts only; the thought summary is a part of its own
    expect(r.text).toBe(simulatedReply('one shot', MODEL, 1));
    const parts = r.candidates?.[0]?.content?.parts ?? [];
    expect(parts.some((p) => p.thought === true && (p.text ?? '') !== '')).toBe(true);
    expect(parts.some((p) => typeof p.thoughtSignature === 'string')).toBe(true);
    expect(r.usageMetadata?.thoughtsTokenCount).toBeGreaterThan(0);
  });

  it('sends inline image and PDF data, and the reply names both', async () => {
    const image = png(5, 7);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <</Type /Page>> endobj\n%%EOF\n', 'latin1');
    const r = await genai().models.generateContent({
      model: MODEL,
      contents: [
        {
          role: 'user',
          parts: [
            { text: 'files' },
            { inlineData: { mimeType: 'image/png', data: image.toString('base64') } },
            { inlineData: { mimeType: 'application/pdf', data: pdf.toString('base64') } },
          ],
        },
      ],
    });
    expect(r.text).toBe(
      `Reply 1 from ${MODEL}: you said "files".\n\nReceived 2 attachments: image/png 5x7 (${image.length} bytes); application/pdf 1 page (${pdf.length} bytes).`,
    );
  });

  it('holds a multi-turn chat whose signed turns go back as the service wants them', async () => {
    const chat = genai().chats.create({ model: MODEL, config: THOUGHTS });
    const first = await chat.sendMessage({ message: 'first turn' });
    expect(first.text).toBe(simulatedReply('first turn', MODEL, 1));
    // the turn goes back as the library keeps it (text-part signatures are not checked, as at the service)
    const second = await chat.sendMessage({ message: 'second turn' });
    expect(second.text).toBe(simulatedReply('second turn', MODEL, 2));
    const history = chat.getHistory();
    expect(history.map((c) => c.role)).toEqual(['user', 'model', 'user', 'model']);
  });

  it('streams, the chunks joining to the answer, the last one with finish reason and usage', async () => {
    const stream = await genai().models.generateContentStream({
      model: MODEL,
      contents: 'stream through genai',
      config: THOUGHTS,
    });
    let answer = '';
    let last: GenerateContentResponse | undefined;
    for await (const chunk of stream) {
      const parts = chunk.candidates?.[0]?.content?.parts ?? [];
      answer += parts
        .filter((p) => p.thought !== true)
        .map((p) => p.text ?? '')
        .join('');
      last = chunk;
    }
    expect(answer).toBe(simulatedReply('stream through genai', MODEL, 1));
    expect(last?.candidates?.[0]?.finishReason).toBe('STOP');
    expect(last?.usageMetadata?.totalTokenCount).toBeGreaterThan(0);
  });

  it('raises the service error with its status', async () => {
    await expect(
      genai('not-a-key').models.generateContent({ model: MODEL, contents: 'x' }),
    ).rejects.toMatchObject({
      status: 401,
    });
  });
});
