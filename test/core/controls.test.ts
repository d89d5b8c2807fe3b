// The request lab's controls: each format sends every control it defines under its own documented name,
// an unset control is absent, a control the format does not have is never sent, and the extra body is
// merged last (it wins, objects merge deeply). Bad values are refused before any request, with words a
// user understands and, for the extra body, the line and column of the mistake.
import { describe, expect, it } from 'vitest';
import { buildRequest, validateTurnInput } from '../../electron/core/index.ts';
import { ParamsSchema, type Params } from '../../shared/conversation.ts';
import type { TextFormat } from '../../shared/formats.ts';
import {
  extraBodyFieldsIn,
  extraBodyPaths,
  extraBodyProblem,
  mergeExtraBody,
} from '../../shared/extra-body.ts';
import { user } from './helpers/turns.ts';

const ALL: Params = {
  stream: false,
  maxTokens: 4000,
  topP: 0.9,
  topK: 40,
  stop: ['END', '##'],
  seed: 7,
  presencePenalty: 0.5,
  frequencyPenalty: -0.5,
  reasoningEffort: 'low',
  reasoningSummary: 'concise',
  thinkingLevel: 'high',
};

const body = (format: TextFormat, p: Params, stream = false) =>
  buildRequest(format, 'm', [user('hi')], p, stream);

describe('controls on the wire', () => {
  it('chat sends top_p, stop, seed, penalties and reasoning_effort; not top_k or summaries', () => {
    const b = body('chat', ALL);
    expect(b).toMatchObject({
      max_completion_tokens: 4000,
      top_p: 0.9,
      stop: ['END', '##'],
      seed: 7,
      presence_penalty: 0.5,
      frequency_penalty: -0.5,
      reasoning_effort: 'low',
    });
    expect(Object.keys(b).sort()).toEqual(
      [
        'model',
        'messages',
        'max_completion_tokens',
        'top_p',
        'stop',
        'seed',
        'presence_penalty',
        'frequency_penalty',
        'reasoning_effort',
      ].sort(),
    );
  });

  it('responses sends top_p and reasoning {effort, summary}; nothing it does not define', () => {
    const b = body('responses', ALL);
    expect(b).toEqual({
      model: 'm',
      input: 'hi',
      max_output_tokens: 4000,
      top_p: 0.9,
      reasoning: { effort: 'low', summary: 'concise' },
    });
    expect(body('responses', { stream: false, reasoningSummary: 'auto' })['reasoning']).toEqual({
      summary: 'auto',
    });
  });

  it('messages sends top_p, top_k and stop_sequences', () => {
    expect(body('messages', ALL)).toEqual({
      model: 'm',
      max_tokens: 4000,
      messages: [{ role: 'user', content: 'hi' }],
      top_p: 0.9,
      top_k: 40,
      stop_sequences: ['END', '##'],
    });
  });

  it('generate puts them in generationConfig, the level in thinkingConfig', () => {
    expect(body('generate', ALL)['generationConfig']).toEqual({
      topP: 0.9,
      topK: 40,
      maxOutputTokens: 4000,
      stopSequences: ['END', '##'],
      seed: 7,
      presencePenalty: 0.5,
      frequencyPenalty: -0.5,
      thinkingConfig: { thinkingLevel: 'high' },
    });
  });

  it.each(['chat', 'responses', 'messages', 'generate'] as const)(
    '%s: unset controls (and an empty stop list) are not sent',
    (format) => {
      const text = JSON.stringify(body(format, { stream: false, stop: [] }));
      for (const name of [
        'top_p',
        'topP',
        'top_k',
        'topK',
        'stop',
        'seed',
        'penalty',
        'Penalty',
        'reasoning',
        'thinking',
      ]) {
        expect(text).not.toContain(name);
      }
    },
  );
});

