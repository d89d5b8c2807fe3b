// The price table is a setting: the host keeps it across a restart and refuses a table it could not use.
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/app-core.ts';

let h: Harness;
afterEach(async () => {
  await h.close();
});

describe('prices in the settings', () => {
  it('are absent at first, saved whole, and kept across a restart', async () => {
    h = await createHarness();
    expect((await h.call('getSettings', {})).prices).toBeUndefined();
    const prices = {
      currency: 'EUR',
      rows: [
        { model: 'gpt-5*', input: 1.25, output: 10, cachedInput: 0.125 },
        { model: 'claude-haiku-4-5', input: 1, output: 5, cacheWrite: 1.25 },
      ],
    };
    const saved = await h.call('updateSettings', { prices });
    expect(saved.prices).toEqual(prices);
    // another setting saved later leaves the prices alone
    await h.call('updateSettings', { theme: 'dark' });
    await h.restart();
    expect((await h.call('getSettings', {})).prices).toEqual(prices);
  });

  it('refuses a table with a bad row or the same model twice, and keeps the one saved before', async () => {
    h = await createHarness();
    const good = { currency: 'USD', rows: [{ model: 'm', input: 1, output: 2 }] };
    await h.call('updateSettings', { prices: good });
    const negative = await h.fail('updateSettings', {
      prices: { currency: 'USD', rows: [{ model: 'm', input: -1, output: 2 }] },
    });
    expect(negative.kind).toBe('invalid-input');
    const twice = await h.fail('updateSettings', {
      prices: {
        currency: 'USD',
        rows: [
          { model: 'm', input: 1, output: 2 },
          { model: 'M', input: 1, output: 2 },
        ],
      },
    });
    expect(twice.message).toContain('priced twice');
    expect((await h.call('getSettings', {})).prices).toEqual(good);
  });
});
