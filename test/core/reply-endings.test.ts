// Replies that are refused, empty, or in several parts, and values that are empty strings: the shapes the
// real services send (from their API references and their client libraries' fixtures), in every format.
import { describe, expect, it } from 'vitest';
import { buildRequest } from '../../electron/core/index.ts';
import { FORMATS } from '../../electron/core/formats/index.ts';
import type { ReplyParts } from '../../electron/core/formats/types.ts';
import type { Params, Turn } from '../../shared/conversation.ts';
import { endReasonOfReply } from '../../shared/end-reason.ts';
import type { TextFormat } from '../../shared/formats.ts';
import { parseEvents } from './helpers/parse-events.ts';
import { assistant, user } from './helpers/turns.ts';

const P: Params = { stream: false, maxTokens: 1024 };

/** Every event of a stream through the format's reducer: what the user saw live, and the stored reply. */
function reduce(format: TextFormat, sse: string): { shown: string; reply: ReplyParts } {
  const r = FORMATS[format].createReducer();
  let shown = '';
  for (const ev of parseEvents(sse)) shown += r.push(ev)?.text ?? '';
  return { shown, reply: r.result() };
}
const sse = (events: unknown[], named = false) =>
  events
    .map((e) => {
      const type = (e as { type?: string }).type;
      return `${named && type ? `event: ${type}\n` : ''}data: ${JSON.stringify(e)}\n\n`;
    })
    .join('');

describe('a refusal is a refusal, with the service’s words, in every format', () => {
  it('chat: `refusal` on the message, and streamed as refusal deltas', () => {
    const body = {
      id: 'chatcmpl-1',
      object: 'chat.completion',
      model: 'gpt-4o-2024-08-06',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: null, refusal: "I'm sorry, I can't help with that." },
          finish_reason: 'stop',
        },
      ],
    };
    const reply = FORMATS.chat.parseReply(body);
    expect(reply).toMatchObject({ text: '', refused: true, endDetail: "I'm sorry, I can't help with that." });
    expect(endReasonOfReply('chat', reply)).toBe('refusal');

    const streamed = reduce(
      'chat',
      sse([
        { model: 'gpt-4o', choices: [{ index: 0, delta: { role: 'assistant', refusal: '' } }] },
        { model: 'gpt-4o', choices: [{ index: 0, delta: { refusal: "I'm sorry, " } }] },
        { model: 'gpt-4o', choices: [{ index: 0, delta: { refusal: "I can't." } }] },
        { model: 'gpt-4o', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] },
      ]) + 'data: [DONE]\n\n',
    );
    expect(streamed.reply).toMatchObject({ text: '', refused: true, endDetail: "I'm sorry, I can't." });
  });

  it('responses: a refusal content part', () => {
    const reply = FORMATS.responses.parseReply({
      id: 'resp_1',
      model: 'gpt-4.1',
      status: 'completed',
      output: [
        {
          type: 'message',
          id: 'msg_1',
          role: 'assistant',
          status: 'completed',
          content: [{ type: 'refusal', refusal: 'I can’t assist with that request.' }],
        },
      ],
    });
    expect(reply).toMatchObject({ text: '', refused: true, endDetail: 'I can’t assist with that request.' });
    expect(endReasonOfReply('responses', reply)).toBe('refusal');
  });

  it('messages: stop_reason refusal with no content, and stop_details when the service gives them', () => {
    const reply = FORMATS.messages.parseReply({
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-4-5',
      content: [],
      stop_reason: 'refusal',
      stop_sequence: null,
      stop_details: { type: 'refusal', category: 'cyber', explanation: 'This request was declined.' },
      usage: { input_tokens: 12, output_tokens: 0 },
    });
    expect(reply).toMatchObject({ text: '', finishReason: 'refusal' });
    expect(reply.endDetail).toContain('This request was declined.');
    expect(endReasonOfReply('messages', reply)).toBe('refusal');
  });

  it('generate: a blocked prompt, a safety stop with its finishMessage, and the token limit', () => {
    const blocked = FORMATS.generate.parseReply({
      promptFeedback: { blockReason: 'PROHIBITED_CONTENT', blockReasonMessage: 'The prompt was blocked.' },
      usageMetadata: { promptTokenCount: 8, totalTokenCount: 8 },
      modelVersion: 'gemini-2.5-flash',
    });
    expect(blocked).toMatchObject({
      text: '',
      finishReason: 'PROHIBITED_CONTENT',
      endDetail: 'The prompt was blocked.',
    });
    expect(endReasonOfReply('generate', blocked)).toBe('content-filter');
    const safety = FORMATS.generate.parseReply({
      candidates: [{ content: { role: 'model' }, finishReason: 'SAFETY', finishMessage: 'Unsafe content.' }],
    });
    expect(endReasonOfReply('generate', safety)).toBe('content-filter');
    expect(safety.endDetail).toBe('Unsafe content.');
    const long = FORMATS.generate.parseReply({
      candidates: [
        { content: { role: 'model', parts: [{ text: 'Once upon' }] }, finishReason: 'MAX_TOKENS' },
      ],
    });
    expect(endReasonOfReply('generate', long)).toBe('length');
  });

  it('a normal stop with text is no special ending; with no text at all it is "empty"', () => {
    expect(endReasonOfReply('chat', { text: 'hi', finishReason: 'stop' })).toBeUndefined();
    expect(endReasonOfReply('messages', { text: '', finishReason: 'end_turn' })).toBe('empty');
    expect(endReasonOfReply('chat', { text: 'cut', finishReason: 'length' })).toBe('length');
    expect(endReasonOfReply('responses', { text: 'x', finishReason: 'incomplete: max_output_tokens' })).toBe(
      'length',
    );
    expect(endReasonOfReply('chat', { text: '', finishReason: 'content_filter' })).toBe('content-filter');
  });
});