describe('extra body', () => {
  it('is merged after the built fields: it wins, objects merge at every depth, arrays are replaced', () => {
    const extra = JSON.stringify({
      temperature: 0.1,
      top_p: 0.5,
      metadata: { user: 'u1' },
      stream_options: { include_obfuscation: false },
      stop: ['only'],
    });
    const b = body('chat', { ...ALL, temperature: 1, extraBody: extra }, true);
    expect(b).toMatchObject({
      temperature: 0.1,
      top_p: 0.5,
      metadata: { user: 'u1' },
      stop: ['only'],
      stream_options: { include_usage: true, include_obfuscation: false },
    });
    const g = body('generate', {
      ...ALL,
      extraBody: '{"generationConfig": {"topK": 3, "thinkingConfig": {"includeThoughts": true}}}',
    });
    expect(g['generationConfig']).toMatchObject({
      topP: 0.9,
      topK: 3,
      thinkingConfig: { thinkingLevel: 'high', includeThoughts: true },
    });
  });

  it('sets a "__proto__" key as a field, never as a prototype', () => {
    const merged = mergeExtraBody({ a: 1 }, JSON.parse('{"__proto__": {"polluted": true}}'));
    expect(Object.hasOwn(merged, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(JSON.stringify(merged)).toBe('{"a":1,"__proto__":{"polluted":true}}');
  });

  it('an empty or blank extra body changes nothing', () => {
    expect(body('messages', { ...ALL, extraBody: '  \n' })).toEqual(body('messages', ALL));
  });

  it('the inspector names the request fields that hold the extra body values, and only those', () => {
    const extra = '{"temperature": 0.1, "metadata": {"run": "a", "who": "b"}}';
    const sent = JSON.stringify(body('chat', { stream: false, temperature: 1, extraBody: extra }));
    expect(extraBodyFieldsIn(sent, extra)).toEqual(['temperature', 'metadata.run', 'metadata.who']);
    // a request built before the extra body changed: only fields still equal are claimed
    expect(extraBodyFieldsIn(sent, '{"temperature": 0.1, "metadata": {"run": "z"}}')).toEqual([
      'temperature',
    ]);
    expect(extraBodyFieldsIn(sent, undefined)).toEqual([]);
    expect(extraBodyFieldsIn(sent, '{broken')).toEqual([]);
    expect(extraBodyFieldsIn('not json', extra)).toEqual([]);
  });

  it('lists the fields it sets, nested ones by path', () => {
    expect(extraBodyPaths({ a: 1, b: { c: [1], d: { e: null } }, f: {} })).toEqual([
      'a',
      'b.c',
      'b.d.e',
      'f',
    ]);
  });

  it.each([
    ['{x}', 1, 2, /property name/],
    ['{"a": 1,\n  "b": tru}', 2, 8, /expected a value/],
    ['{"a": 1\n "b": 2}', 2, 2, /',' or '}'/],
    ['{"a": [1, 2}', 1, 12, /',' or ']'/],
    ['{"a": "x', 1, 9, /ends where a closing "/],
    ['{}  x', 1, 5, /nothing after/],
    ['', 1, 1, /ends where a value/],
  ])('refuses %j with line %i, column %i', (text, line, column, why) => {
    const p = extraBodyProblem(text);
    expect(p).toMatchObject({ line, column });
    expect(p?.message).toContain(`line ${line}, column ${column}`);
    expect(p?.message).toMatch(why);
  });

  it('refuses JSON that is not an object, and text over 100,000 characters', () => {
    expect(extraBodyProblem('\n [1, 2]')?.message).toMatch(/must be a JSON object.*line 2, column 2/);
    expect(extraBodyProblem('null')?.message).toMatch(/must be a JSON object/);
    expect(extraBodyProblem(`{"a": "${'x'.repeat(100_000)}"}`)?.message).toMatch(/longer than 100,000/);
    expect(extraBodyProblem('{"a": {"b": [1, -2.5e3, true, null, "\\u00e9\\n"]}}')).toBeUndefined();
  });
});

describe('validation before sending', () => {
  const input = (format: TextFormat, params: unknown) =>
    validateTurnInput({ format, model: 'm', history: [user('hi')], params: params as Params });

  it('the host refuses a broken extra body with its position', () => {
    const err = input('chat', { stream: true, extraBody: '{"a": 1,}' });
    expect(err?.kind).toBe('invalid-input');
    expect(err?.message).toMatch(/Extra body: not valid JSON at line 1, column 9/);
  });

  it.each([
    [{ topP: 1.5 }, 'Top P must be a number from 0 to 1.'],
    [{ topK: 0 }, 'Top K must be a whole number'],
    [{ stop: ['a', 'b', 'c', 'd', 'e'] }, 'At most 4 stop sequences.'],
    [{ stop: [''] }, 'Stop sequences must be'],
    [{ stop: 'END' }, 'Stop sequences must be'],
    [{ seed: 1.5 }, 'The seed must be a whole number'],
    [{ presencePenalty: -3 }, 'Presence penalty must be a number from -2 to 2.'],
    [{ frequencyPenalty: '1' }, 'Frequency penalty must be a number from -2 to 2.'],
    [{ reasoningEffort: 'max' }, 'Reasoning effort must be one of minimal, low, medium, high.'],
    [{ reasoningSummary: 'long' }, 'The reasoning summary must be one of auto, concise, detailed.'],
    [{ thinkingLevel: 'medium' }, 'The thinking level must be one of low, high.'],
    [{ extraBody: 42 }, 'The extra body must be text'],
  ])('refuses %j', (bad, message) => {
    expect(input('chat', { stream: true, ...bad })?.message).toContain(message);
    expect(ParamsSchema.safeParse({ stream: true, ...bad }).success).toBe(false);
  });

  it('generate: a thinking level and a thinking budget together are refused', () => {
    expect(input('generate', { stream: true, thinkingLevel: 'low', thinkingBudget: 100 })?.message).toMatch(
      /thinking level or a thinking budget, not both/,
    );
    expect(input('generate', { stream: true, thinkingLevel: 'low' })).toBeUndefined();
  });
});
