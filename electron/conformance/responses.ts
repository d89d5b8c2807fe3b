// Group "responses": POST /v1/responses (spec §2.4, §3, §4.3), plain and streamed.
import { endpointUrl } from '../../shared/endpoints.ts';
import { eventJson, once, PROMPT, type StreamJudgement } from './format.ts';
import { oneLine, type SseAnswer } from './probe.ts';
import { RESPONSE_OBJECT } from '../../shared/spec-tables.ts';
import { isRecord } from '../../shared/wire.ts';
import type { TextFormatCheck } from './text-format.ts';

/** "The text of the output_text part inside an output item" (spec §2.4). */
export function responseText(body: unknown): string | undefined {
  if (!isRecord(body) || !Array.isArray(body['output'])) return undefined;
  for (const item of body['output']) {
    if (!isRecord(item) || item['type'] !== 'message' || !Array.isArray(item['content'])) continue;
    const texts = item['content'].flatMap((part) =>
      isRecord(part) && part['type'] === 'output_text' && typeof part['text'] === 'string'
        ? [part['text']]
        : [],
    );
    if (texts.length > 0) return texts.join('');
  }
  return undefined;
}

/** The text of every message item in output[] that has some, in order: one entry per item. */
function messageTexts(body: Record<string, unknown>): string[] {
  if (!Array.isArray(body['output'])) return [];
  return body['output'].flatMap((item) => {
    const text = responseText({ output: [item] });
    return text === undefined || text === '' ? [] : [text];
  });
}

/**
 * Which output item an event belongs to: its output_index. Some proxies send a new item_id on every event
 * of one item, so the id only stands in when there is no index.
 */
function itemOf(data: Record<string, unknown>): string {
  const index = data['output_index'];
  if (typeof index === 'number') return `#${index}`;
  return typeof data['item_id'] === 'string' ? `id:${data['item_id']}` : 'the item';
}

/** The events wire-notes lists, each expected at least once. */
const DOCUMENTED = [
  'response.created',
  'response.in_progress',
  'response.output_item.added',
  'response.content_part.added',
  'response.output_text.delta',
  'response.output_text.done',
  'response.content_part.done',
  'response.output_item.done',
  'response.completed',
];

export function judgeResponsesStream(a: SseAnswer): StreamJudgement {
  const problems: string[] = [];
  const warnings: string[] = [];
  const names: string[] = [];
  /** text deltas and output_text.done texts by output item, in the order the items began */
  const deltas = new Map<string, string>();
  const done = new Map<string, string>();
  /** the item_id each output item's events carried first */
  const idOf = new Map<number, unknown>();
  let final: Record<string, unknown> | undefined;
  let lastSequence = -1;
  for (const [i, e] of a.events.entries()) {
    const data = eventJson(e.data);
    if (data === undefined) {
      once(problems, `event ${i + 1} is not a JSON object: ${JSON.stringify(oneLine(e.data, 40))}`);
      continue;
    }
    const type = data['type'];
    const name = e.event ?? (typeof type === 'string' ? type : '');
    names.push(name);
    if (e.event === undefined) once(warnings, 'events carry no event: name');
    else if (type !== e.event) {
      once(problems, `event "${e.event}" carries type ${JSON.stringify(type)}; expected the event name`);
    }
    const sequence = data['sequence_number'];
    if (typeof sequence !== 'number' || !Number.isInteger(sequence)) {
      once(problems, `event "${name}" has no integer sequence_number`);
    } else {
      if (sequence <= lastSequence) once(problems, `sequence_number does not increase at event "${name}"`);
      lastSequence = sequence;
    }
    if (name === 'error' || name === 'response.failed') {
      const err = isRecord(data['error'])
        ? data['error']
        : isRecord(data['response'])
          ? data['response']['error']
          : data;
      once(
        problems,
        `a "${name}" event: ${isRecord(err) ? String(err['message'] ?? 'no message') : 'no message'}`,
      );
    }
    const index = data['output_index'];
    if (typeof index === 'number' && data['item_id'] !== undefined) {
      if (!idOf.has(index)) idOf.set(index, data['item_id']);
      else if (idOf.get(index) !== data['item_id']) {
        once(
          warnings,
          `the events of output item ${index} carry different item_id values: clients must tell items apart by output_index`,
        );
      }
    }
    if (name === 'response.output_text.delta' && typeof data['delta'] === 'string') {
      const item = itemOf(data);
      deltas.set(item, (deltas.get(item) ?? '') + data['delta']);
    }
    if (name === 'response.output_text.done' && typeof data['text'] === 'string') {
      done.set(itemOf(data), data['text']);
    }
    if (name === 'response.completed' && isRecord(data['response'])) final = data['response'];
  }
  if (names[0] !== 'response.created') {
    problems.push(
      `expected the first event to be "response.created"; got ${JSON.stringify(names[0] ?? null)}`,
    );
  }
  const last = names[names.length - 1];
  if (last !== 'response.completed') {
    problems.push(`expected the last event to be "response.completed"; got ${JSON.stringify(last ?? null)}`);
  }
  const firstDelta = names.indexOf('response.output_text.delta');
  const added = names.indexOf('response.content_part.added');
  const textDone = names.indexOf('response.output_text.done');
  if (firstDelta >= 0 && ((added >= 0 && firstDelta < added) || (textDone >= 0 && textDone < firstDelta))) {
    problems.push(
      'text deltas arrive outside their content part (before content_part.added or after output_text.done)',
    );
  }
  const missing = DOCUMENTED.filter((n) => !names.includes(n) && n !== 'response.completed');
  if (missing.length > 0) warnings.push(`documented events missing: ${missing.join(', ')}`);
  const streamed = [...deltas.values()].filter((t) => t !== '');
  if (streamed.length === 0) problems.push('the text deltas reassemble to an empty text');
  for (const [item, text] of done) {
    if (text !== (deltas.get(item) ?? '')) {
      once(problems, 'the text deltas do not reassemble to the text of response.output_text.done');
    }
  }
  if (final !== undefined) {
    const finalTexts = messageTexts(final);
    if (JSON.stringify(finalTexts) !== JSON.stringify(streamed))
      problems.push('the text deltas do not reassemble to the text of response.completed');
    if (final['status'] !== 'completed') {
      problems.push(
        `response.completed carries status ${JSON.stringify(final['status'])}; expected "completed"`,
      );
    }
    if (!isRecord(final['usage'])) problems.push('response.completed carries no usage');
  }
  return {
    problems,
    warnings,
    summary: `${a.events.length} events from response.created to response.completed, in order, sequence numbers increasing; text reassembles to ${JSON.stringify(oneLine(streamed.join('\n\n'), 40))}`,
  };
}

export const RESPONSES_CHECK: TextFormatCheck = {
  group: 'responses',
  family: 'bearer',
  table: RESPONSE_OBJECT,
  request: (model) => ({ model, input: PROMPT }),
  url: (ctx) => endpointUrl(ctx.root, 'responses'),
  text: { of: responseText, where: 'the output_text part of the message item in output[]' },
  usage: { path: 'usage', addends: ['input_tokens', 'output_tokens'], total: 'total_tokens' },
  judgeStream: judgeResponsesStream,
};
