// @vitest-environment jsdom
// Function calls in a reply: cards built live from the host's `delta.tool` pieces through the store (one
// store update per frame, as for text), then the finished reply's calls with pretty arguments, and
// arguments that are not JSON shown as received and marked.
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Conversation, Turn } from '../../shared/conversation.ts';
import type { ToolDelta } from '../../shared/tools.ts';
import { ReplyBubble } from '../../renderer/features/chat/Bubbles.tsx';
import { startEventRouting } from '../../renderer/store/events.ts';
import { createToolCallBuilder } from '../../renderer/store/delta-batcher.ts';
import { fakeBridge, freshStore } from './fake-bridge.ts';
import { renderWithStore } from './components/render.tsx';

let stopRouting: () => void = () => {};
afterEach(() => {
  cleanup();
  stopRouting();
});

const conv: Conversation = {
  id: 'c1',
  format: 'chat',
  model: 'gpt-5-mini',
  title: 't',
  params: { stream: true },
  turns: [],
  createdAt: 0,
  updatedAt: 0,
};

/** The next animation frame: the batcher's frame was asked for first, so it has run by then. */
const frame = () => act(() => new Promise<void>((r) => requestAnimationFrame(() => r())));

function streaming() {
  const t = freshStore();
  const fake = fakeBridge({});
  t.setBridge(fake.bridge);
  stopRouting = startEventRouting(t.store);
  t.store.setState({ loaded: { c1: conv } });
  const requestId = 'r1';
  t.store.getState().beginRun(requestId);
  renderWithStore(<ReplyBubble requestId={requestId} conversationId="c1" isLast={false} busy />, t.store);
  const tool = (piece: ToolDelta) => fake.emit('delta', { requestId, tool: piece });
  return { store: t.store, tool, emit: fake.emit, requestId };
}

const cards = () => screen.queryAllByTestId('tool-call');
const args = (i: number) => screen.getAllByTestId('tool-call-args')[i]!;

describe('call cards while the reply streams', () => {
  it('build up from delta pieces, one store update per frame', async () => {
    const { store, tool, emit, requestId } = streaming();
    expect(screen.getByTestId('msg-waiting')).toBeTruthy();
    let updates = 0;
    const unsub = store.subscribe((s, prev) => {
      if (s.runTexts !== prev.runTexts) updates++;
    });
    emit('delta', { requestId, text: 'Let me check.' });
    tool({ index: 0, id: 'call_1', name: 'get_weather', args: '' });
    tool({ index: 0, args: '{"city":' });
    await frame();
    expect(updates).toBe(1);
    expect(cards()).toHaveLength(1);
    expect(screen.queryByTestId('msg-waiting')).toBeNull();
    expect(screen.getByTestId('tool-call-name').textContent).toBe('get_weather');
    expect(screen.getByTestId('tool-call-id').textContent).toBe('call_1');
    // incomplete while streaming: shown as it is, not marked as broken
    expect(args(0).textContent).toBe('{"city":');
    expect(screen.queryByTestId('tool-call-unparsed')).toBeNull();

    tool({ index: 0, args: ' "Paris"}' });
    tool({ index: 1, id: 'call_2', name: 'get_time' });
    tool({ index: 1, args: '{"timezone":"Europe/Paris"}' });
    await frame();
    unsub();
    expect(updates).toBe(2);
    expect(cards()).toHaveLength(2);
    expect(args(0).textContent).toBe('{\n  "city": "Paris"\n}');
    expect(args(1).textContent).toBe('{\n  "timezone": "Europe/Paris"\n}');
    expect(screen.getByTestId('message-text').textContent).toContain('Let me check.');
    expect(store.getState().runTexts[requestId]?.toolCalls?.map((c) => c.id)).toEqual(['call_1', 'call_2']);
  });

  it('a frame with only text keeps the calls as they were (their cards are not woken)', async () => {
    const { store, tool, emit, requestId } = streaming();
    tool({ index: 0, id: 'call_1', name: 'f', args: '{}' });
    await frame();
    const before = store.getState().runTexts[requestId]?.toolCalls;
    emit('delta', { requestId, text: 'more' });
    await frame();
    expect(store.getState().runTexts[requestId]?.toolCalls).toBe(before);
  });
});

describe('the call builder', () => {
  it('keeps the stream index order even when a later call starts first, and index need not start at 0', () => {
    const b = createToolCallBuilder();
    b.apply([{ index: 3, id: 'b', name: 'g', args: '{"x":' }]);
    const calls = b.apply([
      { index: 1, id: 'a', name: 'f' },
      { index: 3, args: '1}' },
      { index: 1, args: '{}' },
    ]);
    expect(calls).toEqual([
      { id: 'a', name: 'f', arguments: '{}' },
      { id: 'b', name: 'g', arguments: '{"x":1}' },
    ]);
    expect(b.apply([])).toBe(calls);
  });
});

function finished(turn: Partial<Turn>) {
  const t = freshStore();
  t.setBridge(fakeBridge({}).bridge);
  t.store.setState({ loaded: { c1: conv } });
  const reply: Turn = { id: 'a1', role: 'assistant', text: '', status: 'complete', createdAt: 0, ...turn };
  renderWithStore(<ReplyBubble turn={reply} conversationId="c1" isLast busy={false} />, t.store);
}

describe('call cards of a finished reply', () => {
  it('show name, id and pretty arguments, with no empty text block', () => {
    finished({
      toolCalls: [{ id: 'call_9', name: 'get_weather', arguments: '{"city":"Oslo","unit":"celsius"}' }],
    });
    expect(screen.queryByTestId('message-text')).toBeNull();
    expect(screen.getByTestId('tool-call-name').textContent).toBe('get_weather');
    expect(screen.getByTestId('tool-call-id').textContent).toBe('call_9');
    expect(args(0).textContent).toBe('{\n  "city": "Oslo",\n  "unit": "celsius"\n}');
    expect(args(0).dataset['parsed']).toBe('true');
    expect(screen.getByTestId('copy-message')).toBeTruthy();
  });

  it('show arguments that do not parse as received, marked', () => {
    finished({ toolCalls: [{ id: 'call_1', name: 'get_weather', arguments: '{"city": "Oslo"' }] });
    expect(args(0).textContent).toBe('{"city": "Oslo"');
    expect(args(0).dataset['parsed']).toBe('false');
    expect(screen.getByTestId('tool-call-unparsed').textContent).toMatch(/Not valid JSON: shown as received/);
  });

  it('show empty arguments as an empty object', () => {
    finished({ text: 'Calling now.', toolCalls: [{ id: 'c', name: 'ping', arguments: '' }] });
    expect(args(0).textContent).toBe('{}');
    expect(screen.getByTestId('message-text').textContent).toContain('Calling now.');
  });
});
