// A streamed index is a key, never an array position: a chat tool call or a messages content block at
// index 4294967294 once made a sparse array whose `filter` visited every slot (the host froze for 284 s).
// Such an index is refused as a broken reply at once; indexes with gaps keep their order.
import { describe, expect, it } from 'vitest';
import { FORMATS } from '../../electron/core/formats/index.ts';
import { StreamProblem } from '../../electron/core/formats/types.ts';
import { MAX_STREAM_INDEX } from '../../electron/core/formats/util.ts';

const chatChunk = (calls: unknown[]) => ({
  data: JSON.stringify({ choices: [{ index: 0, delta: { tool_calls: calls } }] }),
});
const call = (index: unknown, name: string) => ({
  index,
  id: `call_${name}`,
  type: 'function',
  function: { name, arguments: '{}' },
});
const messagesEvent = (data: Record<string, unknown>) => ({
  event: String(data['type']),
  data: JSON.stringify(data),
});

describe('streamed indexes', () => {
  it.each([4294967294, MAX_STREAM_INDEX + 1, -1, 1.5, '7'])(
    'refuses a chat tool call at index %s as a broken reply',
    (index) => {
      const r = FORMATS.chat.createReducer();
      expect(() => r.push(chatChunk([call(index, 'a')]))).toThrow(StreamProblem);
    },
  );

  it('keeps chat tool calls with gaps between their indexes in index order', () => {
    const r = FORMATS.chat.createReducer();
    r.push(chatChunk([call(9000, 'late')]));
    r.push(chatChunk([call(3, 'early')]));
    r.push({ data: JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }] }) });
    r.push({ data: '[DONE]' });
    expect(r.result().toolCalls?.map((c) => c.name)).toEqual(['early', 'late']);
  });

  it.each([4294967294, MAX_STREAM_INDEX + 1, -3])('refuses a messages content block at index %s', (index) => {
    const r = FORMATS.messages.createReducer();
    r.push(messagesEvent({ type: 'message_start', message: { model: 'm', usage: {} } }));
    expect(() =>
      r.push(
        messagesEvent({ type: 'content_block_start', index, content_block: { type: 'text', text: '' } }),
      ),
    ).toThrow(StreamProblem);
  });

  it('reads messages content blocks whose indexes skip numbers', () => {
    const r = FORMATS.messages.createReducer();
    r.push(messagesEvent({ type: 'message_start', message: { model: 'm', usage: {} } }));
    for (const [index, text] of [
      [0, 'one'],
      [5000, 'two'],
    ] as const) {
      r.push(
        messagesEvent({ type: 'content_block_start', index, content_block: { type: 'text', text: '' } }),
      );
      r.push(messagesEvent({ type: 'content_block_delta', index, delta: { type: 'text_delta', text } }));
      r.push(messagesEvent({ type: 'content_block_stop', index }));
    }
    r.push(messagesEvent({ type: 'message_stop' }));
    expect(r.result().text).toBe('onetwo');
  });
});
