import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulatedReply, startSimulator } from '../../electron/simulator/index.ts';
import { countTokens } from '../../electron/simulator/replies.ts';
import { generatePath, JSON_HEADERS, jsonEvents, post, readSse } from './helpers.ts';
import type { RunningSimulator } from '../../electron/simulator/index.ts';

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(() => sim.close());

interface Part {
  text?: string;
  thought?: boolean;
  thoughtSignature?: string;
}
interface Content {
  role: 'user' | 'model';
  parts: Part[];
}

const MODEL = 'gemini-2.5-flash';
const THINKING = { thinkingConfig: { includeThoughts: true, thinkingBudget: -1 } };

function generate(body: unknown, stream = false, model = MODEL): Promise<Response> {
  return post(sim, generatePath(model, undefined, stream), body, JSON_HEADERS);
}

function user(text: string): Content {
  return { role: 'user', parts: [{ text }] };
}

async function modelTurn(contents: Content[]): Promise<Content> {
  const res = await generate({ contents, generationConfig: THINKING });
  expect(res.status).toBe(200);
  const body = await res.json();
  return body.candidates[0].content as Content;
}

/** The parts of a streamed reply, one per chunk, as a careful client keeps them. */
async function streamedParts(contents: Content[]): Promise<Part[]> {
  const res = await generate({ contents, generationConfig: THINKING }, true);
  const chunks = jsonEvents(await readSse(res)) as Array<{
    candidates: Array<{ content: { parts: Part[] } }>;
  }>;
  return chunks.flatMap((c) => c.candidates[0]?.content.parts ?? []);
}

