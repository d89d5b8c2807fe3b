// Group "chat": POST /v1/chat/completions (spec §2.3, §4.2), plain and streamed.
import { endpointUrl } from '../../shared/endpoints.ts';
import { eventJson, once, PROMPT, type StreamJudgement } from './format.ts';
import { oneLine, type SseAnswer } from './probe.ts';
import { CHAT_COMPLETION } from '../../shared/spec-tables.ts';
import { isRecord } from '../../shared/wire.ts';
import type { TextFormatCheck } from './text-format.ts';

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

export const CHAT_CHECK: TextFormatCheck = {
  group: 'chat',
  family: 'bearer',
  table: CHAT_COMPLETION,
  request: (model) => ({ model, messages: [{ role: 'user', content: PROMPT }] }),
  url: (ctx) => endpointUrl(ctx.root, 'chat'),
  text: {
    of: (body) => {
      const choices = body['choices'];
      const first = Array.isArray(choices) && isRecord(choices[0]) ? choices[0] : undefined;
      return first !== undefined && isRecord(first['message']) ? first['message']['content'] : undefined;
    },
    where: 'choices[0].message.content',
  },
  usage: { path: 'usage', addends: ['prompt_tokens', 'completion_tokens'], total: 'total_tokens' },
  judgeStream: judgeChatStream,
};
