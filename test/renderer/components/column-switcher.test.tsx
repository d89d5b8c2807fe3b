// @vitest-environment jsdom
// Compare one column at a time (a narrow or low window): each column's tab says how it went, and a column
// that waits for the user says so on its tab, since the user cannot see it behind another one: a server
// tool asking to run, or function calls waiting for their results. A tool at work is still answering.
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ColumnSwitcher } from '../../../renderer/features/compare/ColumnSwitcher.tsx';
import { selectCallsWaiting } from '../../../renderer/features/compare/ColumnTools.tsx';
import type { McpCallState } from '../../../renderer/store/mcp-slice.ts';
import { freshStore } from '../fake-bridge.ts';
import { setUpColumns, turn } from '../compare-fixtures.ts';
import { renderWithStore } from './render.tsx';

afterEach(cleanup);

const call = (conversationId: string, status: McpCallState['status']): McpCallState => ({
  conversationId,
  replyId: `reply-${conversationId}`,
  call: { id: `call-${conversationId}`, name: 'local__echo', arguments: '{}' },
  ref: { server: 'local', tool: 'echo' },
  status,
});

function setup() {
  const t = freshStore();
  setUpColumns(t, ['chat', 'responses', 'messages']);
  const ask = turn('assistant', '', { toolCalls: [{ id: 'k1', name: 'add', arguments: '{"a":1}' }] });
  t.store.setState((s) => ({
    compareColumns: s.compareColumns.map((c, i) => ({
      ...c,
      conversationId: `conv${i}`,
      turns: [turn('user', 'Hi'), i === 0 ? ask : turn('assistant', 'Hello')],
    })),
  }));
  const keys = t.store.getState().compareColumns.map((c) => c.key);
  renderWithStore(<ColumnSwitcher keys={keys} value={keys[0]!} onChange={() => {}} />, t.store);
  const states = () => screen.getAllByTestId('compare-switch-state').map((e) => e.textContent);
  const tones = () => screen.getAllByTestId('compare-switch-state').map((e) => e.className);
  return { store: t.store, states, tones };
}

describe('Compare, one column at a time: the tabs', () => {
  it('mark the columns that wait for the user, apart from those answering', () => {
    const { store, states, tones } = setup();
    // the first column's reply called a function: it waits for the user's results
    expect(states()[0]).toBe('waits for results');
    expect(tones()[0]).toContain('is-ask');
    expect(states()[1]).toBe('–');

    // a server tool asks to run in the second column's conversation
    act(() => store.setState({ mcpCalls: { a: call('conv1', 'running'), b: call('conv1', 'asking') } }));
    expect(states()[1]).toBe('asks to run a tool');
    expect(tones()[1]).toContain('is-ask');

    // once it runs, the column is answering again
    act(() => store.setState({ mcpCalls: { b: call('conv1', 'running') } }));
    expect(states()[1]).toBe('answering…');
    expect(tones()[1]).toContain('is-run');
    expect(states()[2]).toBe('–');
  });

  it('and "Send to all" says which columns wait, and for what: results or an answer to a tool', () => {
    const { store } = setup();
    const ask = turn('assistant', '', { toolCalls: [{ id: 'k2', name: 'local__echo', arguments: '{}' }] });
    act(() =>
      store.setState((s) => ({
        compareColumns: s.compareColumns.map((c, i) =>
          i === 0 ? c : { ...c, turns: [turn('user', 'Hi'), ask] },
        ),
        mcpCalls: { b: call('conv1', 'asking'), c: call('conv2', 'asking') },
      })),
    );
    expect(selectCallsWaiting(store.getState())).toBe(
      'Columns 2 and 3 ask to run a server tool: answer them first (Run or Deny under their replies).',
    );
    // column 2's tool runs, column 3's was answered and its model replied: the first column still waits
    // for the results of its function
    act(() =>
      store.setState((s) => ({
        compareColumns: s.compareColumns.map((c, i) =>
          i === 2
            ? { ...c, turns: [turn('user', 'Hi'), ask, turn('user', ''), turn('assistant', 'Done')] }
            : c,
        ),
        mcpCalls: { b: call('conv1', 'running'), c: call('conv2', 'done') },
      })),
    );
    expect(selectCallsWaiting(store.getState())).toBe(
      'Column 1 (Chat Completions) waits for function results: send them first (the form under its reply).',
    );
  });
});
