// POST /v1/responses (spec §2.4, §4.3; wire-notes "Streaming"). Responses are kept in memory so a
// follow-up may continue with previous_response_id.
import { invalidRequest } from '../errors.ts';
import { newId, unixSeconds } from '../ids.ts';
import { totalSkew } from '../quirks.ts';
import { responsesStructured } from './structured.ts';
import { countInputTokens, countTokens, streamPieces } from '../replies.ts';
import {
  optionalBoolean,
  optionalEnum,
  optionalInteger,
  optionalNumber,
  optionalString,
  requireModel,
} from '../validate.ts';
import { RESPONSES_PARTS } from './attachment-parts.ts';
import { readContent } from './content.ts';
import type { ReceivedAttachment } from '../attachments/received.ts';
import type {
  HandlerContext,
  HandlerReply,
  SimState,
  SseEvent,
  StoredCall,
  StoredResponse,
} from '../context.ts';
import {
  argumentPieces,
  callTokens,
  PendingCalls,
  planCalls,
  replyText,
  type ReceivedResult,
} from '../tools/plan.ts';
import {
  responsesCallItem,
  responsesCallItems,
  responsesMissingOutput,
  responsesOutputItem,
  responsesStrangerOutput,
  responsesToolRequest,
} from '../tools/responses.ts';
import { isRecord } from '../../../shared/wire.ts';
import { compact } from '../../../shared/compact.ts';
import {
  earlierImage,
  makeImage,
  readImageItem,
  type ImageItem,
  type KeptImage,
  type MadeImage,
} from '../tools/image-generation.ts';

const ROLES = ['user', 'assistant', 'system', 'developer'];
// Bounded so a long-running sandbox does not grow without limit.
const MAX_STORED = 1000;

interface ParsedInput {
  texts: string[];
  userTurns: number;
  prompt: string | undefined;
  /** what the last user message carried besides text */
  received: ReceivedAttachment[];
  /** the results the last user turn carried (function_call_output items after the last reply item) */
  results: ReceivedResult[];
  /** the last image_generation_call item sent back (whole or by id): the image a new turn edits */
  image?: ImageItem;
}

/**
 * Reads `input`: message items, and the function_call and function_call_output items of tool calls. Every
 * output must answer a call made before it (in `input`, or by the previous response), and every call must
 * get its output, as the service checks. A run of outputs is one user turn with a user message that may
 * follow it, as the app keeps them.
 */
function parseInput(input: unknown, previousCalls: readonly StoredCall[]): ParsedInput {
  if (typeof input === 'string') {
    if (previousCalls[0] !== undefined) throw responsesMissingOutput(previousCalls[0].id);
    return { texts: [input], userTurns: 1, prompt: input, received: [], results: [] };
  }
  if (!Array.isArray(input) || input.length === 0) {
    throw invalidRequest('input must be a string or a non-empty array of {role, content} items', 'input');
  }
  const parsed: ParsedInput = { texts: [], userTurns: 0, prompt: undefined, received: [], results: [] };
  const pending = new PendingCalls(previousCalls, -1);
  let resultsOpen = false;
  const replyItem = (): void => {
    if (resultsOpen) parsed.userTurns += 1;
    resultsOpen = false;
    parsed.results = [];
  };
  input.forEach((item, i) => {
    const where = `input[${i}]`;
    if (!isRecord(item)) throw invalidRequest(`${where} must be an object`, 'input');
    const type = item['type'];
    if (type === 'function_call') {
      const call = responsesCallItem(item, where);
      pending.add(call);
      parsed.texts.push(call.arguments);
      replyItem();
      return;
    }
    if (type === 'function_call_output') {
      const { callId, output, received } = responsesOutputItem(item, where);
      const name = pending.answer(callId);
      if (name === undefined) throw responsesStrangerOutput(callId);
      parsed.texts.push(output);
      parsed.results.push({ name, content: output, ...(received.length > 0 ? { received } : {}) });
      if (!resultsOpen) parsed.received = [];
      resultsOpen = true;
      return;
    }
    // Reasoning items of an earlier output carry no prompt text.
    if (type === 'reasoning') return;
    if (type === 'image_generation_call') {
      parsed.image = readImageItem(item, where);
      replyItem();
      return;
    }
    if (type !== undefined && type !== 'message') {
      throw invalidRequest(`${where}.type '${String(type)}' is not supported by the simulator`, 'input');
    }
    const role = item['role'];
    if (typeof role !== 'string' || !ROLES.includes(role)) {
      throw invalidRequest(`${where}.role must be one of ${ROLES.join(', ')}`, 'input');
    }
    const content = readContent(
      item['content'],
      `${where}.content`,
      { text: ['input_text', 'output_text'], attachments: RESPONSES_PARTS },
      role === 'user',
    );
    parsed.texts.push(content.text);
    if (role === 'assistant') replyItem();
    if (role === 'user') {
      resultsOpen = false;
      parsed.userTurns += 1;
      parsed.prompt = content.text;
      parsed.received = content.received;
    }
  });
  const missing = pending.missing()[0];
  if (missing !== undefined) throw responsesMissingOutput(missing);
  if (resultsOpen) parsed.userTurns += 1;
  return parsed;
}

