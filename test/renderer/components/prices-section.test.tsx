// @vitest-environment jsdom
// Settings > Prices as a user meets it: a row typed and saved on leaving it, problems named under the row
// (and nothing saved until they are fixed), a row removed, a file imported with its bad rows listed and
// why, a file in another currency refused, the table exported, and an unfinished row still there after
// leaving Settings and coming back.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Settings } from '../../../shared/contract.ts';
import type { PriceTable } from '../../../shared/pricing.ts';
import { PricesSection } from '../../../renderer/features/settings/PricesSection.tsx';
import { fakeBridge, freshStore, ok, settingsWith } from '../fake-bridge.ts';
import { renderWithStore } from './render.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const BASE: Settings = { theme: 'system', tabs: {}, compareColumns: [] };

function setup(prices?: PriceTable) {
  const t = freshStore();
  let stored: Settings = prices ? { ...BASE, prices } : BASE;
  const fake = fakeBridge({
    updateSettings: (patch) => {
      stored = settingsWith(stored, patch);
      return ok(stored);
    },
  });
  t.setBridge(fake.bridge);
  t.store.setState({ settings: stored });
  const view = renderWithStore(<PricesSection />, t.store);
  const saves = () =>
    fake.calls.filter((c) => c.op === 'updateSettings').map((c) => c.input['prices'] as PriceTable);
  return { store: t.store, view, saves, user: userEvent.setup() };
}

const rows = () => screen.queryAllByTestId('price-row');
const row = (i: number) => within(rows()[i] as HTMLElement);

describe('the prices table', () => {
  it('starts empty, and saves a typed row when the user leaves it', async () => {
    const { user, saves, store } = setup();
    expect(screen.getByTestId('prices-empty').textContent).toBe('No prices yet, so no costs are shown.');
    await user.click(screen.getByTestId('prices-add'));
    // the new row's model field has the focus
    await waitFor(() => expect(document.activeElement).toBe(row(0).getByTestId('price-model')));
    await user.keyboard('gpt-5*');
    await user.type(row(0).getByTestId('price-input'), '1.25');
    await user.type(row(0).getByTestId('price-cachedInput'), '0.125');
    await user.type(row(0).getByTestId('price-output'), '10');
    expect(saves()).toEqual([]);
    await user.click(screen.getByTestId('prices-currency'));
    await waitFor(() =>
      expect(saves()).toEqual([
        { currency: 'USD', rows: [{ model: 'gpt-5*', input: 1.25, cachedInput: 0.125, output: 10 }] },
      ]),
    );
    expect(store.getState().settings?.prices?.rows).toHaveLength(1);
    expect(screen.getByTestId('prices-status').textContent).toContain('Saved.');
  });

  it('names what is wrong under the row and saves nothing until it is fixed', async () => {
    const { user, saves } = setup({ currency: 'USD', rows: [{ model: 'gpt-5*', input: 1, output: 2 }] });
    await user.click(screen.getByTestId('prices-add'));
    await waitFor(() => expect(document.activeElement).toBe(row(1).getByTestId('price-model')));
    await user.keyboard('GPT-5*');
    await user.type(row(1).getByTestId('price-output'), '1,5');
    await user.click(screen.getByTestId('prices-currency'));
    const problems = await screen.findByTestId('price-problems');
    expect([...problems.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Row 1 already prices this model.',
      'Input: needed.',
      'Output: a number from 0 to 1,000,000, such as 1.25.',
    ]);
    expect(row(1).getByTestId('price-input').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('prices-status').textContent).toBe(
      'Not saved: fix the marked fields. Costs use the last saved prices until then.',
    );
    expect(saves()).toEqual([]);

    const model = row(1).getByTestId('price-model');
    await user.clear(model);
    await user.type(model, 'gpt-5-mini');
    await user.type(row(1).getByTestId('price-input'), '0.25');
    const output = row(1).getByTestId('price-output');
    await user.clear(output);
    await user.type(output, '2');
    await user.click(screen.getByTestId('prices-currency'));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]?.rows.map((r) => r.model)).toEqual(['gpt-5*', 'gpt-5-mini']);
    expect(screen.queryByTestId('price-problems')).toBeNull();
  });

  it('saves at once when a row is removed, and a currency code only when it is one', async () => {
    const { user, saves } = setup({
      currency: 'USD',
      rows: [
        { model: 'a', input: 1, output: 2 },
        { model: 'b', input: 3, output: 4 },
      ],
    });
    await user.click(row(0).getByRole('button', { name: 'Remove row 1' }));
    await waitFor(() =>
      expect(saves()).toEqual([{ currency: 'USD', rows: [{ model: 'b', input: 3, output: 4 }] }]),
    );

    const currency = screen.getByTestId('prices-currency');
    await user.clear(currency);
    await user.type(currency, 'eu');
    await user.tab();
    expect(currency.getAttribute('aria-invalid')).toBe('true');
    expect(saves()).toHaveLength(1);
    await user.type(currency, 'r');
    await user.tab();
    await waitFor(() => expect(saves().at(-1)?.currency).toBe('EUR'));
  });

  it('keeps an unfinished row when the user leaves Settings and comes back', async () => {
    const { user, view, store, saves } = setup();
    await user.click(screen.getByTestId('prices-add'));
    await waitFor(() => expect(document.activeElement).toBe(row(0).getByTestId('price-model')));
    await user.keyboard('claude-*');
    view.unmount();
    renderWithStore(<PricesSection />, store);
    expect((row(0).getByTestId('price-model') as HTMLInputElement).value).toBe('claude-*');
    expect(saves()).toEqual([]);
  });
});

