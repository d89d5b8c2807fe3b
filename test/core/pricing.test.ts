// What a reply costs, per format: each vendor's usage (as its service sends it) read by the app's own
// format code, split into parts that neither overlap nor leave a token out, and priced at the user's rows.
import { describe, expect, it } from 'vitest';
import { chatUsage } from '../../electron/core/formats/chat.ts';
import { responsesUsage } from '../../electron/core/formats/responses.ts';
import { messagesUsage } from '../../electron/core/formats/messages.ts';
import { generateUsage } from '../../electron/core/formats/generate.ts';
import type { Turn, Usage } from '../../shared/conversation.ts';
import {
  billedTokens,
  costAt,
  costFractionDigits,
  findPrice,
  patternMatches,
  priceForReply,
  PriceTableSchema,
  replyCost,
  totalCost,
  type PriceRow,
  type PriceTable,
} from '../../shared/pricing.ts';

/** Every price different, so a token charged at the wrong one shows in the sum. */
const ROW: PriceRow = { model: 'm', input: 2, cachedInput: 0.5, cacheWrite: 2.5, output: 8, thinking: 10 };
const table = (rows: PriceRow[], currency = 'USD'): PriceTable => ({ currency, rows });
const sumOf = (t: Record<string, number>) => Object.values(t).reduce((a, b) => a + b, 0);

function usage(u: Usage | undefined): Usage {
  if (!u) throw new Error('no usage read');
  return u;
}

describe('billed tokens per format, from each service’s own usage shape', () => {
  it('chat completions: cached tokens are inside prompt_tokens, reasoning inside completion_tokens', () => {
    const u = usage(
      chatUsage({
        prompt_tokens: 1200,
        completion_tokens: 500,
        total_tokens: 1700,
        prompt_tokens_details: { cached_tokens: 1000, audio_tokens: 0 },
        completion_tokens_details: {
          reasoning_tokens: 300,
          audio_tokens: 0,
          accepted_prediction_tokens: 0,
          rejected_prediction_tokens: 0,
        },
      }),
    );
    const billed = billedTokens('chat', u);
    expect(billed).toEqual({ input: 200, cachedInput: 1000, cacheWrite: 0, output: 200, thinking: 300 });
    // nothing counted twice, nothing missed: the parts add up to the service's total
    expect(sumOf(billed ?? {})).toBe(1700);
    // 200×2 + 1000×0.5 + 200×8 + 300×10 per million
    expect(costAt(ROW, 'USD', 'chat', u)?.amount).toBeCloseTo(0.0055, 12);
  });

  it('responses: cached tokens are inside input_tokens, reasoning inside output_tokens', () => {
    const u = usage(
      responsesUsage({
        input_tokens: 1200,
        input_tokens_details: { cached_tokens: 1000 },
        output_tokens: 500,
        output_tokens_details: { reasoning_tokens: 300 },
        total_tokens: 1700,
      }),
    );
    const billed = billedTokens('responses', u);
    expect(billed).toEqual({ input: 200, cachedInput: 1000, cacheWrite: 0, output: 200, thinking: 300 });
    expect(sumOf(billed ?? {})).toBe(1700);
    expect(costAt(ROW, 'USD', 'responses', u)?.amount).toBeCloseTo(0.0055, 12);
  });

  it('messages: cache reads and writes come on top of input_tokens; thinking is inside output_tokens', () => {
    const raw = {
      input_tokens: 200,
      cache_creation_input_tokens: 400,
      cache_read_input_tokens: 1000,
      cache_creation: { ephemeral_5m_input_tokens: 400, ephemeral_1h_input_tokens: 0 },
      output_tokens: 500,
      service_tier: 'standard',
    };
    const u = usage(messagesUsage(raw));
    const billed = billedTokens('messages', u);
    expect(billed).toEqual({ input: 200, cachedInput: 1000, cacheWrite: 400, output: 500, thinking: 0 });
    expect(sumOf(billed ?? {})).toBe(200 + 400 + 1000 + 500);
    // 200×2 + 1000×0.5 + 400×2.5 + 500×8
    expect(costAt(ROW, 'USD', 'messages', u)?.amount).toBeCloseTo(0.0059, 12);

    // where the thinking tokens are reported (the sandbox does), they are taken out of output, not added
    const withThinking = usage(messagesUsage({ ...raw, output_tokens_details: { thinking_tokens: 300 } }));
    const split = billedTokens('messages', withThinking);
    expect(split).toMatchObject({ output: 200, thinking: 300 });
    expect(sumOf(split ?? {})).toBe(200 + 400 + 1000 + 500);
    expect(costAt(ROW, 'USD', 'messages', withThinking)?.amount).toBeCloseTo(0.0065, 12);
  });

  it('generate content: cached content is inside promptTokenCount, thoughts come on top of candidates', () => {
    const u = usage(
      generateUsage({
        promptTokenCount: 1200,
        cachedContentTokenCount: 1000,
        candidatesTokenCount: 200,
        thoughtsTokenCount: 300,
        totalTokenCount: 1700,
        promptTokensDetails: [{ modality: 'TEXT', tokenCount: 1200 }],
        cacheTokensDetails: [{ modality: 'TEXT', tokenCount: 1000 }],
      }),
    );
    const billed = billedTokens('generate', u);
    expect(billed).toEqual({ input: 200, cachedInput: 1000, cacheWrite: 0, output: 200, thinking: 300 });
    expect(sumOf(billed ?? {})).toBe(1700);
    expect(costAt(ROW, 'USD', 'generate', u)?.amount).toBeCloseTo(0.0055, 12);
  });

  it('a reply without input or output counts has nothing to bill (a stream stopped before its usage)', () => {
    expect(billedTokens('chat', { output: 10 })).toBeUndefined();
    expect(billedTokens('generate', { input: 10 })).toBeUndefined();
    expect(costAt(ROW, 'USD', 'chat', { total: 40 })).toBeUndefined();
  });
});

