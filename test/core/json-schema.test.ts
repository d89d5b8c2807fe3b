// The small JSON Schema subset behind the reply check and the simulator's structured replies.
import { describe, expect, it } from 'vitest';
import {
  checkJsonReply,
  SCHEMA_PROBLEMS_SHOWN,
  schemaInstance,
  schemaProblem,
  schemaProblems,
  schemaTextProblem,
} from '../../shared/json-schema.ts';

const PERSON = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    age: { type: 'integer', minimum: 18, maximum: 130 },
    score: { type: 'number' },
    member: { type: 'boolean' },
    tier: { enum: ['gold', 'silver'] },
    tags: { type: 'array', items: { type: 'string' } },
    address: {
      type: 'object',
      properties: { 'post code': { type: 'string' } },
      required: ['post code'],
      additionalProperties: false,
    },
    note: { type: ['string', 'null'] },
  },
  required: ['name', 'age'],
};

describe('schemaProblem', () => {
  it('accepts a matching value', () => {
    expect(schemaProblem({ name: 'A', age: 30, score: 1, tags: [], note: null }, PERSON)).toBeUndefined();
  });

  it.each([
    [[], '$: expected object, found array'],
    [{ age: 30 }, '$: the required property "name" is missing'],
    [{ name: 1, age: 30 }, '$.name: expected string, found integer'],
    [{ name: 'A', age: 30.5 }, '$.age: expected integer, found number'],
    [{ name: 'A', age: 17 }, '$.age: 17 is less than the minimum 18'],
    [{ name: 'A', age: 131 }, '$.age: 131 is more than the maximum 130'],
    [{ name: 'A', age: 30, tier: 'bronze' }, '$.tier: must be one of "gold", "silver"'],
    [{ name: 'A', age: 30, tags: ['x', 2] }, '$.tags[1]: expected string, found integer'],
    [{ name: 'A', age: 30, address: {} }, '$.address: the required property "post code" is missing'],
    [
      { name: 'A', age: 30, address: { 'post code': 1 } },
      '$.address["post code"]: expected string, found integer',
    ],
    [
      { name: 'A', age: 30, address: { 'post code': 'x', extra: 1 } },
      '$.address: the property "extra" is not allowed (additionalProperties is false)',
    ],
    [{ name: 'A', age: 30, note: 3 }, '$.note: expected string or null, found integer'],
  ])('%j: %s', (value, problem) => {
    expect(schemaProblem(value, PERSON)).toBe(problem);
  });

  it('a number accepts a whole number; unknown keywords are ignored', () => {
    expect(schemaProblem(3, { type: 'number', pattern: 'x' })).toBeUndefined();
    expect(schemaProblem('x', {})).toBeUndefined();
  });
});

describe('schemaInstance', () => {
  it('fills every property deterministically and matches its own schema', () => {
    const v = schemaInstance(PERSON);
    expect(v).toEqual({
      name: 'text',
      age: 18,
      score: 0,
      member: true,
      tier: 'gold',
      tags: ['text'],
      address: { 'post code': 'text' },
      note: 'text',
    });
    expect(schemaProblem(v, PERSON)).toBeUndefined();
    expect(schemaInstance(PERSON)).toEqual(v);
  });

  it('handles empty, null, negative maximum and a self-nesting depth', () => {
    expect(schemaInstance({})).toBeNull();
    expect(schemaInstance({ type: 'null' })).toBeNull();
    expect(schemaInstance({ type: 'integer', maximum: -2.5 })).toBe(-3);
    const deep: Record<string, unknown> = { type: 'object', properties: {} };
    let at = deep;
    for (let i = 0; i < 50; i++) {
      const next = { type: 'object', properties: {} };
      (at['properties'] as Record<string, unknown>)['a'] = next;
      at = next;
    }
    expect(JSON.stringify(schemaInstance(deep)).length).toBeLessThan(200);
  });

  it('a "__proto__" property is an own field, not a prototype', () => {
    const v = schemaInstance(JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}}}'));
    expect(Object.keys(v as object)).toEqual(['__proto__']);
  });
});

describe('checkJsonReply', () => {
  const schema = JSON.stringify({ type: 'object', properties: { a: { type: 'integer' } }, required: ['a'] });

  it('formats valid JSON and says whether it matches', () => {
    expect(checkJsonReply('{"a":1}', schema)).toEqual({
      ok: true,
      formatted: '{\n  "a": 1\n}',
      message: 'Valid JSON, matches the schema.',
    });
    expect(checkJsonReply('{"a":"1"}', schema)).toMatchObject({
      ok: false,
      message: 'Valid JSON, does not match the schema: $.a: expected integer, found string.',
    });
    expect(checkJsonReply('[1]', undefined)).toEqual({
      ok: true,
      formatted: '[\n  1\n]',
      message: 'Valid JSON.',
    });
  });

  it('says where a reply stops being JSON, and copes with an empty reply', () => {
    expect(checkJsonReply('{"a":\n  1,}', schema)).toEqual({
      ok: false,
      message: 'Not valid JSON (line 2, column 5).',
    });
    expect(checkJsonReply('', schema).ok).toBe(false);
  });

  it('schemaTextProblem names the field', () => {
    expect(schemaTextProblem('{}')).toBeUndefined();
    expect(schemaTextProblem('{,}')?.message).toMatch(/^JSON Schema: not valid JSON at line 1, column 2/);
  });
});

describe('schemaProblems: every problem of a reply, bounded', () => {
  it('names each place a reply breaks the schema, in order, not only the first', () => {
    const value = { age: 17, tier: 'bronze', tags: ['x', 2, 3], address: { extra: 1 } };
    expect(schemaProblems(value, PERSON)).toEqual({
      named: [
        '$: the required property "name" is missing',
        '$.age: 17 is less than the minimum 18',
        '$.tier: must be one of "gold", "silver"',
        '$.tags[1]: expected string, found integer',
        '$.tags[2]: expected string, found integer',
        '$.address: the required property "post code" is missing',
        '$.address: the property "extra" is not allowed (additionalProperties is false)',
      ],
      more: 0,
    });
    const check = checkJsonReply(JSON.stringify(value), JSON.stringify(PERSON));
    expect(check.ok).toBe(false);
    expect(check.message).toBe(
      'Valid JSON, does not match the schema: $: the required property "name" is missing; ' +
        '$.age: 17 is less than the minimum 18; $.tier: must be one of "gold", "silver"; ' +
        '$.tags[1]: expected string, found integer; $.tags[2]: expected string, found integer; ' +
        '$.address: the required property "post code" is missing; ' +
        '$.address: the property "extra" is not allowed (additionalProperties is false).',
    );
  });

  it(`names at most ${SCHEMA_PROBLEMS_SHOWN} of 10,000 and counts the rest`, () => {
    const value = Array.from({ length: 10_000 }, () => 1);
    const problems = schemaProblems(value, { type: 'array', items: { type: 'string' } });
    expect(problems.named).toHaveLength(SCHEMA_PROBLEMS_SHOWN);
    expect(problems.named[19]).toBe('$[19]: expected string, found integer');
    expect(problems.more).toBe(10_000 - SCHEMA_PROBLEMS_SHOWN);
    const message = checkJsonReply(JSON.stringify(value), '{"items":{"type":"string"}}').message;
    expect(message).toMatch(/; \$\[19\]: expected string, found integer; and 9,980 more\.$/);
    expect(message.length).toBeLessThan(1_000);
  });
});
