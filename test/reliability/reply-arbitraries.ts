// fast-check arbitraries for what a service may send back in each format: the format's real shape (whole
// body, or the events of a stream), with any field liable to hold a hostile value instead. Bounded in size
// so a run stays quick; the hostile shapes are the ones that once got through (issue 26).
import { encodePng } from '../../electron/simulator/png.ts';
import fc from 'fast-check';
import type { TextFormat } from '../../shared/formats.ts';

/** A real 2x2 PNG, as base64: the image shapes carry it beside hostile data. */
const TINY_PNG = encodePng({
  width: 2,
  height: 2,
  channels: 3,
  pixels: new Uint8Array(12).fill(90),
}).toString('base64');

export interface ServiceReply {
  stream: boolean;
  /** the HTTP body as sent: JSON, or server-sent events */
  body: string;
}

const nested = (depth: number, open: string, close: string): unknown =>
  JSON.parse(`${open.repeat(depth)}${close.repeat(depth)}`);

/** Text a model or a proxy might put anywhere: markup, direction marks, controls, key-like words. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '\u202eevil\u202c',
      '\u0000\u0007\u001b[31m',
      '__proto__',
      'constructor',
      '<img src=x onerror=alert(1)>',
      '```mermaid\ngraph TD;A-->B\n```',
      '$$\\frac{1}{2}$$',
      '[['.repeat(400),
      '{"a":'.repeat(300),
      '\ud800',
      '',
    ),
  },
);

/** A number that breaks naive code: huge indexes, negatives, fractions, the largest double. */
export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.integer({ min: -5, max: 5 }),
  fc.constantFrom(4294967294, 2 ** 31, -1, 1e308, -1e308, 0.5, Number.MAX_SAFE_INTEGER),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Any value in place of the one expected. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileText },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false) },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 50, max: 2_000 })
      .chain((d) => fc.constantFrom(nested(d, '[', ']'), { deep: nested(d, '[', ']') })),
  },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  {
    weight: 1,
    arbitrary: fc.constant(JSON.parse('{"__proto__":{"polluted":true},"constructor":"x"}') as unknown),
  },
);

/** Mostly `arb`, sometimes a hostile value, sometimes absent (undefined drops the field from JSON). */
export function maybe<T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | unknown> {
  return fc.oneof(
    { weight: 8, arbitrary: arb },
    { weight: 1, arbitrary: hostileValue },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

const id = maybe(fc.string({ minLength: 1, maxLength: 12 }));
const name = maybe(fc.oneof(fc.constantFrom('get_weather', 'lookup', 'a'), hostileText));
const argsText = maybe(
  fc.oneof(fc.constantFrom('{}', '{"city":"Paris"}', '{"a":', ''), hostileText, fc.json({ maxDepth: 2 })),
);
const argsObject = maybe(fc.oneof(fc.constant({}), fc.dictionary(fc.string({ maxLength: 8 }), hostileValue)));
const usage = (fields: string[]) =>
  maybe(fc.record(Object.fromEntries(fields.map((f) => [f, maybe(hostileNumber)]))));
const many = <T>(arb: fc.Arbitrary<T>, max = 4) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.array(arb, { maxLength: max }) },
    { weight: 1, arbitrary: fc.array(arb, { minLength: 120, maxLength: 140 }) },
  );

// ---------- chat completions ----------

const chatToolCall = fc.record({
  id,
  type: maybe(fc.constant('function')),
  function: maybe(fc.record({ name, arguments: argsText })),
});
const chatBody = fc.record({
  id,
  object: maybe(fc.constant('chat.completion')),
  model: maybe(hostileText),
  choices: maybe(
    fc.array(
      fc.record({
        index: maybe(fc.constant(0)),
        message: maybe(
          fc.record({
            role: maybe(fc.constant('assistant')),
            content: maybe(hostileText),
            refusal: fc.option(hostileText, { nil: undefined }),
            tool_calls: fc.option(maybe(many(chatToolCall)), { nil: undefined }),
          }),
        ),
        finish_reason: maybe(fc.constantFrom('stop', 'length', 'tool_calls', 'content_filter')),
      }),
      { minLength: 1, maxLength: 2 },
    ),
  ),
  usage: usage(['prompt_tokens', 'completion_tokens', 'total_tokens']),
});
const chatChunk = fc.record({
  id,
  object: maybe(fc.constant('chat.completion.chunk')),
  choices: maybe(
    fc.array(
      fc.record({
        index: maybe(fc.constant(0)),
        delta: maybe(
          fc.record({
            content: fc.option(maybe(hostileText), { nil: undefined }),
            reasoning_content: fc.option(hostileText, { nil: undefined }),
            tool_calls: fc.option(
              maybe(
                fc.array(
                  fc.record({
                    index: maybe(fc.nat(3)),
                    id,
                    function: maybe(fc.record({ name, arguments: argsText })),
                  }),
                  { maxLength: 3 },
                ),
              ),
              { nil: undefined },
            ),
          }),
        ),
        finish_reason: fc.option(maybe(fc.constantFrom('stop', 'length', 'tool_calls')), { nil: undefined }),
      }),
      { maxLength: 1 },
    ),
  ),
  usage: fc.option(usage(['prompt_tokens', 'completion_tokens']), { nil: undefined }),
});

