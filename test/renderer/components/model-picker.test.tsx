// @vitest-environment jsdom
// The model picker as a user meets it: it fetches the family's list, shows the models that suit the tab
// first, filters as you type, takes the keyboard, offers an id the list lacks, and says why a list failed.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ModelPicker } from '../../../renderer/components/ModelPicker.tsx';
import { fakeBridge, freshStore, ok, type Impl } from '../fake-bridge.ts';
import { renderWithStore } from './render.tsx';

afterEach(cleanup);

const MODELS = ['gpt-image-1', 'gpt-5-mini', 'text-embedding-3', 'gpt-5'];

function setup(listModels: NonNullable<Impl['listModels']>) {
  const t = freshStore();
  const fake = fakeBridge({ listModels });
  t.setBridge(fake.bridge);
  t.store.setState({ activeConnectionId: 'c1' });
  const onChange = vi.fn<(id: string) => void>();
  renderWithStore(<ModelPicker family="bearer" purpose="chat" value="" onChange={onChange} />, t.store);
  return { fake, onChange };
}

const listed = () => ok({ models: MODELS.map((id) => ({ id })), exchangeId: 'x1' });

describe('ModelPicker', () => {
  it('fetches the family’s list once and shows the models that suit the tab first', async () => {
    const user = userEvent.setup();
    const { fake } = setup(listed);
    await waitFor(() => expect(fake.calls.filter((c) => c.op === 'listModels')).toHaveLength(1));
    expect(fake.calls[0]?.input).toEqual({ family: 'bearer', connectionId: 'c1' });
    await user.click(screen.getByTestId('model-picker-input'));
    const options = await screen.findAllByTestId('model-option');
    const ids = options.map((o) => o.textContent ?? '');
    // the chat models come before the image and embedding models
    const firstOther = ids.findIndex((id) => id.includes('image') || id.includes('embedding'));
    expect(ids.slice(0, firstOther).every((id) => id.startsWith('gpt-5'))).toBe(true);
    expect(ids).toHaveLength(MODELS.length);
  });

  it('filters as you type and picks the highlighted model with the keyboard', async () => {
    const user = userEvent.setup();
    const { onChange } = setup(listed);
    const input = screen.getByTestId('model-picker-input');
    await user.click(input);
    await screen.findAllByTestId('model-option');
    await user.type(input, 'mini');
    const options = screen.getAllByTestId('model-option');
    expect(options.map((o) => o.textContent)).toEqual([expect.stringContaining('gpt-5-mini')]);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenCalledWith('gpt-5-mini');
  });

  it('offers an id the list lacks, and Escape closes the list without a change', async () => {
    const user = userEvent.setup();
    const { onChange } = setup(listed);
    const input = screen.getByTestId('model-picker-input');
    await user.click(input);
    await user.type(input, 'my-fine-tune');
    const free = await screen.findByTestId('model-option-free');
    expect(free.textContent).toContain('my-fine-tune');
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('model-option-free')).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
    await user.click(input);
    await user.type(input, 'my-fine-tune');
    await user.click(await screen.findByTestId('model-option-free'));
    expect(onChange).toHaveBeenCalledWith('my-fine-tune');
  });

  it('says why the list could not be fetched', async () => {
    setup(() => ({ ok: false, error: { kind: 'http', status: 401, message: 'The key was refused.' } }));
    const shown = await screen.findAllByTestId('model-list-error');
    expect(shown.map((e) => e.textContent ?? e.getAttribute('aria-label')).join(' ')).toMatch(/refused/);
    expect(within(screen.getByTestId('model-picker')).getByTestId('model-refresh')).toBeTruthy();
  });
});
