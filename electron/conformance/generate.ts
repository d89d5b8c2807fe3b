// Group "generate": POST /v1beta/models/{model}:generateContent (spec §2.7, §4.6), plain and streamed,
// and a two-turn exchange with thoughts on: thought parts, the signature, the follow-up that carries it,
// what happens to a text turn that lost it (information), and whether a function call that lost its
// signature is refused (the one check the public service makes).
import { randomUUID } from 'node:crypto';
import { endpointUrl } from '../../shared/endpoints.ts';
import { eventJson, once, PROMPT, type StreamJudgement } from './format.ts';
import { describeAnswer, oneLine, send, type Answer, type SseAnswer } from './probe.ts';
import { emit } from './report.ts';
import { describeValue } from './schema.ts';
import { GENERATE_RESULT } from '../../shared/spec-tables.ts';
import type { Ctx } from './types.ts';
import { GENERATE_KEY_HEADER, isRecord } from '../../shared/wire.ts';
import type { TextFormatCheck } from './text-format.ts';

// A fresh tag per run: a service that has issued the same reply before (with or without a signature)
// must not judge this run's replay by that earlier one.
const thinkingPrompt = (): string =>
  `Think briefly, then reply with the single word: ok (check ${randomUUID().slice(0, 8)})`;
const FOLLOW_UP = 'Now reply with the single word: done';
/** Spec §4.6: thinkingBudget -1 is used with includeThoughts true. */
const THOUGHTS_ON = { thinkingConfig: { includeThoughts: true, thinkingBudget: -1 } };

/** The parts of the first candidate, or undefined when the reply has none. */
export function firstParts(body: unknown): unknown[] | undefined {
  if (!isRecord(body) || !Array.isArray(body['candidates'])) return undefined;
  const candidate: unknown = body['candidates'][0];
  if (!isRecord(candidate) || !isRecord(candidate['content'])) return undefined;
  const parts = candidate['content']['parts'];
  return Array.isArray(parts) ? parts : undefined;
}

/** The main text: the text of the parts that are not thought summaries. */
export function mainText(parts: readonly unknown[] | undefined): string | undefined {
  if (parts === undefined) return undefined;
  const texts = parts.flatMap((p) =>
    isRecord(p) && p['thought'] !== true && typeof p['text'] === 'string' ? [p['text']] : [],
  );
  return texts.length > 0 ? texts.join('') : undefined;
}

export function judgeGenerateStream(a: SseAnswer): StreamJudgement {
  const problems: string[] = [];
  const warnings: string[] = [];
  let text = '';
  let chunks = 0;
  let lastFinish: unknown;
  for (const [i, e] of a.events.entries()) {
    if (e.data === '[DONE]') {
      once(warnings, 'a data: [DONE] line, which this format does not send');
      continue;
    }
    const data = eventJson(e.data);
    if (data === undefined) {
      once(problems, `event ${i + 1} is not a JSON object: ${JSON.stringify(oneLine(e.data, 40))}`);
      continue;
    }
    if (isRecord(data['error'])) {
      once(problems, `an error event: ${oneLine(String(data['error']['message'] ?? 'no message'), 80)}`);
      continue;
    }
    chunks += 1;
    const candidates = data['candidates'];
    if (!Array.isArray(candidates) || candidates.length === 0) {
      once(problems, 'an event without candidates[]');
      lastFinish = undefined;
      continue;
    }
    text += mainText(firstParts(data)) ?? '';
    const first: unknown = candidates[0];
    lastFinish = isRecord(first) ? first['finishReason'] : undefined;
  }
  if (typeof lastFinish !== 'string') {
    problems.push(
      `expected the last event to carry candidates[0].finishReason; got ${describeValue(lastFinish)}`,
    );
  }
  if (text === '') problems.push('the text parts reassemble to an empty text');
  return {
    problems,
    warnings,
    summary: `${chunks} events, each a generate-content result, the last with finishReason ${JSON.stringify(lastFinish)}; text reassembles to ${JSON.stringify(oneLine(text, 40))}`,
  };
}

function userTurn(text: string): Record<string, unknown> {
  return { role: 'user', parts: [{ text }] };
}

