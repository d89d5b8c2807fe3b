// @vitest-environment jsdom
// A part of the page that fails to draw takes down only itself: it says what failed and offers a way on,
// and a start with `?safe` reopens nothing remembered.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render } from '@testing-library/react';
import { ErrorBoundary } from '../../renderer/components/ErrorBoundary.tsx';
import { sessionToRestore } from '../../renderer/store/session.ts';
import type { StoreState } from '../../renderer/store/types.ts';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  history.replaceState(null, '', '/');
});

let broken = true;
function Fragile() {
  if (broken) throw new Error('unexpected shape');
  return <p>drawn</p>;
}

describe('a part that fails to draw', () => {
  it('shows what failed beside the parts that drew, tells its owner once, and draws again on Try again', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {}); // React reports the caught error
    const onError = vi.fn();
    broken = true;
    const view = render(
      <div>
        <p>the message before</p>
        <ErrorBoundary label="This message" onError={onError} raw="the raw text">
          <Fragile />
        </ErrorBoundary>
      </div>,
    );
    expect(view.getByText('the message before')).toBeTruthy();
    expect(view.getByRole('alert').textContent).toContain(
      'This message could not be drawn: unexpected shape',
    );
    expect(view.getByText('Copy its text')).toBeTruthy();
    expect(onError).toHaveBeenCalledTimes(1);
    broken = false;
    fireEvent.click(view.getByText('Try again'));
    expect(view.getByText('drawn')).toBeTruthy();
  });

  it('reopens nothing at a start with ?safe', () => {
    const state = {
      settings: {
        theme: 'system',
        tabs: {},
        compareColumns: [],
        session: { tab: 'chat', open: { chat: 'c1' } },
      },
      conversations: [{ id: 'c1', format: 'chat' }],
    } as unknown as StoreState;
    expect(sessionToRestore(state)).toEqual({ tab: 'chat', open: { chat: 'c1' } });
    history.replaceState(null, '', '/?safe');
    expect(sessionToRestore(state)).toEqual({ tab: null, open: {} });
  });
});