/** The image a turn edits: the last one sent back in `input`, else the previous response's. */
function editedImage(
  state: SimState,
  sent: ImageItem | undefined,
  previousImageId: string | undefined,
): KeptImage | undefined {
  if (sent !== undefined) return earlierImage(state, sent);
  return previousImageId === undefined ? undefined : state.images.get(previousImageId);
}

/** The image item's events: added, in_progress, generating, each partial image, completed, done. */
function imageEvents(
  made: MadeImage,
  event: (type: string, fields: Record<string, unknown>) => SseEvent,
): SseEvent[] {
  const where = { output_index: 0, item_id: made.item['id'] };
  const { id, type } = made.item;
  return [
    event('response.output_item.added', { output_index: 0, item: { id, type, status: 'in_progress' } }),
    event('response.image_generation_call.in_progress', where),
    event('response.image_generation_call.generating', where),
    ...made.partials.map((b64, index) =>
      event('response.image_generation_call.partial_image', {
        ...where,
        partial_image_index: index,
        partial_image_b64: b64,
      }),
    ),
    event('response.image_generation_call.completed', where),
    event('response.output_item.done', { output_index: 0, item: made.item }),
  ];
}

function remember(state: SimState, id: string, stored: StoredResponse): void {
  state.responses.set(id, stored);
  if (state.responses.size > MAX_STORED) {
    const oldest = state.responses.keys().next();
    if (!oldest.done) state.responses.delete(oldest.value);
  }
}

/** `reasoning: {effort, summary}`, echoed on the response object as the service does (null when unset). */
function parseReasoning(value: unknown): { effort: string | null; summary: string | null } {
  if (value === undefined || value === null) return { effort: null, summary: null };
  if (!isRecord(value)) throw invalidRequest('reasoning must be an object', 'reasoning');
  return {
    effort: optionalEnum(value, 'effort', ['minimal', 'low', 'medium', 'high'], 'reasoning.effort') ?? null,
    summary: optionalEnum(value, 'summary', ['auto', 'concise', 'detailed'], 'reasoning.summary') ?? null,
  };
}

