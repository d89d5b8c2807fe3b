// The price table as typed and as a file: each row checked field by field, blank rows left out, the same
// model twice refused, and an import that takes the good rows and says why each other one was skipped.
import { describe, expect, it } from 'vitest';
import {
  checkDrafts,
  draftOf,
  EMPTY_DRAFT,
  mergeRows,
  parsePrice,
  parsePriceFile,
  readDraft,
  toPricesFile,
  type PriceDraft,
} from '../../shared/price-table.ts';
import { MAX_PRICE_ROWS, PriceTableSchema, type PriceRow } from '../../shared/pricing.ts';

const draft = (over: Partial<PriceDraft>): PriceDraft => ({ ...EMPTY_DRAFT, ...over });

describe('a typed row', () => {
  it('becomes a row with only the prices given', () => {
    expect(readDraft(draft({ model: ' gpt-5* ', input: '1.25', output: '10', cachedInput: '.125' }))).toEqual(
      {
        row: { model: 'gpt-5*', input: 1.25, output: 10, cachedInput: 0.125 },
      },
    );
  });

  it('names every field that is wrong', () => {
    const r = readDraft(draft({ model: 'gpt 5', input: '', output: '-3', thinking: '1,5' }));
    expect(r).toEqual({
      problems: [
        { field: 'model', code: 'space' },
        { field: 'input', code: 'missing' },
        { field: 'output', code: 'invalid' },
        { field: 'thinking', code: 'invalid' },
      ],
    });
    expect(readDraft(draft({ input: '1', output: '1' }))).toEqual({
      problems: [{ field: 'model', code: 'empty' }],
    });
    expect(readDraft(draft({ model: 'x'.repeat(201), input: '1', output: '1' }))).toEqual({
      problems: [{ field: 'model', code: 'too-long' }],
    });
  });

  it('reads prices as plain decimals up to the limit', () => {
    expect(parsePrice('')).toBeUndefined();
    expect(parsePrice(' 0 ')).toBe(0);
    expect(parsePrice('3.')).toBe(3);
    expect(parsePrice('1000000')).toBe(1_000_000);
    expect(parsePrice('1000001')).toBe('invalid');
    expect(parsePrice('$1')).toBe('invalid');
    expect(parsePrice('1e3')).toBe('invalid');
  });
});

describe('the editor’s rows', () => {
  it('leave blank rows out and make a table when every other row is good', () => {
    const c = checkDrafts([
      draft({ model: 'a', input: '1', output: '2' }),
      EMPTY_DRAFT,
      draft({ model: 'b*', input: '0', output: '0' }),
    ]);
    expect(c.problems.size).toBe(0);
    expect(c.rows).toEqual([
      { model: 'a', input: 1, output: 2 },
      { model: 'b*', input: 0, output: 0 },
    ]);
  });

  it('refuse a model or pattern typed twice (letter case aside), naming the first row', () => {
    const c = checkDrafts([
      draft({ model: 'gpt-5*', input: '1', output: '2' }),
      draft({ model: 'x', input: '', output: '2' }),
      draft({ model: 'GPT-5*', input: '1', output: '2' }),
    ]);
    expect(c.rows).toBeUndefined();
    expect([...c.problems]).toEqual([
      [1, [{ field: 'input', code: 'missing' }]],
      [2, [{ field: 'model', code: 'duplicate', row: 1 }]],
    ]);
  });
});

describe('the prices file', () => {
  const rows: PriceRow[] = [
    { model: 'gpt-5*', input: 1.25, output: 10, cachedInput: 0.125 },
    { model: 'claude-*', input: 3, output: 15, cachedInput: 0.3, cacheWrite: 3.75 },
  ];

  it('round-trips an exported table', () => {
    const file = toPricesFile({ currency: 'EUR', rows });
    expect(file).toMatchObject({
      quartet: 'prices',
      version: 1,
      currency: 'EUR',
      unit: 'per million tokens',
    });
    const back = parsePriceFile(JSON.stringify(file));
    expect(back).toEqual({ ok: true, currency: 'EUR', rows, skipped: [] });
    expect(PriceTableSchema.parse({ currency: 'EUR', rows: back.ok ? back.rows : [] }).rows).toEqual(rows);
  });

  it('takes a bare list of rows, prices as numeric text, a currency in lower case', () => {
    expect(parsePriceFile('[{"model":"m","input":"2","output":3}]')).toEqual({
      ok: true,
      currency: undefined,
      rows: [{ model: 'm', input: 2, output: 3 }],
      skipped: [],
    });
    const lower = parsePriceFile('{"currency":"cny","prices":[]}');
    expect(lower.ok && lower.currency).toBe('CNY');
  });

  it('skips each bad row with why, and keeps the rest', () => {
    const text = JSON.stringify({
      currency: 'USD',
      prices: [
        { model: 'good', input: 1, output: 2 },
        { model: 'no-output', input: 1 },
        'gpt-5',
        { model: 'typo', input: 1, output: 2, cached_input: 0.1 },
        { model: 'GOOD', input: 5, output: 5 },
        { model: 'neg', input: -1, output: 2, thinking: true },
        { model: 'also-good', input: 0, output: 0, thinking: null },
      ],
    });
    const r = parsePriceFile(text);
    if (!r.ok) throw new Error('refused');
    expect(r.rows.map((x) => x.model)).toEqual(['good', 'also-good']);
    expect(r.skipped).toEqual([
      { position: 2, model: 'no-output', problems: [{ field: 'output', code: 'missing' }] },
      { position: 3, problems: [{ field: 'row', code: 'not-object' }] },
      {
        position: 4,
        model: 'typo',
        problems: [{ field: 'row', code: 'unknown-field', name: 'cached_input' }],
      },
      { position: 5, model: 'GOOD', problems: [{ field: 'model', code: 'duplicate', row: 1 }] },
      {
        position: 6,
        model: 'neg',
        problems: [
          { field: 'input', code: 'invalid' },
          { field: 'thinking', code: 'invalid' },
        ],
      },
    ]);
  });

  it('refuses a file that is not JSON, holds no list, or names a currency that is not a code', () => {
    expect(parsePriceFile('{oops')).toEqual({ ok: false, problem: 'not-json' });
    expect(parsePriceFile('{"rows":[]}')).toEqual({ ok: false, problem: 'no-prices' });
    expect(parsePriceFile('"USD"')).toEqual({ ok: false, problem: 'no-prices' });
    expect(parsePriceFile('{"currency":"dollars","prices":[]}')).toEqual({ ok: false, problem: 'currency' });
  });
});

describe('importing into the editor', () => {
  it('updates a model already priced in place and adds new ones at the end, up to the limit', () => {
    const drafts = [
      draftOf({ model: 'a', input: 1, output: 1 }),
      EMPTY_DRAFT,
      draftOf({ model: 'b', input: 2, output: 2 }),
    ];
    const merged = mergeRows(drafts, [
      { model: 'B', input: 9, output: 9 },
      { model: 'c', input: 3, output: 3 },
    ]);
    expect(merged).toMatchObject({ added: 1, replaced: 1, dropped: 0 });
    expect(merged.drafts.map((d) => [d.model, d.input])).toEqual([
      ['a', '1'],
      ['B', '9'],
      ['c', '3'],
    ]);

    const full = Array.from({ length: MAX_PRICE_ROWS }, (_, i) =>
      draftOf({ model: `m${i}`, input: 1, output: 1 }),
    );
    expect(mergeRows(full, [{ model: 'new', input: 1, output: 1 }])).toMatchObject({ added: 0, dropped: 1 });
  });
});