function stripSignatures(parts: readonly unknown[]): unknown[] {
  return parts.map((p) => {
    if (!isRecord(p)) return p;
    const copy = { ...p };
    delete copy['thoughtSignature'];
    return copy;
  });
}

interface ThoughtParts {
  thoughts: Record<string, unknown>[];
  main: Record<string, unknown>[];
  signed: number[];
}

function sortParts(parts: readonly unknown[]): ThoughtParts {
  const out: ThoughtParts = { thoughts: [], main: [], signed: [] };
  parts.forEach((p, i) => {
    if (!isRecord(p)) return;
    if (p['thought'] === true) out.thoughts.push(p);
    else out.main.push(p);
    if (p['thoughtSignature'] !== undefined) out.signed.push(i);
  });
  return out;
}

function reportThoughts(ctx: Ctx, parts: readonly unknown[]): void {
  const s = sortParts(parts);
  const fail = (detail: string): void => emit(ctx, 'generate', 'thoughts', 'Thought parts', 'fail', detail);
  if (s.thoughts.length === 0) {
    return fail(
      `expected a part with "thought": true when includeThoughts is true; got ${parts.length} parts, none marked as thought`,
    );
  }
  const badThought = s.thoughts.find((p) => typeof p['text'] !== 'string');
  if (badThought)
    return fail(`expected a thought part's text to be a string; got ${describeValue(badThought['text'])}`);
  if (!mainText(parts)?.trim()) {
    return fail(
      `expected a main-text part besides the thought parts; got ${s.main.length} main-text parts with no text`,
    );
  }
  const flagged = s.main.filter((p) => 'thought' in p);
  if (flagged.length > 0) {
    emit(
      ctx,
      'generate',
      'thoughts',
      'Thought parts',
      'warn',
      `expected main-text parts to have no "thought" field (spec §2.7); got "thought": ${JSON.stringify(flagged[0]?.['thought'])}`,
    );
    return;
  }
  emit(
    ctx,
    'generate',
    'thoughts',
    'Thought parts',
    'pass',
    `${s.thoughts.length} thought part(s) with "thought": true and ${s.main.length} main-text part(s) without a thought field`,
  );
}

/** Reports whether a signature was issued; returns true when there is one to carry. */
function reportSignature(ctx: Ctx, parts: readonly unknown[]): boolean {
  const s = sortParts(parts);
  const bad = s.signed
    .map((i) => parts[i])
    .find((p) => isRecord(p) && typeof p['thoughtSignature'] !== 'string');
  if (isRecord(bad)) {
    emit(
      ctx,
      'generate',
      'signature',
      'Signature issued',
      'fail',
      `expected thoughtSignature to be a string; got ${describeValue(bad['thoughtSignature'])}`,
    );
    return false;
  }
  if (s.signed.length === 0) {
    emit(
      ctx,
      'generate',
      'signature',
      'Signature issued',
      'warn',
      `expected a thoughtSignature on a part of a reply with thoughts on; got ${parts.length} parts, none signed (clients cannot test that they send it back)`,
    );
    return false;
  }
  emit(
    ctx,
    'generate',
    'signature',
    'Signature issued',
    'pass',
    `thoughtSignature on part ${s.signed.map((i) => i + 1).join(', ')} of ${parts.length}`,
  );
  return true;
}

function replayVerdict(answer: Answer, signed: boolean): { status: 'pass' | 'fail'; detail: string } {
  const what = signed
    ? 'the model turn sent back unchanged (signature included)'
    : 'the model turn sent back unchanged';
  if (answer.kind === 'http' && answer.status === 200) {
    const text = mainText(firstParts(answer.json));
    return {
      status: 'pass',
      detail: `a follow-up with ${what} is accepted: HTTP 200${text ? `, ${JSON.stringify(oneLine(text, 40))}` : ''}`,
    };
  }
  return {
    status: 'fail',
    detail: `expected HTTP 200 for a follow-up with ${what}; got ${describeAnswer(answer)}`,
  };
}

/**
 * A text turn sent back without its thoughtSignature. The public service does not check text-part
 * signatures, and clients move or drop them (the AI SDK's Google provider joins a streamed reply's text and
 * puts the signature on the joined part): information either way.
 */