describe('import and export', () => {
  const file = (name: string, body: unknown) =>
    new File([typeof body === 'string' ? body : JSON.stringify(body)], name, { type: 'application/json' });
  const pick = (f: File) =>
    act(async () => {
      fireEvent.change(screen.getByTestId('prices-import-file'), { target: { files: [f] } });
    });

  it('takes the good rows (updating a model already priced), saves, and lists each skipped row with why', async () => {
    const { saves } = setup({ currency: 'USD', rows: [{ model: 'gpt-5*', input: 1, output: 2 }] });
    await pick(
      file('prices.json', {
        currency: 'USD',
        prices: [
          { model: 'GPT-5*', input: 1.25, output: 10 },
          { model: 'claude-*', input: 3, output: 15, cacheWrite: 3.75 },
          { model: 'half', input: 1 },
          { model: 'typo', input: 1, output: 1, cached_input: 0.1 },
        ],
      }),
    );
    const report = await screen.findByTestId('prices-import-report');
    expect(report.textContent).toContain('From “prices.json”: 1 added, 1 updated.');
    expect(
      [...within(report).getByTestId('prices-skipped').querySelectorAll('li')].map((l) => l.textContent),
    ).toEqual([
      'Row 3 “half”: Output: needed.',
      'Row 4 “typo”: Unknown field “cached_input” (the fields are model, input, cachedInput, cacheWrite, output and thinking).',
    ]);
    await waitFor(() =>
      expect(saves()).toEqual([
        {
          currency: 'USD',
          rows: [
            { model: 'GPT-5*', input: 1.25, output: 10 },
            { model: 'claude-*', input: 3, output: 15, cacheWrite: 3.75 },
          ],
        },
      ]),
    );
    expect(rows()).toHaveLength(2);
  });

  it('refuses a file in another currency while the table has rows, and one that is not JSON', async () => {
    const { saves } = setup({ currency: 'USD', rows: [{ model: 'a', input: 1, output: 2 }] });
    await pick(file('eur.json', { currency: 'EUR', prices: [{ model: 'b', input: 1, output: 1 }] }));
    expect((await screen.findByTestId('prices-import-report')).textContent).toBe(
      '“eur.json” is in EUR and the table in USD; amounts are not converted. Change the currency to EUR or remove the rows first.',
    );
    await pick(file('notes.txt', 'model,input,output'));
    await waitFor(() =>
      expect(screen.getByTestId('prices-import-report').textContent).toBe(
        '“notes.txt” could not be imported: it is not JSON.',
      ),
    );
    expect(saves()).toEqual([]);
  });

  it('exports the saved table as a prices file', async () => {
    const table: PriceTable = { currency: 'EUR', rows: [{ model: 'gpt-5*', input: 1.25, output: 10 }] };
    const { user } = setup(table);
    let blob: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      blob = b as Blob;
      return 'blob:prices';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await user.click(screen.getByTestId('prices-export'));
    expect(clicked).toHaveBeenCalledOnce();
    expect(JSON.parse((await blob?.text()) ?? '')).toEqual({
      quartet: 'prices',
      version: 1,
      currency: 'EUR',
      unit: 'per million tokens',
      prices: table.rows,
    });
  });
});
