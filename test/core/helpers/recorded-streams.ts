/**
 * Recorded SSE streams of each format, written as a real service sends them. Used to check parsing at every
 * split point and with \r\n line ends.
 */
const lines = (events: { event?: string; data: unknown }[]): string =>
  events
    .map(
      (e) =>
        `${e.event ? `event: ${e.event}\n` : ''}data: ${typeof e.data === 'string' ? e.data : JSON.stringify(e.data)}\n\n`,
    )
    .join('');

export const CHAT_STREAM = lines([
  {
    data: {
      id: 'c1',
      object: 'chat.completion.chunk',
      model: 'gpt-5-mini',
      choices: [{ index: 0, delta: { role: 'assistant', content: '' } }],
    },
  },
  {
    data: {
      id: 'c1',
      object: 'chat.completion.chunk',
      model: 'gpt-5-mini',
      choices: [{ index: 0, delta: { content: 'Héllo' } }],
    },
  },
  {
    data: {
      id: 'c1',
      object: 'chat.completion.chunk',
      model: 'gpt-5-mini',
      choices: [{ index: 0, delta: { content: ' wörld 🌍' } }],
    },
  },
  {
    data: {
      id: 'c1',
      object: 'chat.completion.chunk',
      model: 'gpt-5-mini',
      choices: [{ index: 0, delta: {}, finish_reason: 'stop' }],
    },
  },
  {
    data: {
      id: 'c1',
      object: 'chat.completion.chunk',
      model: 'gpt-5-mini',
      choices: [],
      usage: { prompt_tokens: 5, completion_tokens: 3, total_tokens: 8 },
    },
  },
  { data: '[DONE]' },
]);

const response = {
  id: 'resp_1',
  object: 'response',
  model: 'gpt-4.1',
  status: 'completed',
  output: [
    {
      type: 'message',
      id: 'msg_1',
      role: 'assistant',
      status: 'completed',
      content: [{ type: 'output_text', text: 'Héllo wörld 🌍', annotations: [] }],
    },
  ],
  usage: { input_tokens: 5, output_tokens: 3, total_tokens: 8 },
};

export const RESPONSES_STREAM = lines([
  {
    event: 'response.created',
    data: {
      type: 'response.created',
      sequence_number: 0,
      response: { ...response, status: 'in_progress', output: [] },
    },
  },
  {
    event: 'response.output_item.added',
    data: {
      type: 'response.output_item.added',
      sequence_number: 1,
      output_index: 0,
      item: { type: 'message', id: 'msg_1', role: 'assistant', content: [] },
    },
  },
  {
    event: 'response.output_text.delta',
    data: { type: 'response.output_text.delta', sequence_number: 2, delta: 'Héllo' },
  },
  {
    event: 'response.output_text.delta',
    data: { type: 'response.output_text.delta', sequence_number: 3, delta: ' wörld 🌍' },
  },
  {
    event: 'response.output_text.done',
    data: { type: 'response.output_text.done', sequence_number: 4, text: 'Héllo wörld 🌍' },
  },
  {
    event: 'response.output_item.done',
    data: { type: 'response.output_item.done', sequence_number: 5, item: response.output[0] },
  },
  { event: 'response.completed', data: { type: 'response.completed', sequence_number: 6, response } },
]);

/** The reply of PROXY_RESPONSES_STREAM: one message item, in pieces. */
export const PROXY_REPLY_PIECES = ['There', ' are', ' **', '3', "** r's", ' in strawberry.'];
const proxyText = PROXY_REPLY_PIECES.join('');

/**
 * As a real responses proxy sent it (recorded): every event of the one output item carries a new item_id,
 * while output_index stays 0. The item is the position, not the id.
 */