/** A signature one character off; never the same one (a random signature may already start with the substitute). */
function alterFirstChar(signature: string): string {
  return `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
}

/** A follow-up with `contents` is answered (HTTP 200). */
async function expectAccepted(contents: Content[]): Promise<void> {
  const res = await generate({ contents, generationConfig: THINKING });
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(200);
}

describe('generate content', () => {
  it('answers with every field of spec §2.7', async () => {
    const res = await generate({
      systemInstruction: { parts: [{ text: 'Be brief.' }] },
      contents: [user('hello')],
      generationConfig: { temperature: 0.5, thinkingConfig: { includeThoughts: false, thinkingBudget: 0 } },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toMatch(/^req_/);
    const body = await res.json();
    const reply = simulatedReply('hello', MODEL, 1);
    expect(body).toMatchObject({
      candidates: [{ content: { role: 'model', parts: [{ text: reply }] }, finishReason: 'STOP' }],
      modelVersion: expect.any(String),
      responseId: expect.any(String),
    });
    expect(body.candidates[0].content.parts[0]).toEqual({ text: reply });
    const usage = body.usageMetadata;
    expect(usage).toMatchObject({ promptTokenCount: 3, candidatesTokenCount: countTokens(reply) });
    expect(usage.totalTokenCount).toBe(usage.promptTokenCount + usage.candidatesTokenCount);
    expect(usage.thoughtsTokenCount).toBeUndefined();
  });

  it('takes the model from a URL-encoded path segment', async () => {
    const res = await post(
      sim,
      `/v1beta/models/gemini%2D2.5%2Dpro:generateContent?key=quartet-sandbox`,
      { contents: [user('x')] },
      JSON_HEADERS,
    );
    expect((await res.json()).modelVersion).toBe('gemini-2.5-pro');
  });

  it('returns a thought part, then the answer with a signature, when thoughts are included', async () => {
    const res = await generate({ contents: [user('think')], generationConfig: THINKING });
    const body = await res.json();
    const [thought, answer] = body.candidates[0].content.parts as Part[];
    expect(thought).toEqual({ text: expect.any(String), thought: true });
    expect(answer).toEqual({ text: simulatedReply('think', MODEL, 1), thoughtSignature: expect.any(String) });
    expect(Buffer.from(answer?.thoughtSignature ?? '', 'base64').length).toBeGreaterThan(16);
    const usage = body.usageMetadata;
    expect(usage.thoughtsTokenCount).toBeGreaterThan(0);
    expect(usage.totalTokenCount).toBe(
      usage.promptTokenCount + usage.candidatesTokenCount + usage.thoughtsTokenCount,
    );
  });

  it('thinks without showing thoughts when only a budget is set', async () => {
    const body = await (
      await generate({
        contents: [user('budget')],
        generationConfig: { thinkingConfig: { thinkingBudget: 512 } },
      })
    ).json();
    const parts = body.candidates[0].content.parts as Part[];
    expect(parts).toHaveLength(1);
    expect(parts[0]?.thoughtSignature).toEqual(expect.any(String));
    expect(body.usageMetadata.thoughtsTokenCount).toBeGreaterThan(0);
  });

  it('accepts a follow-up that sends the signed turn back unchanged, thought part included', async () => {
    const first = await modelTurn([user('one')]);
    const res = await generate({ contents: [user('one'), first, user('two')], generationConfig: THINKING });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.candidates[0].content.parts[1].text).toBe(simulatedReply('two', MODEL, 2));
    // Dropping the display-only thought part is fine too.
    const withoutThought = { role: 'model' as const, parts: first.parts.filter((p) => !p.thought) };
    const res2 = await generate({
      contents: [user('one'), withoutThought, user('two')],
      generationConfig: THINKING,
    });
    expect(res2.status).toBe(200);
  });

  // As the service: text-part signatures are not checked (function-call ones are: see tools.test.ts).
  it('accepts a text turn whose signature is missing, altered or moved', async () => {
    const first = await modelTurn([user('sig')]);
    const [thought, answer] = first.parts;
    if (!thought || !answer?.thoughtSignature) throw new Error('expected a thought and a signed answer');
    const missing: Content = { role: 'model', parts: [thought, { text: answer.text ?? '' }] };
    await expectAccepted([user('sig'), missing, user('next')]);
    const altered: Content = {
      role: 'model',
      parts: [thought, { ...answer, thoughtSignature: alterFirstChar(answer.thoughtSignature) }],
    };
    await expectAccepted([user('sig'), altered, user('next')]);
    const moved: Content = {
      role: 'model',
      parts: [{ ...thought, thoughtSignature: answer.thoughtSignature }, { text: answer.text ?? '' }],
    };
    await expectAccepted([user('sig'), moved, user('next')]);
  });

  it('streams CRLF data chunks, no [DONE], the last with finishReason, usage and an empty signed part', async () => {
    const res = await generate({ contents: [user('stream')], generationConfig: THINKING }, true);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const text = await res.text();
    expect(text).toContain('\r\n\r\n');
    expect(text).not.toContain('[DONE]');
    const events = text.split('\r\n\r\n').filter(Boolean);
    const chunks = events.map((e) => JSON.parse(e.replace(/^data: /, '')));
    expect(chunks.length).toBeGreaterThan(4);
    const last = chunks.at(-1);
    expect(last.candidates[0].finishReason).toBe('STOP');
    expect(last.usageMetadata.totalTokenCount).toBeGreaterThan(0);
    expect(last.candidates[0].content.parts).toEqual([{ text: '', thoughtSignature: expect.any(String) }]);
    expect(
      chunks
        .slice(0, -1)
        .every((c) => c.usageMetadata === undefined && c.candidates[0].finishReason === undefined),
    ).toBe(true);
    expect(chunks[0].candidates[0].content.parts[0].thought).toBe(true);
    const answer = chunks
      .flatMap((c) => c.candidates[0].content.parts)
      .filter((p: Part) => !p.thought)
      .map((p: Part) => p.text)
      .join('');
    expect(answer).toBe(simulatedReply('stream', MODEL, 1));
  });

  it('accepts a streamed turn sent back part by part, or with the unsigned text merged', async () => {
    const parts = await streamedParts([user('s1')]);
    const asReceived = await generate({
      contents: [user('s1'), { role: 'model', parts }, user('s2')],
      generationConfig: THINKING,
    });
    expect(asReceived.status).toBe(200);
    const signed = parts.filter((p) => p.thoughtSignature !== undefined);
    const text = parts
      .filter((p) => !p.thought && !p.thoughtSignature)
      .map((p) => p.text)
      .join('');
    const merged: Content = { role: 'model', parts: [{ text }, ...signed] };
    expect(
      (await generate({ contents: [user('s1'), merged, user('s2')], generationConfig: THINKING })).status,
    ).toBe(200);
  });

  it('accepts a streamed turn whose empty signed part was dropped, or joined with the text (as the AI SDK sends it)', async () => {
    const parts = await streamedParts([user('s3')]);
    const unsigned = parts.filter((p) => !p.thought && !p.thoughtSignature);
    const signature = parts.find((p) => p.thoughtSignature)?.thoughtSignature;
    const text = unsigned.map((p) => p.text).join('');
    await expectAccepted([user('s3'), { role: 'model', parts: unsigned }, user('s4')]);
    await expectAccepted([
      user('s3'),
      { role: 'model', parts: [{ text, thoughtSignature: signature ?? '' }] },
      user('s4'),
    ]);
  });

  it('does not ask for signatures on replies issued without thinking', async () => {
    const body = await (await generate({ contents: [user('plain')] })).json();
    const res = await generate({ contents: [user('plain'), body.candidates[0].content, user('more')] });
    expect(res.status).toBe(200);
  });

  it('stops at maxOutputTokens with MAX_TOKENS', async () => {
    const body = await (
      await generate({ contents: [user('x')], generationConfig: { maxOutputTokens: 2 } })
    ).json();
    expect(body.candidates[0]).toMatchObject({
      finishReason: 'MAX_TOKENS',
      content: { parts: [{ text: 'Reply 1' }] },
    });
  });

  it('answers errors in the generate-content shape', async () => {
    const unknown = await generate({ contents: [user('x')] }, false, 'gemini-0');
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error).toMatchObject({
      code: 404,
      status: 'NOT_FOUND',
      message: expect.any(String),
    });
    const noContents = await generate({ contents: [] });
    expect(noContents.status).toBe(400);
    expect((await noContents.json()).error.status).toBe('INVALID_ARGUMENT');
    const noAlt = await post(
      sim,
      '/v1beta/models/gemini-2.5-flash:streamGenerateContent?key=quartet-sandbox',
      { contents: [user('x')] },
      JSON_HEADERS,
    );
    expect(noAlt.status).toBe(400);
    const badRole = await generate({ contents: [{ role: 'assistant', parts: [{ text: 'x' }] }] });
    expect(badRole.status).toBe(400);
  });
});