function textSignatureVerdict(answer: Answer): string {
  const got = describeAnswer(answer);
  if (answer.kind === 'failed') return `could not tell: ${got}`;
  if (answer.status >= 200 && answer.status < 300) {
    return `a follow-up whose text part lost its thoughtSignature is accepted (HTTP ${answer.status}), as at the public service, which checks only function-call signatures`;
  }
  if (answer.status >= 400 && answer.status < 500) {
    return `a follow-up whose text part lost its thoughtSignature is refused (${got}): stricter than the public service, so clients that move or drop text signatures break here`;
  }
  return `could not tell: ${got}`;
}

/** A call sent back without its thoughtSignature: the public service refuses it (HTTP 400). */
function enforcedVerdict(answer: Answer): { status: 'pass' | 'warn' | 'info'; detail: string } {
  const got = describeAnswer(answer);
  if (answer.kind === 'failed') return { status: 'info', detail: `could not tell: ${got}` };
  if (answer.status >= 200 && answer.status < 300) {
    return {
      status: 'warn',
      detail: `expected a follow-up whose functionCall part lost its thoughtSignature to be refused (HTTP 400); got HTTP ${answer.status}: signatures are not enforced, so clients that drop them work here and break where they are`,
    };
  }
  if (answer.status >= 400 && answer.status < 500) {
    return {
      status: 'pass',
      detail: `a follow-up whose function call lost its signature is refused: ${got}`,
    };
  }
  return { status: 'info', detail: `could not tell: ${got}` };
}

const CALL_NAME = 'get_time';
const CALL_ASK = userTurn(`What time is it in Paris? Use the ${CALL_NAME} function.`);
/** One function offered, a call required (mode ANY), thinking on: the call part is the one signed. */
const CALL_FIELDS = {
  tools: [
    {
      functionDeclarations: [
        {
          name: CALL_NAME,
          description: 'The current time in a city.',
          parametersJsonSchema: { type: 'object', properties: { city: { type: 'string' } } },
        },
      ],
    },
  ],
  toolConfig: { functionCallingConfig: { mode: 'ANY' } },
  generationConfig: THOUGHTS_ON,
};

/**
 * Whether the service refuses a function call sent back without its signature (the check the public
 * service makes): a call is asked for, then answered with the call part's signature left out.
 */
async function checkCallSignature(ctx: Ctx, url: string, key: string): Promise<void> {
  const report = (status: 'pass' | 'warn' | 'info', detail: string): void =>
    emit(ctx, 'generate', 'signature-enforced', 'Signature enforced', status, detail);
  const asked = await send(ctx, {
    method: 'POST',
    url,
    queryKey: key,
    body: { contents: [CALL_ASK], ...CALL_FIELDS },
  });
  const parts = asked.kind === 'http' && asked.status === 200 ? firstParts(asked.json) : undefined;
  if (parts === undefined) {
    return report(
      'info',
      `not checked: a request with a function and a call required got ${describeAnswer(asked)}`,
    );
  }
  const calls = parts.filter((p) => isRecord(p) && isRecord(p['functionCall']));
  const signed = calls.find((p) => isRecord(p) && p['thoughtSignature'] !== undefined);
  if (calls.length === 0 || signed === undefined) {
    return report(
      'info',
      calls.length === 0
        ? 'not checked: offered a function with a call required, and the reply called none'
        : 'not checked: the reply called a function without a thoughtSignature',
    );
  }
  const results = calls.map((p) => {
    const call = isRecord(p) && isRecord(p['functionCall']) ? p['functionCall'] : {};
    const id = typeof call['id'] === 'string' ? { id: call['id'] } : {};
    return { functionResponse: { name: CALL_NAME, response: { time: '14:05' }, ...id } };
  });
  const stripped = await send(ctx, {
    method: 'POST',
    url,
    queryKey: key,
    body: {
      contents: [
        CALL_ASK,
        { role: 'model', parts: stripSignatures(parts) },
        { role: 'user', parts: results },
      ],
      ...CALL_FIELDS,
    },
  });
  const e = enforcedVerdict(stripped);
  report(e.status, e.detail);
}

