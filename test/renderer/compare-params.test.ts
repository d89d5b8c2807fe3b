// Compare's parameters: one set for every column ("same for all", the default) or each column its own;
// what each column's conversation is created and sent with is what it shows.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Params } from '../../shared/conversation.ts';
import { TEXT_FORMATS } from '../../shared/formats.ts';
import {
  columnParams,
  sameJson,
  sameParams,
  sharedParamsOf,
  wholeParams,
} from '../../renderer/store/compare-params.ts';
import { MORE_CONTROL_KEYS, formatSends } from '../../shared/controls.ts';
import { selectColumnParams, selectCompareInvalid } from '../../renderer/store/compare-slice.ts';
import { compareParamsSummary } from '../../renderer/features/compare/params-summary.ts';
import { freshStore } from './fake-bridge.ts';
import { compareHost, setUpColumns } from './compare-fixtures.ts';

let t = freshStore();
let host: ReturnType<typeof compareHost> | null = null;
afterEach(() => {
  host?.stopRouting();
  host = null;
  t = freshStore();
});

const s = () => t.store.getState();
const key = (i: number) => s().compareColumns[i]?.key ?? '';

/** Sends `text` to every column, answers every request, and waits for the send to end. */
async function sendAll(text: string): Promise<boolean> {
  s().setComparePrompt(text);
  const sending = s().sendCompare();
  const h = host;
  if (h) await vi.waitFor(() => expect(h.pending.size).toBe(s().compareColumns.filter((c) => c.run).length));
  h?.answerAll();
  return sending;
}

