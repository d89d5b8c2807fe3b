// Group "chat": POST /v1/chat/completions (spec §2.3, §4.2), plain and streamed.
import { endpointUrl } from '../../shared/endpoints.ts';
import {
  eventJson,
  once,
  PROMPT,
  reportFields,
  reportMain,
  reportStream,
  reportText,
  reportUsage,
  type FormatInfo,
  type StreamJudgement,
} from './format.ts';
import { pickModel } from './models.ts';
import { authHeaders, oneLine, send, sendStream, type SseAnswer } from './probe.ts';
import { skip } from './report.ts';
import { CHAT_COMPLETION } from './spec-tables.ts';
import type { Ctx } from './types.ts';
import { isRecord } from '../../shared/wire.ts';

const CHAT: FormatInfo = { group: 'chat', family: 'bearer', table: CHAT_COMPLETION };

export function judgeChatStream(a: SseAnswer): StreamJudgement {
  const problems: string[] = [];
  let text = '';
  let chunks = 0;
  let finish: string | undefined;
  let done = false;
  for (const [i, e] of a.events.entries()) {
    if (done) {
      once(problems, 'events after data: [DONE]');
      break;
    }
    if (e.data === '[DONE]') {
      done = true;
      continue;
    }
    const chunk = eventJson(e.data);
    if (chunk === undefined) {
      once(problems, `event ${i + 1} is not a JSON object: ${JSON.stringify(oneLine(e.data, 40))}`);
      continue;
    }
    if (isRecord(chunk['error'])) {
      once(problems, `an error event: ${oneLine(String(chunk['error']['message'] ?? 'no message'), 80)}`);
      continue;
    }
    chunks += 1;
    if (chunk['object'] !== 'chat.completion.chunk') {
      once(
        problems,
        `chunk field "object" should be "chat.completion.chunk", got ${JSON.stringify(chunk['object'])}`,
      );
    }
    const choices = chunk['choices'];
    if (!Array.isArray(choices)) {
      once(problems, 'a chunk has no choices[]');
      continue;
    }
    for (const choice of choices) {
      if (!isRecord(choice)) continue;
      const delta = choice['delta'];
      if (isRecord(delta) && typeof delta['content'] === 'string') text += delta['content'];
      if (typeof choice['finish_reason'] === 'string') finish = choice['finish_reason'];
    }
  }
  if (!done) problems.push('expected the stream to end with data: [DONE]; it did not');
  if (finish === undefined) problems.push('expected a last choice chunk with finish_reason; none had one');
  if (text === '') problems.push('the deltas reassemble to an empty text');
  return {
    problems,
    warnings: [],
    summary: `${chunks} chunks of chat.completion.chunk, finish_reason ${JSON.stringify(finish)}, ended with [DONE]; text reassembles to ${JSON.stringify(oneLine(text, 40))}`,
  };
}

export async function checkChat(ctx: Ctx): Promise<void> {
  const key = ctx.keys.bearer;
  if (key === undefined)
    return skip(ctx, 'chat', 'no key for Chat Completions (set the bearer or default key)');
  const model = pickModel(ctx, 'chat');
  if (!model.ok) return skip(ctx, 'chat', model.why);
  const url = endpointUrl(ctx.root, 'chat');
  const request = { model: model.id, messages: [{ role: 'user', content: PROMPT }] };
  const answer = await send(ctx, { method: 'POST', url, headers: authHeaders('bearer', key), body: request });
  const body = reportMain(ctx, CHAT, answer, model, ['fields', 'text', 'usage']);
  if (body !== undefined) {
    reportFields(ctx, CHAT, body);
    const choices = body['choices'];
    const first = Array.isArray(choices) && isRecord(choices[0]) ? choices[0] : undefined;
    const message = first !== undefined && isRecord(first['message']) ? first['message'] : undefined;
    reportText(ctx, CHAT, message?.['content'], 'choices[0].message.content');
    reportUsage(ctx, CHAT, body, {
      path: 'usage',
      addends: ['prompt_tokens', 'completion_tokens'],
      total: 'total_tokens',
    });
  }
  const stream = await sendStream(ctx, {
    method: 'POST',
    url,
    headers: authHeaders('bearer', key),
    body: { ...request, stream: true },
  });
  reportStream(ctx, CHAT, stream, judgeChatStream);
}