async function checkThoughtExchange(ctx: Ctx, url: string, key: string): Promise<void> {
  const first = userTurn(thinkingPrompt());
  const turn1 = await send(ctx, {
    method: 'POST',
    url,
    queryKey: key,
    body: { contents: [first], generationConfig: THOUGHTS_ON },
  });
  const parts = turn1.kind === 'http' && turn1.status === 200 ? firstParts(turn1.json) : undefined;
  if (parts === undefined) {
    emit(
      ctx,
      'generate',
      'thoughts',
      'Thought parts',
      'fail',
      `expected HTTP 200 with candidates[0].content.parts for a request with includeThoughts true; got ${describeAnswer(turn1)}`,
    );
    for (const [check, name] of [
      ['signature', 'Signature issued'],
      ['replay', 'Follow-up accepted'],
      ['text-signature', 'Text signature'],
    ] as const) {
      emit(ctx, 'generate', check, name, 'info', 'not checked: the first turn did not succeed');
    }
  } else {
    reportThoughts(ctx, parts);
    const signed = reportSignature(ctx, parts);
    const history = (modelParts: unknown[]): unknown => ({
      contents: [first, { role: 'model', parts: modelParts }, userTurn(FOLLOW_UP)],
      generationConfig: THOUGHTS_ON,
    });
    const replay = await send(ctx, { method: 'POST', url, queryKey: key, body: history([...parts]) });
    const r = replayVerdict(replay, signed);
    emit(ctx, 'generate', 'replay', 'Follow-up accepted', r.status, r.detail);
    if (signed) {
      const stripped = await send(ctx, {
        method: 'POST',
        url,
        queryKey: key,
        body: history(stripSignatures(parts)),
      });
      emit(ctx, 'generate', 'text-signature', 'Text signature', 'info', textSignatureVerdict(stripped));
    } else {
      emit(
        ctx,
        'generate',
        'text-signature',
        'Text signature',
        'info',
        'not checked: no signature was issued',
      );
    }
  }
  await checkCallSignature(ctx, url, key);
}

/**
 * Where the service takes the key: the spec's `?key=`, and the `x-goog-api-key` header that the official
 * client library sends. Information: either works for a client that uses it.
 */
async function checkKeyPlacement(
  ctx: Ctx,
  url: string,
  key: string,
  request: unknown,
  queryWorks: boolean,
): Promise<void> {
  const header = await send(ctx, {
    method: 'POST',
    url,
    headers: { [GENERATE_KEY_HEADER]: key },
    body: request,
  });
  const headerWorks = header.kind === 'http' && header.status === 200;
  const detail =
    queryWorks && headerWorks
      ? 'the key is taken both as ?key= and in the x-goog-api-key header (which the official client library sends)'
      : queryWorks
        ? `the key is taken as ?key= only: with the x-goog-api-key header (which the official client library sends) the service answered ${describeAnswer(header)}`
        : headerWorks
          ? 'the key is taken in the x-goog-api-key header, not as ?key= (which the spec names)'
          : `neither ?key= nor the x-goog-api-key header was accepted; the header answered ${describeAnswer(header)}`;
  emit(ctx, 'generate', 'key-placement', 'Key placement', 'info', detail);
}

export const GENERATE_CHECK: TextFormatCheck = {
  group: 'generate',
  family: 'generate',
  table: GENERATE_RESULT,
  request: () => ({ contents: [userTurn(PROMPT)] }),
  // the stream is asked for by the address (:streamGenerateContent), not in the body
  streamRequest: (request) => request,
  url: (ctx, model, stream) => endpointUrl(ctx.root, 'generate', { model, stream }),
  text: {
    of: (body) => mainText(firstParts(body)),
    where: 'the non-thought parts of candidates[0].content.parts',
  },
  usage: {
    path: 'usageMetadata',
    addends: ['promptTokenCount', 'candidatesTokenCount'],
    optionalAddends: ['thoughtsTokenCount', 'toolUsePromptTokenCount'],
    total: 'totalTokenCount',
  },
  judgeStream: judgeGenerateStream,
  afterMain: (ctx, run) => checkKeyPlacement(ctx, run.url, run.key, run.request, run.answered),
  afterStream: (ctx, run) => checkThoughtExchange(ctx, run.url, run.key),
};