export const PROXY_RESPONSES_STREAM = (() => {
  let seq = 0;
  const id = (): string => `msg_${(0x5a17 + seq * 7919).toString(16)}`;
  const ev = (type: string, fields: Record<string, unknown>) => ({
    event: type,
    data: { type, sequence_number: seq++, ...fields },
  });
  const item = (status: string, text?: string) => ({
    type: 'message',
    id: id(),
    role: 'assistant',
    status,
    content: text === undefined ? [] : [{ type: 'output_text', text, annotations: [] }],
  });
  const final = {
    ...response,
    id: 'resp_proxy',
    output: [item('completed', proxyText)],
  };
  return lines([
    ev('response.created', { response: { ...final, status: 'in_progress', output: [] } }),
    ev('response.in_progress', { response: { ...final, status: 'in_progress', output: [] } }),
    ev('response.output_item.added', { output_index: 0, item: item('in_progress') }),
    ev('response.content_part.added', {
      item_id: id(),
      output_index: 0,
      content_index: 0,
      part: { type: 'output_text', text: '', annotations: [] },
    }),
    ...PROXY_REPLY_PIECES.map((delta) =>
      ev('response.output_text.delta', { item_id: id(), output_index: 0, content_index: 0, delta }),
    ),
    ev('response.output_text.done', { item_id: id(), output_index: 0, content_index: 0, text: proxyText }),
    ev('response.content_part.done', {
      item_id: id(),
      output_index: 0,
      content_index: 0,
      part: { type: 'output_text', text: proxyText, annotations: [] },
    }),
    ev('response.output_item.done', { output_index: 0, item: item('completed', proxyText) }),
    ev('response.completed', { response: final }),
  ]);
})();

export const MESSAGES_STREAM = lines([
  {
    event: 'message_start',
    data: {
      type: 'message_start',
      message: {
        id: 'm1',
        type: 'message',
        role: 'assistant',
        model: 'claude-sonnet-4-5',
        content: [],
        usage: { input_tokens: 5, output_tokens: 1 },
      },
    },
  },
  {
    event: 'content_block_start',
    data: {
      type: 'content_block_start',
      index: 0,
      content_block: { type: 'thinking', thinking: '', signature: '' },
    },
  },
  {
    event: 'content_block_delta',
    data: {
      type: 'content_block_delta',
      index: 0,
      delta: { type: 'thinking_delta', thinking: 'Let me think' },
    },
  },
  {
    event: 'content_block_delta',
    data: {
      type: 'content_block_delta',
      index: 0,
      delta: { type: 'signature_delta', signature: 'sig-abc==' },
    },
  },
  { event: 'content_block_stop', data: { type: 'content_block_stop', index: 0 } },
  { event: 'ping', data: { type: 'ping' } },
  {
    event: 'content_block_start',
    data: { type: 'content_block_start', index: 1, content_block: { type: 'text', text: '' } },
  },
  {
    event: 'content_block_delta',
    data: { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'Héllo' } },
  },
  {
    event: 'content_block_delta',
    data: { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: ' wörld 🌍' } },
  },
  { event: 'content_block_stop', data: { type: 'content_block_stop', index: 1 } },
  {
    event: 'message_delta',
    data: {
      type: 'message_delta',
      delta: { stop_reason: 'end_turn', stop_sequence: null },
      usage: { output_tokens: 3 },
    },
  },
  { event: 'message_stop', data: { type: 'message_stop' } },
]);

export const GENERATE_STREAM = lines([
  {
    data: {
      candidates: [
        { content: { role: 'model', parts: [{ text: 'Thinking about it', thought: true }] }, index: 0 },
      ],
      modelVersion: 'gemini-2.5-pro',
    },
  },
  {
    data: {
      candidates: [{ content: { role: 'model', parts: [{ text: 'Héllo' }] }, index: 0 }],
      modelVersion: 'gemini-2.5-pro',
    },
  },
  {
    data: {
      candidates: [{ content: { role: 'model', parts: [{ text: ' wörld 🌍' }] }, index: 0 }],
      modelVersion: 'gemini-2.5-pro',
    },
  },
  {
    data: {
      candidates: [
        {
          content: { role: 'model', parts: [{ text: '', thoughtSignature: 'c2lnbmF0dXJl' }] },
          finishReason: 'STOP',
          index: 0,
        },
      ],
      usageMetadata: {
        promptTokenCount: 5,
        candidatesTokenCount: 3,
        totalTokenCount: 12,
        thoughtsTokenCount: 4,
      },
      modelVersion: 'gemini-2.5-pro',
    },
  },
]);

export const STREAMS = {
  chat: CHAT_STREAM,
  responses: RESPONSES_STREAM,
  messages: MESSAGES_STREAM,
  generate: GENERATE_STREAM,
} as const;

export const crlf = (s: string): string => s.replace(/\n/g, '\r\n');