describe('prices that are left blank', () => {
  const plain: PriceRow = { model: 'p', input: 2, output: 8 };
  const chat = usage(
    chatUsage({
      prompt_tokens: 1200,
      completion_tokens: 500,
      prompt_tokens_details: { cached_tokens: 1000 },
      completion_tokens_details: { reasoning_tokens: 300 },
    }),
  );

  it('cached input is charged as input and thinking as output, and the breakdown says at what price', () => {
    const cost = costAt(plain, 'USD', 'chat', chat);
    // 1200×2 + 500×8
    expect(cost?.amount).toBeCloseTo(0.0064, 12);
    expect(cost?.lines).toEqual([
      { part: 'input', tokens: 200, price: 2, amount: 0.0004 },
      { part: 'cachedInput', tokens: 1000, price: 2, amount: 0.002 },
      { part: 'output', tokens: 200, price: 8, amount: 0.0016 },
      { part: 'thinking', tokens: 300, price: 8, amount: 0.0024 },
    ]);
  });

  it('a reply that wrote to the prompt cache has no cost without a cache-write price; one that did not has', () => {
    const wrote = usage(
      messagesUsage({ input_tokens: 10, cache_creation_input_tokens: 900, output_tokens: 5 }),
    );
    expect(costAt(plain, 'USD', 'messages', wrote)).toBeUndefined();
    const noWrite = usage(
      messagesUsage({ input_tokens: 10, cache_creation_input_tokens: 0, output_tokens: 5 }),
    );
    expect(costAt(plain, 'USD', 'messages', noWrite)?.lines.map((l) => l.part)).toEqual(['input', 'output']);
  });

  it('a reply of zero tokens costs a real zero, with input and output listed', () => {
    const cost = costAt(plain, 'EUR', 'generate', { input: 0, output: 0 });
    expect(cost).toMatchObject({ currency: 'EUR', amount: 0, pattern: 'p' });
    expect(cost?.lines.map((l) => l.part)).toEqual(['input', 'output']);
  });
});

describe('which row prices a model', () => {
  const rows: PriceRow[] = [
    { model: '*', input: 9, output: 9 },
    { model: 'gpt-5*', input: 1, output: 1 },
    { model: 'gpt-5-mini*', input: 2, output: 2 },
    { model: 'gpt-5-mini', input: 3, output: 3 },
    { model: 'claude-*-4-5', input: 4, output: 4 },
  ];

  it('an exact id wins over any pattern, the longest pattern over shorter ones, * over nothing', () => {
    expect(findPrice(rows, 'gpt-5-mini')?.input).toBe(3);
    expect(findPrice(rows, 'gpt-5-mini-2025-08-07')?.input).toBe(2);
    expect(findPrice(rows, 'gpt-5')?.input).toBe(1);
    expect(findPrice(rows, 'gpt-5.1-codex')?.input).toBe(1);
    expect(findPrice(rows, 'claude-haiku-4-5')?.input).toBe(4);
    expect(findPrice(rows, 'gemini-2.5-pro')?.input).toBe(9);
    expect(findPrice(rows.slice(1), 'gemini-2.5-pro')).toBeUndefined();
  });

  it('ignores letter case; a * matches any run of characters, even none, and the ends must match', () => {
    expect(patternMatches('GPT-5*', 'gpt-5-mini')).toBe(true);
    expect(patternMatches('gpt-5*', 'gpt-5')).toBe(true);
    expect(patternMatches('*-mini', 'gpt-5-mini')).toBe(true);
    expect(patternMatches('*-mini', 'gpt-5-mini-x')).toBe(false);
    expect(patternMatches('a*b*c', 'abc')).toBe(true);
    expect(patternMatches('a*b*c', 'acb')).toBe(false);
    expect(patternMatches('a*a', 'a')).toBe(false);
    expect(patternMatches('gpt-5', 'gpt-5-mini')).toBe(false);
  });

  it('on a tie, the row higher in the table', () => {
    const tie: PriceRow[] = [
      { model: 'gpt*', input: 1, output: 1 },
      { model: '*ini', input: 2, output: 2 },
    ];
    expect(findPrice(tie, 'gpt-mini')?.input).toBe(1);
  });

  it('a reply is priced by the model the service reported, or by the one asked for when it is a version of it', () => {
    const exact: PriceRow[] = [{ model: 'gpt-5', input: 1, output: 1 }];
    expect(priceForReply(exact, 'gpt-5-2025-08-07', 'gpt-5')?.model).toBe('gpt-5');
    expect(priceForReply(exact, undefined, 'gpt-5')?.model).toBe('gpt-5');
    expect(priceForReply(rows, 'gpt-5-mini', 'gpt-5')?.input).toBe(3);
    // another model answered: not priced as the one asked for
    expect(priceForReply(exact, 'claude-haiku-4-5', 'gpt-5')).toBeUndefined();
    expect(priceForReply(exact, undefined, undefined)).toBeUndefined();
  });
});