describe('what a column sends', () => {
  it('keeps only the fields its format has', () => {
    const set: Params = { stream: true, temperature: 0.3, includeThoughts: true, thinkingBudget: 2048 };
    expect(columnParams('chat', set)).toEqual({ stream: true, temperature: 0.3 });
    expect(columnParams('responses', set)).toEqual({ stream: true, temperature: 0.3 });
    expect(columnParams('generate', set)).toEqual(set);
    // messages: its required max tokens, its own kind of budget
    expect(columnParams('messages', set)).toEqual({
      stream: true,
      temperature: 0.3,
      maxTokens: 1024,
      thinkingBudget: 2048,
    });
    expect(columnParams('messages', { stream: true, thinkingBudget: -1 }).thinkingBudget).toBeUndefined();
    expect(columnParams('messages', { stream: true, thinkingBudget: 0 }).thinkingBudget).toBeUndefined();
    expect(columnParams('chat', undefined)).toEqual({ stream: true });
  });

  it('sends each less common control only where the table says it is sent', () => {
    const every: Params = {
      stream: true,
      topP: 0.9,
      topK: 40,
      stop: ['END'],
      seed: 7,
      presencePenalty: 0.5,
      frequencyPenalty: -0.5,
      reasoningEffort: 'low',
      reasoningSummary: 'auto',
      thinkingLevel: 'high',
    };
    for (const format of TEXT_FORMATS) {
      const sent = columnParams(format, every);
      expect(
        MORE_CONTROL_KEYS.filter((k) => sent[k] !== undefined),
        format,
      ).toEqual(MORE_CONTROL_KEYS.filter((k) => every[k] !== undefined && formatSends(format, k)));
    }
    expect(columnParams('messages', every)).toEqual({
      stream: true,
      maxTokens: 1024,
      topP: 0.9,
      topK: 40,
      stop: ['END'],
    });
  });

  it('sends plain JSON mode everywhere but messages, a schema everywhere, tools and the extra body untouched', () => {
    const json: Params = { stream: true, output: { mode: 'json' } };
    expect(columnParams('chat', json).output).toEqual({ mode: 'json' });
    expect(columnParams('generate', json).output).toEqual({ mode: 'json' });
    expect(columnParams('messages', json).output).toBeUndefined();
    const schema: Params['output'] = { mode: 'schema', name: 'answer', schema: '{"type":"object"}' };
    for (const format of ['chat', 'responses', 'messages', 'generate'] as const)
      expect(columnParams(format, { stream: true, output: schema }).output).toEqual(schema);
    const tools: Params = {
      stream: true,
      tools: [{ name: 'get_weather', parameters: '{"type":"object"}' }],
      toolChoice: { name: 'get_weather' },
      extraBody: '{"metadata": {"run": "a"}}',
    };
    for (const format of ['chat', 'responses', 'messages', 'generate'] as const)
      expect(columnParams(format, tools)).toMatchObject(tools);
  });

  it('compares lists and objects by what they hold, as the request would carry them', () => {
    const a: Params = {
      stream: true,
      stop: ['END', 'STOP'],
      output: { mode: 'schema', name: 'answer', schema: '{}' },
      tools: [{ name: 'f', parameters: '{}', description: 'one' }],
    };
    const copy: Params = JSON.parse(JSON.stringify(a)) as Params;
    expect(sameParams(a, copy)).toBe(true);
    expect(sameParams(a, { ...copy, stop: ['STOP', 'END'] })).toBe(false);
    expect(sameParams(a, { ...copy, stop: ['END'] })).toBe(false);
    expect(sameParams(a, { ...copy, output: { mode: 'schema', name: 'other', schema: '{}' } })).toBe(false);
    expect(sameParams(a, { ...copy, output: { mode: 'json' } })).toBe(false);
    expect(sameParams(a, { ...copy, tools: [{ name: 'f', parameters: '{}', description: 'two' }] })).toBe(
      false,
    );
    // a field set to undefined is a field left out, at any depth
    expect(
      sameParams(
        { stream: true, tools: [{ name: 'f', parameters: '{}', description: undefined }] },
        { stream: true, tools: [{ name: 'f', parameters: '{}' }] },
      ),
    ).toBe(true);
    expect(sameJson([1, [2]], [1, [2]])).toBe(true);
    expect(sameJson({ a: null }, { a: undefined })).toBe(false);
    expect(sameJson([], {})).toBe(false);
  });

  it('reads a set from settings whatever it lacks', () => {
    expect(wholeParams(undefined)).toEqual({ stream: true });
    expect(wholeParams({ temperature: undefined, stream: false })).toEqual({ stream: false });
    expect(sameParams({ stream: true, temperature: undefined }, { stream: true })).toBe(true);
    expect(sameParams({ stream: true }, { stream: true, system: '' })).toBe(false);
  });

  it('finds the shared set of a comparison made with "same for all", and none when the columns differ', () => {
    const shared: Params = { stream: true, temperature: 0.5, thinkingBudget: 2048, maxTokens: 4096 };
    const columns = (['chat', 'messages', 'generate'] as const).map((format) => ({
      format,
      params: columnParams(format, shared),
    }));
    const found = sharedParamsOf(columns);
    expect(found && columns.every((c) => sameParams(columnParams(c.format, found), c.params))).toBe(true);
    // the defaults: messages' max tokens is only its required 1,024
    expect(
      sharedParamsOf([
        { format: 'chat', params: { stream: true } },
        { format: 'messages', params: { stream: true, maxTokens: 1024 } },
      ]),
    ).toEqual({ stream: true });
    expect(
      sharedParamsOf([
        { format: 'chat', params: { stream: true, system: 'A' } },
        { format: 'chat', params: { stream: true, system: 'B' } },
      ]),
    ).toBeNull();
    expect(sharedParamsOf([])).toEqual({});
    // lists and a JSON mode messages does not send: still one shared set
    expect(
      sharedParamsOf([
        { format: 'chat', params: { stream: true, stop: ['END'], seed: 7, output: { mode: 'json' } } },
        { format: 'messages', params: { stream: true, maxTokens: 1024, stop: ['END'] } },
        { format: 'generate', params: { stream: true, stop: ['END'], seed: 7, output: { mode: 'json' } } },
      ]),
    ).toEqual({ stream: true, stop: ['END'], seed: 7, output: { mode: 'json' } });
    expect(
      sharedParamsOf([
        { format: 'chat', params: { stream: true, stop: ['END'] } },
        { format: 'generate', params: { stream: true, stop: ['FIN'] } },
      ]),
    ).toBeNull();
  });

  it('sums a column up in a few words', () => {
    expect(compareParamsSummary('chat', { stream: true })).toBe('service defaults');
    expect(
      compareParamsSummary('messages', {
        stream: true,
        temperature: 0.3,
        maxTokens: 2048,
        thinkingBudget: 1024,
      }),
    ).toBe('temp 0.3 · 2,048 tokens · thinking 1,024');
    expect(
      compareParamsSummary('generate', { stream: false, thinkingBudget: -1, includeThoughts: true }),
    ).toBe('dynamic thinking · thoughts · not streamed');
    expect(
      compareParamsSummary('chat', { stream: true, system: 'You are a pirate who speaks only in rhymes' }),
    ).toBe('system “You are a pirate who sp…”');
    expect(
      compareParamsSummary('chat', {
        stream: true,
        temperature: 0,
        output: { mode: 'schema', name: 'answer', schema: '{}' },
        topP: 0.9,
        stop: ['END', 'STOP'],
        seed: 7,
        reasoningEffort: 'low',
        extraBody: '{}',
      }),
    ).toBe('temp 0 · schema “answer” · top P 0.9 · 2 stops · seed 7 · low effort · extra body');
    expect(compareParamsSummary('generate', { stream: true, output: { mode: 'json' }, topK: 40 })).toBe(
      'JSON · top K 40',
    );
  });
});

