// The problems shared/ finds in what a user typed (extra body, schema, functions, results, a reply's JSON)
// are said in the page's language: every sentence shared/ can produce reads as Chinese on a Chinese page,
// and the English page shows shared/'s sentence exactly as the host and the command line write it.
import { afterEach, describe, expect, it } from 'vitest';
import { extraBodyProblem } from '../../shared/extra-body.ts';
import { schemaProblem, schemaTextProblem } from '../../shared/json-schema.ts';
import { MAX_TOOLS, ToolDefSchema, ToolsSchema, pairingProblem } from '../../shared/tools.ts';
import { setActiveLocale } from '../../renderer/i18n/active.ts';
import { sharedProblemText } from '../../renderer/i18n/problem-text.ts';

afterEach(() => setActiveLocale('en'));

const jsonProblem = (text: string) => extraBodyProblem(text)?.message ?? '';
const toolIssue = (def: unknown) => {
  const r = ToolDefSchema.safeParse(def);
  return r.success ? '' : (r.error.issues[0]?.message ?? '');
};
const listIssue = (defs: unknown) => {
  const r = ToolsSchema.safeParse(defs);
  return r.success ? '' : (r.error.issues[0]?.message ?? '');
};
const schema = { type: 'object', properties: { n: { type: 'integer', minimum: 1, maximum: 5 } } };
const call = { id: 'call_1', name: 'get_weather', arguments: '{}' };

/** Every kind of sentence, made by shared/ itself, so a change of its wording fails here. */
const SENTENCES: string[] = [
  jsonProblem('x'.repeat(100_001)),
  jsonProblem('{"a" 1}'),
  jsonProblem('{a: 1}'),
  jsonProblem('{"a": 1'),
  jsonProblem('[1 2]'),
  jsonProblem('"\\x"'),
  jsonProblem('"\\u12"'),
  jsonProblem('"a\nb"'),
  jsonProblem('"abc'),
  jsonProblem('{"a": 1} x'),
  jsonProblem('{"a": }'),
  jsonProblem('[1]'),
  schemaTextProblem('')?.message ?? '',
  schemaTextProblem('{"type": "object",}')?.message ?? '',
  schemaProblem('a', { type: ['integer', 'null'] }) ?? '',
  schemaProblem('c', { enum: ['a', 'b'] }) ?? '',
  schemaProblem({ n: 0 }, schema) ?? '',
  schemaProblem({ n: 9 }, schema) ?? '',
  schemaProblem({}, { type: 'object', required: ['city'] }) ?? '',
  schemaProblem({ x: 1 }, { type: 'object', additionalProperties: false }) ?? '',
  toolIssue({ name: '1 bad', parameters: '{}' }),
  toolIssue({ name: 'f', description: 'd'.repeat(4001), parameters: '{}' }),
  toolIssue({ name: 'f', parameters: '{}', fixedResult: ' ' }),
  listIssue(Array.from({ length: MAX_TOOLS + 1 }, (_, i) => ({ name: `f${i}`, parameters: '{}' }))),
  listIssue([
    { name: 'f', parameters: '{}' },
    { name: 'f', parameters: '{}' },
  ]),
  pairingProblem([call], [{ callId: 'other', name: 'get_weather', content: '1' }]) ?? '',
  pairingProblem(
    [call],
    [
      { callId: 'call_1', name: 'get_weather', content: '1' },
      { callId: 'call_1', name: 'get_weather', content: '2' },
    ],
  ) ?? '',
  pairingProblem([call], []) ?? '',
];

describe('shared problems in the page’s language', () => {
  it('every sentence is made (the cases above reach each one)', () => {
    expect(SENTENCES.filter((s) => s === '')).toEqual([]);
    expect(new Set(SENTENCES).size).toBe(SENTENCES.length);
  });

  it('the English page shows shared/’s sentence unchanged', () => {
    for (const s of SENTENCES) expect(sharedProblemText(s)).toBe(s);
  });

  it('the Chinese page says each one in Chinese, keeping the place and the names', () => {
    setActiveLocale('zh-CN');
    for (const s of SENTENCES) {
      const zh = sharedProblemText(s);
      expect(zh, s).toMatch(/[\u4e00-\u9fff]/);
      // no English phrase left over (three English words in a row)
      expect(zh, s).not.toMatch(/[A-Za-z]{3,} [a-z]{2,} [a-z]{3,}/);
    }
    expect(sharedProblemText(jsonProblem('{"a": 1,\n  "b" 2}'))).toBe(
      '额外请求体：不是有效的 JSON，位于第 2 行第 7 列：此处应为属性名后的 ‘:’。',
    );
    expect(sharedProblemText(schemaProblem({ n: 9 }, schema) ?? '')).toBe('$.n：9 大于最大值 5');
    expect(sharedProblemText(pairingProblem([call], []) ?? '')).toBe(
      '对 get_weather（call_1）的调用还没有结果。',
    );
  });

  it('a fixed result that does not parse keeps the engine’s own detail', () => {
    setActiveLocale('zh-CN');
    const zh = sharedProblemText(toolIssue({ name: 'f', parameters: '{}', fixedResult: '{' }));
    expect(zh.startsWith('固定结果：不是有效的 JSON（')).toBe(true);
  });

  it('a sentence no template knows is shown as it is', () => {
    setActiveLocale('zh-CN');
    expect(sharedProblemText('Something new went wrong.')).toBe('Something new went wrong.');
  });
});
