// @vitest-environment jsdom
// Structured output as a user meets it: the panel's off / JSON / JSON Schema choice, a broken schema said
// with its line and column as typed (kept out of the request, sending blocked), messages offering only a
// schema; and a finished reply shown as formatted JSON with one line saying whether it matches.
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Settings } from '../../../shared/contract.ts';
import type { Conversation, Params } from '../../../shared/conversation.ts';
import type { TextFormat } from '../../../shared/formats.ts';
import { ParamsPanel } from '../../../renderer/features/chat/ParamsPanel.tsx';
import { ReplyBubble } from '../../../renderer/features/chat/Bubbles.tsx';
import { selectInvalidParam, selectTabParams } from '../../../renderer/store/chat-helpers.ts';
import { fakeBridge, freshStore, ok } from '../fake-bridge.ts';
import { renderWithStore } from './render.tsx';

afterEach(cleanup);

const SETTINGS: Settings = { theme: 'system', tabs: {}, compareColumns: [] };

function setup(format: TextFormat = 'chat') {
  const t = freshStore();
  t.setBridge(fakeBridge({ updateSettings: () => ok(SETTINGS) }).bridge);
  t.store.setState({ settings: SETTINGS });
  renderWithStore(<ParamsPanel format={format} />, t.store);
  return t.store;
}

describe('the Structured output section', () => {
  it('is off by default; JSON and JSON Schema are saved with the conversation parameters', () => {
    const store = setup();
    expect(selectTabParams(store.getState(), 'chat').output).toBeUndefined();
    const mode = screen.getByTestId('param-output-mode');
    fireEvent.change(mode, { target: { value: 'json' } });
    expect(selectTabParams(store.getState(), 'chat').output).toEqual({ mode: 'json' });
    fireEvent.change(mode, { target: { value: 'schema' } });
    const saved = selectTabParams(store.getState(), 'chat').output;
    expect(saved).toMatchObject({ mode: 'schema', name: 'answer' });
    expect(screen.getByText(/checked against the schema \(type, properties, required/)).toBeTruthy();
    fireEvent.change(mode, { target: { value: 'off' } });
    expect(selectTabParams(store.getState(), 'chat').output).toBeUndefined();
  });

  it('says where a schema stops being JSON as it is typed, keeps it out and blocks sending', () => {
    const store = setup();
    fireEvent.change(screen.getByTestId('param-output-mode'), { target: { value: 'schema' } });
    const before = selectTabParams(store.getState(), 'chat').output;
    fireEvent.change(screen.getByTestId('param-output-schema'), { target: { value: '{\n  "type": \n}' } });
    expect(screen.getByTestId('param-output-error').textContent).toMatch(
      /JSON Schema: not valid JSON at line 3, column 1/,
    );
    expect(selectTabParams(store.getState(), 'chat').output).toEqual(before);
    expect(selectInvalidParam(store.getState(), 'chat')).toMatch(/JSON Schema/);
    fireEvent.change(screen.getByTestId('param-output-schema'), { target: { value: '{"type": "array"}' } });
    expect(screen.queryByTestId('param-output-error')).toBeNull();
    expect(selectInvalidParam(store.getState(), 'chat')).toBeNull();
    expect(selectTabParams(store.getState(), 'chat').output).toMatchObject({ schema: '{"type": "array"}' });
  });

  it('refuses a schema name with a space', () => {
    const store = setup();
    fireEvent.change(screen.getByTestId('param-output-mode'), { target: { value: 'schema' } });
    fireEvent.change(screen.getByTestId('param-output-name'), { target: { value: 'my schema' } });
    expect(screen.getByTestId('param-output-error').textContent).toMatch(/schema name/);
    expect(selectTabParams(store.getState(), 'chat').output).toMatchObject({ name: 'answer' });
  });

  it('messages offers no plain JSON mode and says so', () => {
    setup('messages');
    const json = screen.getByRole('option', { name: /JSON \(not in Messages\)/ }) as HTMLOptionElement;
    expect(json.disabled).toBe(true);
    expect(screen.getByText(/Messages has no plain JSON mode/)).toBeTruthy();
  });
});

function showReply(text: string, params: Params, format: TextFormat = 'chat') {
  const t = freshStore();
  t.setBridge(fakeBridge({}).bridge);
  const conv: Conversation = {
    id: 'c1',
    format,
    model: 'm',
    title: 't',
    params,
    turns: [],
    createdAt: 0,
    updatedAt: 0,
  };
  t.store.setState({ loaded: { c1: conv } });
  const turn = { id: 'a1', role: 'assistant' as const, text, status: 'complete' as const, createdAt: 0 };
  renderWithStore(<ReplyBubble turn={turn} conversationId="c1" isLast busy={false} />, t.store);
}

const SCHEMA = '{"type":"object","properties":{"n":{"type":"integer","minimum":1}},"required":["n"]}';

describe('a reply to a JSON conversation', () => {
  it('is shown formatted, with "matches the schema"', () => {
    showReply('{"n":2}', { stream: true, output: { mode: 'schema', name: 's', schema: SCHEMA } });
    expect(screen.getByTestId('json-reply').querySelector('pre')?.textContent).toBe('{\n  "n": 2\n}');
    expect(screen.getByTestId('json-reply-check').textContent).toBe('✓ Valid JSON, matches the schema.');
  });

  it('names the first problem with its path', () => {
    showReply('{"n":0}', { stream: true, output: { mode: 'schema', name: 's', schema: SCHEMA } });
    const line = screen.getByTestId('json-reply-check');
    expect(line.dataset['ok']).toBe('false');
    expect(line.textContent).toMatch(/does not match the schema: \$\.n: 0 is less than the minimum 1/);
  });

  it('keeps a reply that is not JSON as it came, and says so', () => {
    showReply('Sure! {"n": 1}', { stream: true, output: { mode: 'json' } });
    expect(screen.getByTestId('json-reply').querySelector('pre')?.textContent).toBe('Sure! {"n": 1}');
    expect(screen.getByTestId('json-reply-check').textContent).toMatch(/Not valid JSON \(line 1, column 1\)/);
  });

  it('a conversation without structured output shows Markdown as before', () => {
    showReply('{"n":2}', { stream: true });
    expect(screen.queryByTestId('json-reply')).toBeNull();
  });
});