describe('same for all', () => {
  it('is on by default: every column is created with the shared set, in its format’s fields', async () => {
    host = compareHost(t);
    setUpColumns(t, ['chat', 'messages', 'generate']);
    expect(s().compareSameParams).toBe(true);
    s().setCompareParams('all', {
      stream: true,
      system: 'Be brief.',
      temperature: 0.3,
      includeThoughts: true,
    });
    expect(await sendAll('Hello')).toBe(true);
    const creates = host.inputs('createConversation');
    expect(creates.map((c) => c.params)).toEqual([
      { stream: true, system: 'Be brief.', temperature: 0.3 },
      { stream: true, system: 'Be brief.', temperature: 0.3, maxTokens: 1024 },
      { stream: true, system: 'Be brief.', temperature: 0.3, includeThoughts: true },
    ]);
  });

  it('turned off, each column starts from the shared set and then sends its own', async () => {
    host = compareHost(t);
    setUpColumns(t, ['chat', 'chat']);
    s().setCompareParams('all', { stream: true, temperature: 0.2 });
    s().setCompareSameParams(false);
    expect(s().compareColumns.map((c) => c.params)).toEqual([
      { stream: true, temperature: 0.2 },
      { stream: true, temperature: 0.2 },
    ]);
    s().setCompareParams(key(1), { stream: true, temperature: 0.2, system: 'Answer like a pirate.' });
    expect(selectColumnParams(s(), s().compareColumns[0]!)).toEqual({ stream: true, temperature: 0.2 });
    await sendAll('Hello');
    expect(host.inputs('createConversation').map((c) => c.params)).toEqual([
      { stream: true, temperature: 0.2 },
      { stream: true, temperature: 0.2, system: 'Answer like a pirate.' },
    ]);
    // turned on again, the shared set applies to every column once more
    s().setCompareSameParams(true);
    expect(s().compareColumns.map((c) => selectColumnParams(s(), c))).toEqual([
      { stream: true, temperature: 0.2 },
      { stream: true, temperature: 0.2 },
    ]);
  });

  it('the open editor follows the switch', () => {
    host = compareHost(t);
    setUpColumns(t, ['chat', 'messages']);
    s().setCompareParamsOpen('all');
    s().setCompareSameParams(false);
    expect(s().compareParamsOpen).toBe(key(0));
    s().setCompareSameParams(true);
    expect(s().compareParamsOpen).toBe('all');
    s().setCompareParamsOpen(null);
    s().setCompareSameParams(false);
    expect(s().compareParamsOpen).toBeNull();
  });
});