// ---------- responses ----------

const responsesItem = fc.oneof(
  fc.record({
    type: fc.constant('message'),
    id,
    role: maybe(fc.constant('assistant')),
    content: maybe(
      fc.array(
        fc.record({ type: maybe(fc.constantFrom('output_text', 'refusal')), text: maybe(hostileText) }),
        { maxLength: 3 },
      ),
    ),
  }),
  fc.record({
    type: fc.constant('reasoning'),
    id,
    summary: maybe(
      fc.array(fc.record({ type: maybe(fc.constant('summary_text')), text: maybe(hostileText) }), {
        maxLength: 2,
      }),
    ),
    encrypted_content: fc.option(hostileText, { nil: undefined }),
  }),
  fc.record({ type: fc.constant('function_call'), id, call_id: id, name, arguments: argsText }),
  // the image tool's item: a real tiny image, or hostile base64 and settings
  fc.record({
    type: fc.constant('image_generation_call'),
    id,
    status: maybe(fc.constant('completed')),
    output_format: maybe(fc.constantFrom('png', 'jpeg', 'webp', 'gif')),
    size: maybe(hostileText),
    revised_prompt: maybe(hostileText),
    result: maybe(fc.oneof(fc.constant(TINY_PNG), hostileText, fc.constant(`${TINY_PNG}@@`))),
  }),
  hostileValue,
);
const responsesBody = fc.record({
  id,
  object: maybe(fc.constant('response')),
  status: maybe(fc.constantFrom('completed', 'incomplete', 'failed')),
  model: maybe(hostileText),
  output: maybe(many(responsesItem)),
  usage: usage(['input_tokens', 'output_tokens', 'total_tokens']),
});
const responsesEvent = fc.oneof(
  fc.record({
    type: fc.constant('response.image_generation_call.partial_image'),
    output_index: maybe(fc.nat(3)),
    item_id: id,
    partial_image_index: maybe(hostileNumber),
    partial_image_b64: maybe(fc.oneof(fc.constant(TINY_PNG), hostileText)),
  }),
  fc.record({
    type: fc.constant('response.output_item.added'),
    output_index: maybe(fc.nat(3)),
    item: maybe(responsesItem),
  }),
  fc.record({
    type: fc.constant('response.output_text.delta'),
    output_index: maybe(fc.nat(3)),
    item_id: id,
    delta: maybe(hostileText),
  }),
  fc.record({
    type: fc.constant('response.reasoning_summary_text.delta'),
    output_index: maybe(fc.nat(3)),
    delta: maybe(hostileText),
  }),
  fc.record({
    type: fc.constant('response.function_call_arguments.delta'),
    output_index: maybe(fc.nat(3)),
    item_id: id,
    delta: argsText,
  }),
  fc.record({
    type: fc.constant('response.output_item.done'),
    output_index: maybe(fc.nat(3)),
    item: maybe(responsesItem),
  }),
  fc.record({
    type: maybe(fc.constantFrom('error', 'response.failed', 'response.whatever')),
    message: maybe(hostileText),
  }),
);

// ---------- messages ----------

const messagesBlock = fc.oneof(
  fc.record({ type: fc.constant('text'), text: maybe(hostileText) }),
  fc.record({ type: fc.constant('thinking'), thinking: maybe(hostileText), signature: maybe(hostileText) }),
  fc.record({ type: fc.constant('redacted_thinking'), data: maybe(hostileText) }),
  fc.record({ type: fc.constant('tool_use'), id, name, input: argsObject }),
  hostileValue,
);
const messagesBody = fc.record({
  id,
  type: maybe(fc.constant('message')),
  role: maybe(fc.constant('assistant')),
  model: maybe(hostileText),
  content: maybe(many(messagesBlock)),
  stop_reason: maybe(fc.constantFrom('end_turn', 'max_tokens', 'tool_use', 'refusal')),
  usage: usage(['input_tokens', 'output_tokens']),
});
const messagesDelta = fc.oneof(
  fc.record({ type: fc.constant('text_delta'), text: maybe(hostileText) }),
  fc.record({ type: fc.constant('thinking_delta'), thinking: maybe(hostileText) }),
  fc.record({ type: fc.constant('signature_delta'), signature: maybe(hostileText) }),
  fc.record({ type: fc.constant('input_json_delta'), partial_json: argsText }),
  hostileValue,
);
const messagesEvent = fc.oneof(
  fc.record({
    type: fc.constant('content_block_start'),
    index: maybe(fc.nat(3)),
    content_block: maybe(messagesBlock),
  }),
  fc.record({
    type: fc.constant('content_block_delta'),
    index: maybe(fc.nat(3)),
    delta: maybe(messagesDelta),
  }),
  fc.record({ type: fc.constant('content_block_stop'), index: maybe(fc.nat(3)) }),
  fc.record({
    type: fc.constant('message_delta'),
    delta: maybe(fc.record({ stop_reason: maybe(fc.constantFrom('end_turn', 'tool_use')) })),
    usage: usage(['output_tokens']),
  }),
  fc.record({
    type: maybe(fc.constantFrom('ping', 'error')),
    error: maybe(fc.record({ type: hostileText, message: hostileText })),
  }),
);

