// @vitest-environment jsdom
// The parameters panel as a user meets it: an unset temperature says "service default" and can be set and
// reset; a value out of range is said inline, blocks sending, and is never stored; switches change what
// the next request is built from.
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Settings } from '../../../shared/contract.ts';
import { ParamsPanel } from '../../../renderer/features/chat/ParamsPanel.tsx';
import { selectInvalidParam, selectTabParams } from '../../../renderer/store/chat-helpers.ts';
import { fakeBridge, freshStore, ok } from '../fake-bridge.ts';
import { renderWithStore } from './render.tsx';

afterEach(cleanup);

const SETTINGS: Settings = { theme: 'system', tabs: {}, compareColumns: [] };

function setup() {
  const t = freshStore();
  t.setBridge(fakeBridge({ updateSettings: () => ok(SETTINGS) }).bridge);
  t.store.setState({ settings: SETTINGS });
  renderWithStore(<ParamsPanel format="chat" />, t.store);
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
});