describe('changed mid-comparison', () => {
  it('updates only the changed column’s conversation, before its next send', async () => {
    host = compareHost(t);
    setUpColumns(t, ['chat', 'messages'], { compareSameParams: false });
    await sendAll('Hello');
    s().setCompareParams(key(1), { stream: true, maxTokens: 4096, thinkingBudget: 2048 });
    await sendAll('And again');
    const order = host.calls.map((c) => `${c.op}:${String(c.input.id ?? c.input.conversationId ?? '')}`);
    const update = order.indexOf('updateConversation:conv2');
    expect(update).toBeGreaterThan(-1);
    expect(update).toBeLessThan(order.lastIndexOf('sendMessage:conv2'));
    expect(host.inputs('updateConversation')).toEqual([
      { id: 'conv2', params: { stream: true, maxTokens: 4096, thinkingBudget: 2048 } },
    ]);
    expect(host.conversations.get('conv2')?.params.thinkingBudget).toBe(2048);
    // a third send with nothing changed updates nothing
    await sendAll('Once more');
    expect(host.inputs('updateConversation')).toHaveLength(1);
  });

  it('a list or schema set again to the same values is no change: nothing is updated', async () => {
    host = compareHost(t);
    setUpColumns(t, ['chat', 'messages']);
    const set = (): Params => ({
      stream: true,
      stop: ['END'],
      output: { mode: 'schema', name: 'answer', schema: '{"type":"object"}' },
    });
    s().setCompareParams('all', set());
    await sendAll('Hello');
    // the same values in new objects, as an editor would hand them over
    s().setCompareParams('all', set());
    await sendAll('Again');
    expect(host.inputs('updateConversation')).toEqual([]);
    s().setCompareParams('all', { ...set(), stop: ['END', 'FIN'] });
    await sendAll('Once more');
    expect(host.inputs('updateConversation').map((c) => (c.params as Params | undefined)?.stop)).toEqual([
      ['END', 'FIN'],
      ['END', 'FIN'],
    ]);
  });

  it('a change to the shared set reaches every column', async () => {
    host = compareHost(t);
    setUpColumns(t, ['chat', 'generate']);
    await sendAll('Hello');
    s().setCompareParams('all', { stream: true, system: 'Now in French.' });
    await sendAll('Again');
    expect(host.inputs('updateConversation').map((c) => c.id)).toEqual(['conv1', 'conv2']);
  });

  it('when the conversation refuses the change, the column says why and does not send', async () => {
    host = compareHost(t, {
      updateConversation: () => ({ ok: false, error: { kind: 'not-found', message: 'It was deleted.' } }),
    });
    setUpColumns(t, ['chat', 'chat'], { compareSameParams: false });
    await sendAll('Hello');
    s().setCompareParams(key(0), { stream: true, temperature: 1 });
    await sendAll('Again');
    expect(s().compareColumns[0]?.error?.message).toBe('It was deleted.');
    expect(host.inputs('sendMessage').filter((c) => c.conversationId === 'conv1')).toHaveLength(1);
    expect(host.inputs('sendMessage').filter((c) => c.conversationId === 'conv2')).toHaveLength(2);
  });
});

describe('invalid values', () => {
  it('a field whose text is not a value holds back every send until it is fixed', async () => {
    host = compareHost(t);
    setUpColumns(t, ['chat', 'chat'], { compareSameParams: false });
    s().setCompareInvalid(key(1), 'temperature', 'Temperature: enter a number from 0 to 2.');
    expect(selectCompareInvalid(s())).toMatch(/Temperature/);
    s().setComparePrompt('Hello');
    expect(await s().sendCompare()).toBe(false);
    expect(host.calls.filter((c) => c.op !== 'updateSettings')).toEqual([]);
    expect(s().comparePrompt).toBe('Hello');
    // what another scope holds does not count while it is not the one in use
    s().setCompareSameParams(true);
    expect(selectCompareInvalid(s())).toBeNull();
    s().setCompareSameParams(false);
    s().setCompareInvalid(key(1), 'temperature', null);
    expect(selectCompareInvalid(s())).toBeNull();
    expect(await sendAll('Hello')).toBe(true);
  });
});

describe('remembered', () => {
  it('comes back from settings, per column and shared', () => {
    host = compareHost(t);
    setUpColumns(t, [], {
      compareSameParams: false,
      compareParams: { temperature: 0.9 },
      compareColumns: [
        { format: 'chat', model: 'a', params: { system: 'One' } },
        { format: 'generate', model: 'b' },
      ],
    });
    expect(s().compareSameParams).toBe(false);
    expect(s().compareParams).toEqual({ stream: true, temperature: 0.9 });
    // a column without its own set starts from the shared one
    expect(s().compareColumns.map((c) => c.params)).toEqual([
      { stream: true, system: 'One' },
      { stream: true, temperature: 0.9 },
    ]);
  });

  it('is saved once typing is quiet, with the switch and every column’s set', async () => {
    host = compareHost(t);
    setUpColumns(t, ['chat', 'messages']);
    s().setCompareSameParams(false);
    for (const system of ['A', 'An', 'Ans']) s().setCompareParams(key(0), { stream: true, system });
    await t.store.runtime.saves.flush('compare:');
    const saves = host.inputs('updateSettings');
    // the switch at once, the typing in one save
    expect(saves).toHaveLength(2);
    expect(host.settings).toMatchObject({
      compareSameParams: false,
      compareColumns: [
        { format: 'chat', model: 'gpt-5-mini', params: { stream: true, system: 'Ans' } },
        { format: 'messages', model: 'gpt-5-mini', params: { stream: true } },
      ],
    });
  });
});