describe('a reply in several parts reads as paragraphs, where the parts are separate', () => {
  const preamble = 'I will look this up and come back with links.';
  const answer = 'Here are some sources.';

  it('responses: two message items, in one body and streamed (the live text matches the stored one)', () => {
    const item = (id: string, text: string) => ({
      type: 'message',
      id,
      role: 'assistant',
      status: 'completed',
      content: [{ type: 'output_text', text, annotations: [] }],
    });
    const body = {
      id: 'resp_2',
      model: 'gpt-5',
      status: 'completed',
      output: [
        item('msg_a', preamble),
        { type: 'web_search_call', id: 'ws_1', status: 'completed' },
        item('msg_b', answer),
      ],
    };
    expect(FORMATS.responses.parseReply(body).text).toBe(`${preamble}\n\n${answer}`);

    const { shown, reply } = reduce(
      'responses',
      sse(
        [
          {
            type: 'response.created',
            response: { id: 'resp_2', model: 'gpt-5', status: 'in_progress', output: [] },
          },
          {
            type: 'response.output_text.delta',
            item_id: 'msg_a',
            output_index: 0,
            content_index: 0,
            delta: 'I will look this up',
          },
          {
            type: 'response.output_text.delta',
            item_id: 'msg_a',
            output_index: 0,
            content_index: 0,
            delta: ' and come back with links.',
          },
          {
            type: 'response.output_text.delta',
            item_id: 'msg_b',
            output_index: 2,
            content_index: 0,
            delta: answer,
          },
          { type: 'response.completed', response: body },
        ],
        true,
      ),
    );
    expect(shown).toBe(`${preamble}\n\n${answer}`);
    expect(reply.text).toBe(shown);
  });

  it('messages: text after a server tool is a new paragraph; text blocks split by citations stay one sentence', () => {
    const content = [
      { type: 'text', text: preamble },
      { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: { query: 'otters' } },
      { type: 'web_search_tool_result', tool_use_id: 'srvtoolu_1', content: [] },
      { type: 'text', text: 'Otters are ' },
      {
        type: 'text',
        text: 'playful',
        citations: [{ type: 'web_search_result_location', url: 'https://e.x' }],
      },
      { type: 'text', text: '.' },
    ];
    const reply = FORMATS.messages.parseReply({
      model: 'claude-sonnet-4-5',
      content,
      stop_reason: 'end_turn',
    });
    expect(reply.text).toBe(`${preamble}\n\nOtters are playful.`);

    const events: unknown[] = [
      {
        type: 'message_start',
        message: { id: 'm', model: 'claude-sonnet-4-5', content: [], usage: { input_tokens: 3 } },
      },
    ];
    content.forEach((block, index) => {
      const isText = block.type === 'text';
      events.push({
        type: 'content_block_start',
        index,
        content_block: isText ? { ...block, text: '' } : block,
      });
      if (isText)
        events.push({ type: 'content_block_delta', index, delta: { type: 'text_delta', text: block.text } });
      events.push({ type: 'content_block_stop', index });
    });
    events.push({ type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 9 } });
    events.push({ type: 'message_stop' });
    const streamed = reduce('messages', sse(events, true));
    expect(streamed.shown).toBe(reply.text);
    expect(streamed.reply.text).toBe(reply.text);
    // what goes back is the blocks as they came, without the separator
    expect(streamed.reply.raw).toEqual({ format: 'messages', content });
  });

  it('generate: text after a function call or code is a new paragraph; adjacent text parts join', () => {
    const reply = FORMATS.generate.parseReply({
      candidates: [
        {
          content: {
            role: 'model',
            parts: [
              { text: 'Let me compute ' },
              { text: 'that.' },
              { executableCode: { language: 'PYTHON', code: 'print(6*7)' } },
              { codeExecutionResult: { outcome: 'OUTCOME_OK', output: '42\n' } },
              { text: 'The answer is 42.' },
            ],
          },
          finishReason: 'STOP',
        },
      ],
    });
    expect(reply.text).toBe('Let me compute that.\n\nThe answer is 42.');
  });
});