// ---------- generate content ----------

const generatePart = fc.oneof(
  fc.record({ text: maybe(hostileText) }),
  fc.record({ text: maybe(hostileText), thought: maybe(fc.constant(true)) }),
  fc.record({ text: maybe(hostileText), thoughtSignature: maybe(hostileText) }),
  fc.record({
    functionCall: maybe(fc.record({ name, args: argsObject, id: fc.option(id, { nil: undefined }) })),
    thoughtSignature: fc.option(hostileText, { nil: undefined }),
  }),
  // an image part: a real tiny PNG or hostile data, signed or not
  fc.record({
    inlineData: maybe(
      fc.record({
        mimeType: maybe(fc.constantFrom('image/png', 'image/webp', 'text/plain')),
        data: maybe(fc.oneof(fc.constant(TINY_PNG), hostileText)),
      }),
    ),
    thoughtSignature: fc.option(hostileText, { nil: undefined }),
  }),
  hostileValue,
);
const generateBody = fc.record({
  candidates: maybe(
    fc.array(
      fc.record({
        content: maybe(fc.record({ role: maybe(fc.constant('model')), parts: maybe(many(generatePart)) })),
        finishReason: maybe(fc.constantFrom('STOP', 'MAX_TOKENS', 'SAFETY')),
      }),
      { maxLength: 2 },
    ),
  ),
  usageMetadata: usage(['promptTokenCount', 'candidatesTokenCount', 'totalTokenCount']),
  modelVersion: maybe(hostileText),
});

// ---------- as sent ----------

const sse = (events: { event?: string; data: unknown }[], done = false): string =>
  events
    .map(
      (e) =>
        `${e.event !== undefined ? `event: ${e.event}\n` : ''}data: ${JSON.stringify(e.data) ?? 'null'}\n\n`,
    )
    .join('') + (done ? 'data: [DONE]\n\n' : '');

const named = (e: unknown) => ({
  event: typeof (e as { type?: unknown })?.type === 'string' ? (e as { type: string }).type : 'message',
  data: e,
});

function streamOf(format: TextFormat): fc.Arbitrary<string> {
  switch (format) {
    case 'chat':
      return fc.tuple(fc.array(chatChunk, { maxLength: 12 }), fc.boolean()).map(([chunks, done]) =>
        sse(
          chunks.map((data) => ({ data })),
          done,
        ),
      );
    case 'responses':
      return fc
        .tuple(fc.array(responsesEvent, { maxLength: 12 }), responsesBody, fc.boolean())
        .map(([events, body, complete]) =>
          sse([
            named({ type: 'response.created', response: { ...body, status: 'in_progress', output: [] } }),
            ...events.map(named),
            ...(complete ? [named({ type: 'response.completed', response: body })] : []),
          ]),
        );
    case 'messages':
      return fc
        .tuple(messagesBody, fc.array(messagesEvent, { maxLength: 12 }), fc.boolean())
        .map(([start, events, stop]) =>
          sse([
            named({ type: 'message_start', message: { ...start, content: [] } }),
            ...events.map(named),
            ...(stop ? [named({ type: 'message_stop' })] : []),
          ]),
        );
    case 'generate':
      return fc.array(generateBody, { maxLength: 8 }).map((chunks) => sse(chunks.map((data) => ({ data }))));
  }
}

function bodyOf(format: TextFormat): fc.Arbitrary<unknown> {
  return { chat: chatBody, responses: responsesBody, messages: messagesBody, generate: generateBody }[format];
}

/** A reply to a request in `format`: mostly the format's shape, sometimes any JSON at all. */
export function replyArbitrary(format: TextFormat, stream: boolean): fc.Arbitrary<ServiceReply> {
  const body = stream
    ? fc.oneof(
        { weight: 6, arbitrary: streamOf(format) },
        { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => sse([{ data: v }])) },
      )
    : fc
        .oneof(
          { weight: 6, arbitrary: bodyOf(format) },
          { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
        )
        .map((v) => JSON.stringify(v) ?? 'null');
  return body.map((text) => ({ stream, body: text }));
}
