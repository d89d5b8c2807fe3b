// Group "messages": POST /v1/messages (spec §2.6, §4.5, §5, §8, §9), plain and streamed, and whether a
// request without anthropic-version or without max_tokens is refused as the spec implies.
import { endpointUrl } from '../../shared/endpoints.ts';
import { eventJson, once, PROMPT, type StreamJudgement } from './format.ts';
import {
  keyedRequest,
  describeAnswer,
  describeHttp,
  oneLine,
  send,
  type Answer,
  type SseAnswer,
} from './probe.ts';
import { emit } from './report.ts';
import { MESSAGE } from '../../shared/spec-tables.ts';
import type { CheckStatus } from './types.ts';
import { isRecord, MESSAGES_KEY_HEADER, MESSAGES_VERSION } from '../../shared/wire.ts';
import type { TextFormatCheck } from './text-format.ts';

/** Enough for a one-word answer, small enough to stay cheap. */
const MAX_TOKENS = 128;

export function messageText(body: Record<string, unknown>): string | undefined {
  const content = body['content'];
  if (!Array.isArray(content)) return undefined;
  const texts = content.flatMap((b) =>
    isRecord(b) && b['type'] === 'text' && typeof b['text'] === 'string' ? [b['text']] : [],
  );
  return texts.length > 0 ? texts.join('') : undefined;
}

export function judgeMessagesStream(a: SseAnswer): StreamJudgement {
  const problems: string[] = [];
  const warnings: string[] = [];
  const names: string[] = [];
  const open = new Set<number>();
  let text = '';
  let stopReason: unknown;
  for (const [i, e] of a.events.entries()) {
    const data = eventJson(e.data);
    if (data === undefined) {
      once(problems, `event ${i + 1} is not a JSON object: ${JSON.stringify(oneLine(e.data, 40))}`);
      continue;
    }
    const type = data['type'];
    const name = e.event ?? (typeof type === 'string' ? type : '');
    if (e.event === undefined) once(warnings, 'events carry no event: name');
    else if (type !== e.event) {
      once(problems, `event "${e.event}" carries type ${JSON.stringify(type)}; expected the event name`);
    }
    if (name === 'ping') continue;
    names.push(name);
    const index = typeof data['index'] === 'number' ? data['index'] : -1;
    switch (name) {
      case 'error': {
        const err = isRecord(data['error']) ? data['error'] : {};
        once(problems, `an error event: ${String(err['type'] ?? '')} ${String(err['message'] ?? '')}`.trim());
        break;
      }
      case 'content_block_start':
        if (open.has(index)) once(problems, `content block ${index} started twice`);
        open.add(index);
        break;
      case 'content_block_delta': {
        if (!open.has(index)) once(problems, `a delta for content block ${index}, which is not open`);
        const delta = isRecord(data['delta']) ? data['delta'] : {};
        if (delta['type'] === 'text_delta' && typeof delta['text'] === 'string') text += delta['text'];
        break;
      }
      case 'content_block_stop':
        if (!open.delete(index)) once(problems, `content block ${index} stopped without being started`);
        break;
      case 'message_delta':
        stopReason = isRecord(data['delta']) ? data['delta']['stop_reason'] : undefined;
        break;
      default:
        break;
    }
  }
  if (names[0] !== 'message_start') {
    problems.push(`expected the first event to be "message_start"; got ${JSON.stringify(names[0] ?? null)}`);
  }
  const last = names[names.length - 1];
  if (last !== 'message_stop') {
    problems.push(`expected the last event to be "message_stop"; got ${JSON.stringify(last ?? null)}`);
  }
  const deltaAt = names.lastIndexOf('message_delta');
  if (deltaAt < 0 || deltaAt !== names.length - 2) {
    problems.push('expected "message_delta" (stop reason, usage) right before "message_stop"');
  } else if (typeof stopReason !== 'string') {
    problems.push('message_delta carries no delta.stop_reason');
  }
  if (open.size > 0) problems.push(`content blocks never stopped: ${[...open].join(', ')}`);
  if (text === '') problems.push('the text deltas reassemble to an empty text');
  return {
    problems,
    warnings,
    summary: `${a.events.length} events from message_start to message_stop, blocks opened and closed in order, stop_reason ${JSON.stringify(stopReason)}; text reassembles to ${JSON.stringify(oneLine(text, 40))}`,
  };
}

/** A request the spec says needs something it lacks: refused is right, accepted is lenient (information). */
function refusalVerdict(answer: Answer, lacking: string): { status: CheckStatus; detail: string } {
  if (answer.kind === 'failed')
    return { status: 'info', detail: `could not tell: ${describeAnswer(answer)}` };
  if (answer.status >= 200 && answer.status < 300) {
    return {
      status: 'info',
      detail: `lenient: ${answer.where} accepted a request without ${lacking} (HTTP ${answer.status}); the spec requires it, so clients that leave it out work here and break on a strict service`,
    };
  }
  if (answer.status >= 400 && answer.status < 500) {
    return { status: 'pass', detail: `a request without ${lacking} is refused: ${describeHttp(answer)}` };
  }
  return {
    status: 'warn',
    detail: `expected a 4xx refusal of a request without ${lacking}; got ${describeHttp(answer)}`,
  };
}

export const MESSAGES_CHECK: TextFormatCheck = {
  group: 'messages',
  family: 'messages',
  table: MESSAGE,
  request: (model) => ({ model, max_tokens: MAX_TOKENS, messages: [{ role: 'user', content: PROMPT }] }),
  url: (ctx) => endpointUrl(ctx.root, 'messages'),
  text: { of: messageText, where: 'the text blocks of content[]' },
  usage: { path: 'usage', addends: ['input_tokens', 'output_tokens'] },
  judgeStream: judgeMessagesStream,
  // the two requirements the spec states for this format alone
  afterStream: async (ctx, { key, url, request }) => {
    const noVersion = await send(ctx, {
      method: 'POST',
      url,
      headers: { [MESSAGES_KEY_HEADER]: key },
      body: request,
    });
    const v = refusalVerdict(noVersion, `the anthropic-version header (${MESSAGES_VERSION})`);
    emit(ctx, 'messages', 'version-required', 'anthropic-version required', v.status, v.detail);

    const { max_tokens: _maxTokens, ...withoutMax } = request;
    const noMax = await send(ctx, keyedRequest('messages', key, url, withoutMax));
    const m = refusalVerdict(noMax, 'max_tokens');
    emit(ctx, 'messages', 'max-tokens-required', 'max_tokens required', m.status, m.detail);
  },
};
