// Structured output goes out under each format's own documented field, only when the conversation asks;
// messages has no plain JSON mode, so only a schema is sent there. A broken schema is refused before any
// request with its line and column.
import { describe, expect, it } from 'vitest';
import { buildRequest, validateTurnInput } from '../../electron/core/index.ts';
import { ParamsSchema, type Params } from '../../shared/conversation.ts';
import type { TextFormat } from '../../shared/formats.ts';
import { user } from './helpers/turns.ts';

const SCHEMA = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };
const JSON_MODE: Params = { stream: false, output: { mode: 'json' } };
const SCHEMA_MODE: Params = {
  stream: false,
  output: { mode: 'schema', name: 'place', schema: JSON.stringify(SCHEMA, null, 2) },
};
const body = (format: TextFormat, p: Params) => buildRequest(format, 'm', [user('hi')], p, false);

describe('structured output on the wire', () => {
  it('chat: response_format json_object, or json_schema with name, schema and strict', () => {
    expect(body('chat', JSON_MODE)['response_format']).toEqual({ type: 'json_object' });
    expect(body('chat', SCHEMA_MODE)['response_format']).toEqual({
      type: 'json_schema',
      json_schema: { name: 'place', schema: SCHEMA, strict: true },
    });
  });

  it('responses: text.format with the name and schema beside the type', () => {
    expect(body('responses', JSON_MODE)['text']).toEqual({ format: { type: 'json_object' } });
    expect(body('responses', SCHEMA_MODE)['text']).toEqual({
      format: { type: 'json_schema', name: 'place', schema: SCHEMA, strict: true },
    });
  });

  it('generate: responseMimeType, plus responseJsonSchema with a schema, inside generationConfig', () => {
    expect(body('generate', JSON_MODE)['generationConfig']).toEqual({ responseMimeType: 'application/json' });
    expect(body('generate', { ...SCHEMA_MODE, temperature: 0.5 })['generationConfig']).toEqual({
      temperature: 0.5,
      responseMimeType: 'application/json',
      responseJsonSchema: SCHEMA,
    });
  });

  it('messages: output_config.format with a schema; JSON mode sends nothing (the format has none)', () => {
    expect(body('messages', SCHEMA_MODE)['output_config']).toEqual({
      format: { type: 'json_schema', schema: SCHEMA },
    });
    expect(body('messages', JSON_MODE)).not.toHaveProperty('output_config');
  });

  it('unset sends none of the fields', () => {
    const p: Params = { stream: false };
    expect(body('chat', p)).not.toHaveProperty('response_format');
    expect(body('responses', p)).not.toHaveProperty('text');
    expect(body('generate', p)).not.toHaveProperty('generationConfig');
    expect(body('messages', p)).not.toHaveProperty('output_config');
  });

  it('the extra body still wins over the built field', () => {
    const b = body('chat', { ...JSON_MODE, extraBody: '{"response_format": {"type": "text"}}' });
    expect(b['response_format']).toEqual({ type: 'text' });
  });
});

describe('the schema is checked before sending', () => {
  it.each([
    ['', /empty/],
    ['{"type": "object",}', /line 1, column 19/],
    ['{\n  "type": \n}', /line 3, column 1/],
    ['["string"]', /must be a JSON object/],
    ['x'.repeat(100_001), /longer than 100,000/],
  ])('refuses %j', (schema, message) => {
    const r = ParamsSchema.safeParse({ output: { mode: 'schema', name: 'n', schema } });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toMatch(/^JSON Schema: /);
    expect(r.error?.issues[0]?.message).toMatch(message);
  });

  it.each(['', 'has space', 'x'.repeat(65), 'ünï'])('refuses the name %j', (name) => {
    const r = ParamsSchema.safeParse({ output: { mode: 'schema', name, schema: '{}' } });
    expect(r.error?.issues[0]?.message).toMatch(/schema name must be 1 to 64/);
  });

  it('refuses an unknown mode and accepts both modes', () => {
    expect(ParamsSchema.safeParse({ output: { mode: 'yaml' } }).success).toBe(false);
    expect(ParamsSchema.safeParse(JSON_MODE).success).toBe(true);
    expect(ParamsSchema.safeParse(SCHEMA_MODE).success).toBe(true);
  });

  it('a turn with a broken schema is refused before the request', () => {
    const bad = { stream: false, output: { mode: 'schema', name: 'n', schema: '{' } } as unknown as Params;
    const error = validateTurnInput({ format: 'chat', model: 'm', history: [user('hi')], params: bad });
    expect(JSON.stringify(error)).toMatch(/JSON Schema: not valid JSON at line 1, column 2/);
  });
});