describe('an empty string is not a value', () => {
  it('chat: a first chunk with "model": "" and no choices does not hide the model a later chunk names', () => {
    const { reply } = reduce(
      'chat',
      sse([
        {
          id: 'c',
          object: 'chat.completion.chunk',
          created: 0,
          model: '',
          choices: [],
          prompt_filter_results: [],
        },
        {
          id: 'c',
          object: 'chat.completion.chunk',
          model: 'gpt-4o-2024-11-20',
          choices: [{ index: 0, delta: { content: 'Hi' } }],
        },
        { id: 'c', model: 'gpt-4o-2024-11-20', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] },
      ]) + 'data: [DONE]\n\n',
    );
    expect(reply.model).toBe('gpt-4o-2024-11-20');
  });

  it('responses, messages and generate take the first model that says something', () => {
    const responses = reduce(
      'responses',
      sse(
        [
          { type: 'response.created', response: { id: 'r', model: '', output: [] } },
          { type: 'response.in_progress', response: { id: 'r', model: 'gpt-5-2025-08-07', output: [] } },
          { type: 'response.completed', response: { id: 'r', model: '', status: 'completed', output: [] } },
        ],
        true,
      ),
    );
    expect(responses.reply.model).toBe('gpt-5-2025-08-07');
    const generate = reduce(
      'generate',
      sse([
        { candidates: [{ content: { role: 'model', parts: [{ text: 'a' }] } }], modelVersion: '' },
        {
          candidates: [{ content: { role: 'model', parts: [{ text: 'b' }] }, finishReason: 'STOP' }],
          modelVersion: 'gemini-2.5-flash',
        },
      ]),
    );
    expect(generate.reply.model).toBe('gemini-2.5-flash');
    expect(
      FORMATS.messages.parseReply({ model: '', content: [], stop_reason: 'end_turn' }).model,
    ).toBeUndefined();
  });
});

describe('an assistant turn with nothing to send is left out of the history', () => {
  // What each format stores for a reply that had nothing in it.
  const nothing: Record<TextFormat, Turn[]> = {
    chat: [
      assistant(
        '',
        { format: 'chat', message: { role: 'assistant', content: '' } },
        { endReason: 'refusal' },
      ),
    ],
    responses: [assistant('', { format: 'responses', output: [] }, { endReason: 'empty' })],
    messages: [
      assistant('', { format: 'messages', content: [] }, { endReason: 'refusal', finishReason: 'refusal' }),
    ],
    generate: [
      assistant(
        '',
        { format: 'generate', parts: [] },
        { endReason: 'content-filter', finishReason: 'SAFETY' },
      ),
    ],
  };
  const stoppedBeforeFirstToken = assistant('', undefined, {
    status: 'error',
    error: { kind: 'aborted', message: 'You stopped the reply before it was complete.' },
  });
  const failed = assistant('', undefined, {
    status: 'error',
    error: { kind: 'http', status: 500, message: 'boom' },
  });

  for (const format of ['chat', 'responses', 'messages', 'generate'] as const) {
    it(`${format}: after an empty, refused, stopped-before-first-token and failed reply, the user turns go in order`, () => {
      const history = [
        user('first'),
        ...nothing[format],
        user('second'),
        stoppedBeforeFirstToken,
        user('third'),
        failed,
        user('fourth'),
        assistant('an answer'),
        user('fifth'),
      ];
      const body = buildRequest(format, 'm', history, P, false);
      const json = JSON.stringify(body);
      expect(json).not.toMatch(/"content":""|"parts":\[\]|"content":\[\]|\{"text":""\}/);
      const order = ['first', 'second', 'third', 'fourth', 'an answer', 'fifth'].map((t) =>
        json.indexOf(`"${t}"`),
      );
      expect(order.every((at) => at >= 0)).toBe(true);
      expect([...order].sort((a, b) => a - b)).toEqual(order);
    });
  }
});

describe('a finish reason named like a property of every object', () => {
  it.each(['__proto__', 'constructor', 'toString'])(
    '"%s" is no end reason in any format (it once stored an object and failed the reply as internal)',
    (finishReason) => {
      for (const format of ['chat', 'responses', 'messages', 'generate'] as const) {
        expect(endReasonOfReply(format, { text: 'fine', finishReason })).toBeUndefined();
      }
    },
  );
});
