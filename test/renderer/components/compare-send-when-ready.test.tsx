// @vitest-environment jsdom
// Compare's prompt, as Chat's: Enter while a file is still being added is answered. The send waits for the
// file and says so, then goes to every column once, with the file; it can be called off; a problem that
// is not the file's (a field out of range) still holds the send back with its reason.
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CompareTab } from '../../../renderer/features/compare/CompareTab.tsx';
import { ColumnPresets } from '../../../renderer/features/presets/ColumnPresets.tsx';
import { COMPARE_FILES } from '../../../renderer/store/compare-slice.ts';
import { freshStore, ok } from '../fake-bridge.ts';
import { SETTINGS, compareHost, describeUpload } from '../compare-fixtures.ts';
import { renderWithStore } from './render.tsx';

afterEach(cleanup);

/** Compare with two columns, whose uploads are answered only when `release()` is called. */
function setup() {
  const t = freshStore();
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const host = compareHost(t, {
    listModels: () => ok({ models: [], exchangeId: 'ex' }),
    putAttachment: async (i) => {
      await released;
      return describeUpload(i);
    },
  });
  t.store.setState({
    settings: {
      ...SETTINGS,
      compareColumns: [
        { format: 'chat', model: 'gpt-5-mini' },
        { format: 'messages', model: 'claude-haiku-4-5' },
      ],
    },
  });
  renderWithStore(<CompareTab presets={ColumnPresets} />, t.store);
  const attach = () =>
    act(() => {
      void t.store
        .getState()
        .addFiles(COMPARE_FILES, [new File([new Uint8Array(9)], 'chart.png', { type: 'image/png' })]);
    });
  const sends = () => host.inputs('sendMessage');
  return { store: t.store, host, release, attach, sends };
}

const input = () => screen.getByTestId('compare-input');
const pressEnter = () => fireEvent.keyDown(input(), { key: 'Enter' });

describe('Compare: a send while a file is still being added', () => {
  it('waits for the file, says so, then sends to every column once, with the file', async () => {
    const { store, release, attach, sends } = setup();
    attach();
    await vi.waitFor(() =>
      expect(store.getState().composerFiles[COMPARE_FILES]?.[0]?.status).toBe('uploading'),
    );
    fireEvent.change(input(), { target: { value: 'What is in this chart?' } });
    pressEnter();
    expect(screen.getByTestId('send-queued').textContent).toMatch(
      /Sending to every column as soon as the files are added/,
    );
    expect(sends()).toHaveLength(0);
    // Enter again and a click on Send while it waits: neither sends twice nor calls it off
    pressEnter();
    fireEvent.click(screen.getByTestId('compare-send'));
    expect(screen.getByTestId('send-queued')).toBeTruthy();
    await act(async () => release());
    await vi.waitFor(() => expect(sends()).toHaveLength(2));
    expect(sends().map((s) => [s['text'], s['attachmentIds']])).toEqual([
      ['What is in this chart?', ['att-chart.png']],
      ['What is in this chart?', ['att-chart.png']],
    ]);
    expect(screen.queryByTestId('send-queued')).toBeNull();
    expect((input() as HTMLTextAreaElement).value).toBe('');
  });

  it('can be called off: the text and the file stay, nothing is sent', async () => {
    const { store, release, attach, sends } = setup();
    attach();
    fireEvent.change(input(), { target: { value: 'Not yet' } });
    await vi.waitFor(() => expect(screen.getByTestId('compare-send').hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByTestId('compare-send'));
    fireEvent.click(screen.getByTestId('send-queued-cancel'));
    await act(async () => release());
    await vi.waitFor(() => expect(store.getState().composerFiles[COMPARE_FILES]?.[0]?.status).toBe('ready'));
    expect(sends()).toHaveLength(0);
    expect((input() as HTMLTextAreaElement).value).toBe('Not yet');
    expect(screen.queryByTestId('send-queued')).toBeNull();
  });

  it('switching to image mode ends the wait: the text columns are not sent to', async () => {
    const { release, attach, sends } = setup();
    attach();
    fireEvent.change(input(), { target: { value: 'Describe it' } });
    pressEnter();
    expect(screen.getByTestId('send-queued')).toBeTruthy();
    fireEvent.click(screen.getByTestId('compare-mode-images'));
    await vi.waitFor(() => expect(screen.queryByTestId('send-queued')).toBeNull());
    fireEvent.click(screen.getByTestId('compare-mode-text'));
    await act(async () => release());
    await vi.waitFor(() => expect(screen.getByTestId('compare-send').hasAttribute('disabled')).toBe(false));
    expect(sends()).toHaveLength(0);
    expect(screen.queryByTestId('send-queued')).toBeNull();
  });

  it('a problem that is not the file holds the send back with its reason, even while the file comes', async () => {
    const { store, release, attach, sends } = setup();
    attach();
    fireEvent.change(input(), { target: { value: 'Hello' } });
    // a field typed out of range in the shared parameters
    act(() => store.setState({ compareInvalid: { all: { temperature: 'Temperature is at most 2.' } } }));
    pressEnter();
    expect(screen.queryByTestId('send-queued')).toBeNull();
    expect(screen.getByTestId('compare-params-problem').textContent).toBe('Temperature is at most 2.');
    expect(screen.getByTestId('compare-send').hasAttribute('disabled')).toBe(true);
    await act(async () => release());
    expect(sends()).toHaveLength(0);
  });
});