export async function handleResponses(ctx: HandlerContext): Promise<HandlerReply> {
  const { body, state } = ctx;
  const model = requireModel(ctx, optionalString(body, 'model'), 'text').id;
  if (body['input'] === undefined) throw invalidRequest('input is required', 'input');
  const previousId = optionalString(body, 'previous_response_id') ?? null;
  const previous = previousId === null ? undefined : state.responses.get(previousId);
  if (previousId !== null && !previous) {
    throw invalidRequest(`Previous response with id '${previousId}' not found.`, 'previous_response_id');
  }
  const input = parseInput(body['input'], previous?.calls ?? []);
  const answering = input.results.length > 0;
  // A turn of only function_call_output items (continuing with previous_response_id) has no user message.
  if (input.prompt === undefined && !answering) {
    throw invalidRequest('input must contain a user message', 'input');
  }
  const prompt = input.prompt ?? '';
  const instructions = optionalString(body, 'instructions') ?? null;
  const temperature = optionalNumber(body, 'temperature', 0, 2) ?? 1;
  const maxOutputTokens = optionalInteger(body, 'max_output_tokens', 1);
  const topP = optionalNumber(body, 'top_p', 0, 1) ?? 1;
  const reasoning = parseReasoning(body['reasoning']);
  const store = optionalBoolean(body, 'store') ?? true;
  const tools = responsesToolRequest(body);

  const turn = (previous?.turns ?? 0) + input.userTurns;
  const structured = responsesStructured(body);
  const calls = planCalls({ request: tools, prompt, answering, salt: `${model}/${turn}`, param: 'input' });
  const reply = replyText({
    calls,
    structured: structured.text,
    results: input.results,
    received: input.received,
    prompt,
    model,
    turn,
    limit: maxOutputTokens,
  });
  const inputTokens =
    countInputTokens(instructions === null ? input.texts : [instructions, ...input.texts]) +
    (previous?.contextTokens ?? 0);
  const outputTokens = countTokens(reply.text) + callTokens(calls);
  const id = newId('resp_');
  const callItems = responsesCallItems(calls);
  const stored = callItems.map((c) => ({ id: String(c['call_id']), name: String(c['name']) }));
  // With the image tool, a turn that calls no function makes an image, editing the last one sent back.
  const made =
    tools.image !== undefined && calls.length === 0 && !answering
      ? await makeImage(state, tools.image, prompt, editedImage(state, input.image, previous?.imageId))
      : undefined;
  if (store) {
    remember(
      state,
      id,
      compact({
        turns: turn,
        contextTokens: inputTokens + outputTokens,
        calls: stored,
        imageId: made === undefined ? undefined : String(made.item['id']),
      }),
    );
  }

  const status = reply.truncated ? 'incomplete' : 'completed';
  const itemId = newId('msg_');
  const part = { type: 'output_text', text: reply.text, annotations: [], logprobs: [] };
  const item = { id: itemId, type: 'message', status, role: 'assistant', content: [part] };
  const createdAt = unixSeconds();
  const base = {
    id,
    object: 'response',
    created_at: createdAt,
    error: null,
    instructions,
    max_output_tokens: maxOutputTokens ?? null,
    model,
    parallel_tool_calls: tools.echo.parallel_tool_calls,
    previous_response_id: previousId,
    reasoning,
    service_tier: 'default',
    store,
    temperature,
    text: { format: structured.format },
    tool_choice: tools.echo.tool_choice,
    tools: tools.echo.tools,
    top_p: topP,
    truncation: 'disabled',
    metadata: {},
  };
  const final = {
    ...base,
    status,
    completed_at: reply.truncated ? null : createdAt,
    incomplete_details: reply.truncated ? { reason: 'max_output_tokens' } : null,
    // A reply that calls functions has only its function_call items; an image comes before the text.
    output: calls.length > 0 ? callItems : made === undefined ? [item] : [made.item, item],
    usage: {
      input_tokens: inputTokens,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: outputTokens,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: inputTokens + outputTokens + totalSkew(state.quirks),
    },
  };
  if (!ctx.stream) return { type: 'json', body: final };

  let sequence = 0;
  const event = (type: string, fields: Record<string, unknown>): SseEvent => ({
    event: type,
    data: { type, sequence_number: sequence++, ...fields },
  });
  const pending = {
    ...base,
    status: 'in_progress',
    completed_at: null,
    incomplete_details: null,
    output: [],
    usage: null,
  };
  const events: SseEvent[] = [
    event('response.created', { response: pending }),
    event('response.in_progress', { response: pending }),
  ];
  if (calls.length > 0) {
    // Each call: the item with empty arguments, the arguments in pieces, then the whole item.
    callItems.forEach((call, index) => {
      const fields = { item_id: call['id'], output_index: index };
      const args = String(call['arguments']);
      events.push(
        event('response.output_item.added', {
          output_index: index,
          item: { ...call, status: 'in_progress', arguments: '' },
        }),
      );
      for (const delta of argumentPieces(args)) {
        events.push(event('response.function_call_arguments.delta', { ...fields, delta }));
      }
      events.push(
        event('response.function_call_arguments.done', { ...fields, arguments: args }),
        event('response.output_item.done', { output_index: index, item: call }),
      );
    });
  } else {
    if (made !== undefined) events.push(...imageEvents(made, event));
    const at = made === undefined ? 0 : 1;
    const where = { item_id: itemId, output_index: at, content_index: 0 };
    events.push(
      event('response.output_item.added', {
        output_index: at,
        item: { ...item, status: 'in_progress', content: [] },
      }),
      event('response.content_part.added', { ...where, part: { ...part, text: '' } }),
    );
    for (const delta of streamPieces(reply.text)) {
      events.push(event('response.output_text.delta', { ...where, delta, logprobs: [] }));
    }
    events.push(
      event('response.output_text.done', { ...where, text: reply.text, logprobs: [] }),
      event('response.content_part.done', { ...where, part }),
      event('response.output_item.done', { output_index: at, item }),
    );
  }
  events.push(event(reply.truncated ? 'response.incomplete' : 'response.completed', { response: final }));
  // The error events continue the numbering of the events sent before them.
  const errorEvents = (sent: number): SseEvent[] => {
    sequence = sent;
    const error = {
      code: 'server_error',
      message: 'The server had an error while streaming the reply (simulated).',
    };
    return [
      event('error', { ...error, param: null }),
      event('response.failed', {
        response: {
          ...base,
          status: 'failed',
          completed_at: null,
          incomplete_details: null,
          error,
          output: [],
          usage: null,
        },
      }),
    ];
  };
  return { type: 'sse', events, errorEvents };
}
