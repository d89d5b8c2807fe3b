// @vitest-environment jsdom
// The parameters panel as a user meets it: an unset temperature says "service default" and can be set and
// reset; a value out of range is said inline, blocks sending, and is never stored; switches change what
// the next request is built from.
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Settings } from '../../../shared/contract.ts';
import type { TextFormat } from '../../../shared/formats.ts';
import { ParamsPanel } from '../../../renderer/features/chat/ParamsPanel.tsx';
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

describe('ParamsPanel', () => {
  it('an unset temperature reads "service default"; a typed one can be reset', () => {
    const store = setup();
    expect(screen.getByText('service default')).toBeTruthy();
    fireEvent.change(screen.getByTestId('param-temperature'), { target: { value: '0.4' } });
    expect(selectTabParams(store.getState(), 'chat').temperature).toBe(0.4);
    expect(screen.queryByText('service default')).toBeNull();
    fireEvent.click(screen.getByText('Reset'));
    expect(selectTabParams(store.getState(), 'chat').temperature).toBeUndefined();
    expect(screen.getByText('service default')).toBeTruthy();
  });

  it('says inline what is wrong with a value out of range, keeps it out of the request and blocks sending', () => {
    const store = setup();
    const field = screen.getByTestId('param-temperature');
    fireEvent.change(field, { target: { value: '0.7' } });
    fireEvent.change(field, { target: { value: '3' } });
    expect(screen.getByTestId('param-temperature-error').textContent).toMatch(/from 0 to 2/);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(selectTabParams(store.getState(), 'chat').temperature).toBe(0.7);
    expect(selectInvalidParam(store.getState(), 'chat')).toMatch(/Temperature/);

    fireEvent.change(field, { target: { value: '1.5' } });
    expect(screen.queryByTestId('param-temperature-error')).toBeNull();
    expect(selectInvalidParam(store.getState(), 'chat')).toBeNull();
    expect(selectTabParams(store.getState(), 'chat').temperature).toBe(1.5);
  });

  it('the system prompt and the stream switch go into the next request', () => {
    const store = setup();
    fireEvent.change(screen.getByTestId('param-system'), { target: { value: 'Answer in French.' } });
    fireEvent.click(screen.getByTestId('param-stream'));
    expect(selectTabParams(store.getState(), 'chat')).toMatchObject({
      system: 'Answer in French.',
      stream: false,
    });
    fireEvent.change(screen.getByTestId('param-system'), { target: { value: '' } });
    expect(selectTabParams(store.getState(), 'chat').system).toBeUndefined();
  });

  it('more controls: each says whether it is sent; an emptied one is not sent', () => {
    const store = setup('chat');
    const more = screen.getByTestId('more-controls');
    expect(more.hasAttribute('open')).toBe(false);
    expect(screen.queryAllByTestId('control-sent')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('param-topP'), { target: { value: '0.9' } });
    fireEvent.change(screen.getByTestId('param-seed'), { target: { value: '42' } });
    fireEvent.change(screen.getByTestId('param-reasoning-effort'), { target: { value: 'minimal' } });
    fireEvent.change(screen.getByTestId('param-stop'), { target: { value: 'END\n\n###' } });
    expect(selectTabParams(store.getState(), 'chat')).toMatchObject({
      topP: 0.9,
      seed: 42,
      reasoningEffort: 'minimal',
      stop: ['END', '###'],
    });
    expect(screen.getAllByTestId('control-sent').map((b) => b.textContent)).toEqual([
      'sent · top_p',
      'sent · stop',
      'sent · seed',
      'sent · reasoning_effort',
    ]);
    expect(more.querySelector('summary')?.textContent).toBe('More controls · 4 sent');

    fireEvent.change(screen.getByTestId('param-topP'), { target: { value: '' } });
    fireEvent.change(screen.getByTestId('param-reasoning-effort'), { target: { value: '' } });
    const p = selectTabParams(store.getState(), 'chat');
    expect('topP' in p || 'reasoningEffort' in p).toBe(false);
  });

  it('a value out of range or a fifth stop sequence is said, not stored, and blocks sending', () => {
    const store = setup('chat');
    fireEvent.change(screen.getByTestId('param-presencePenalty'), { target: { value: '3' } });
    expect(screen.getByRole('alert').textContent).toMatch(/Presence penalty: enter a number from -2 to 2/);
    expect(selectTabParams(store.getState(), 'chat').presencePenalty).toBeUndefined();
    expect(selectInvalidParam(store.getState(), 'chat')).toMatch(/Presence penalty/);
    fireEvent.change(screen.getByTestId('param-presencePenalty'), { target: { value: '' } });

    fireEvent.change(screen.getByTestId('param-stop'), { target: { value: 'a\nb\nc\nd\ne' } });
    expect(screen.getByRole('alert').textContent).toBe('Stop sequences: at most 4.');
    expect(selectTabParams(store.getState(), 'chat').stop).toBeUndefined();
    expect(selectInvalidParam(store.getState(), 'chat')).toMatch(/Stop sequences/);
  });

  it.each([
    ['chat', ['topP', 'stop', 'seed', 'presencePenalty', 'frequencyPenalty', 'reasoning-effort']],
    ['responses', ['topP', 'reasoning-effort', 'reasoning-summary']],
    ['messages', ['topP', 'topK', 'stop']],
    ['generate', ['topP', 'topK', 'stop', 'seed', 'presencePenalty', 'frequencyPenalty', 'thinking-level']],
  ] as const)('%s shows only the controls it defines', (format, shown) => {
    setup(format);
    const all = [
      'topP',
      'topK',
      'stop',
      'seed',
      'presencePenalty',
      'frequencyPenalty',
      'reasoning-effort',
      'reasoning-summary',
      'thinking-level',
    ];
    for (const c of all) {
      expect(screen.queryByTestId(`param-${c}`) !== null, c).toBe((shown as readonly string[]).includes(c));
    }
  });

  it('the extra body is checked as it is typed: the error names line and column, only valid JSON is kept', () => {
    const store = setup('responses');
    const field = screen.getByTestId('param-extra-body');
    fireEvent.change(field, { target: { value: '{"store": false}' } });
    expect(selectTabParams(store.getState(), 'responses').extraBody).toBe('{"store": false}');
    expect(screen.getByText('sent · merged last')).toBeTruthy();

    fireEvent.change(field, { target: { value: '{"store": false,\n  "x": }' } });
    expect(screen.getByTestId('param-extra-body-error').textContent).toMatch(/line 2, column 8/);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(selectTabParams(store.getState(), 'responses').extraBody).toBe('{"store": false}');
    expect(selectInvalidParam(store.getState(), 'responses')).toMatch(/Extra body/);

    fireEvent.change(field, { target: { value: '[1]' } });
    expect(screen.getByTestId('param-extra-body-error').textContent).toMatch(/must be a JSON object/);

    fireEvent.change(field, { target: { value: '' } });
    expect(screen.queryByTestId('param-extra-body-error')).toBeNull();
    expect(selectTabParams(store.getState(), 'responses').extraBody).toBeUndefined();
    expect(selectInvalidParam(store.getState(), 'responses')).toBeNull();
  });
});