describe('a conversation’s cost', () => {
  const reply = (model: string, u: Usage | undefined, over: Partial<Turn> = {}): Turn => ({
    id: Math.random().toString(36),
    role: 'assistant',
    text: 'x',
    status: 'complete',
    model,
    createdAt: 1,
    ...(u ? { usage: u } : {}),
    ...over,
  });
  const user: Turn = { id: 'u', role: 'user', text: 'hi', status: 'complete', createdAt: 1 };
  const prices = table([{ model: 'gpt-5*', input: 1, output: 10 }]);

  it('adds the priced replies, leaves out those without usage, and counts those without a price', () => {
    const turns = [
      user,
      reply('gpt-5-mini', { input: 1000, output: 100 }),
      reply('gpt-5', { input: 2000, output: 200, thinking: 50 }),
      reply('gpt-5', undefined, { status: 'error' }),
      reply('claude-haiku-4-5', { input: 10, output: 10 }),
    ];
    const total = totalCost(prices, 'chat', turns, 'gpt-5-mini');
    expect(total?.priced).toBe(2);
    expect(total?.unpriced).toBe(1);
    // (1000 + 2000)×1 + (100 + 200)×10, thinking at the output price
    expect(total?.amount).toBeCloseTo(0.006, 12);
    expect(total?.lines.map((l) => [l.part, l.tokens])).toEqual([
      ['input', 3000],
      ['output', 250],
      ['thinking', 50],
    ]);
  });

  it('is absent without prices or without any priced reply, never a made-up zero', () => {
    const turns = [user, reply('claude-haiku-4-5', { input: 10, output: 10 })];
    expect(totalCost(undefined, 'chat', turns, 'gpt-5')).toBeUndefined();
    expect(totalCost(prices, 'messages', turns, 'claude-haiku-4-5')).toBeUndefined();
    expect(
      replyCost(prices, 'chat', { model: 'claude-haiku-4-5', usage: { input: 1, output: 1 } }, 'x'),
    ).toBe(undefined);
  });
});

describe('the stored table', () => {
  it('takes a currency code and rows; refuses the same model twice, bad codes and bad prices', () => {
    expect(PriceTableSchema.safeParse(table([ROW])).success).toBe(true);
    const twice = PriceTableSchema.safeParse(table([ROW, { ...ROW, model: 'M' }]));
    expect(twice.error?.issues[0]?.message).toBe('“M” is priced twice.');
    expect(PriceTableSchema.safeParse(table([ROW], 'usd')).success).toBe(false);
    expect(PriceTableSchema.safeParse(table([{ ...ROW, input: -1 }])).success).toBe(false);
    expect(PriceTableSchema.safeParse(table([{ ...ROW, model: 'gpt 5' }])).success).toBe(false);
  });
});

describe('decimals shown', () => {
  it('the currency’s own above one unit, two significant digits below', () => {
    expect(costFractionDigits(12.345, 2)).toBe(2);
    expect(costFractionDigits(0.5, 2)).toBe(2);
    expect(costFractionDigits(0.0012, 2)).toBe(4);
    expect(costFractionDigits(0.00042, 2)).toBe(5);
    expect(costFractionDigits(0, 2)).toBe(2);
    expect(costFractionDigits(0.5, 0)).toBe(2);
    expect(costFractionDigits(1234, 0)).toBe(0);
  });
});
