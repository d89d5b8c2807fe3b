// @vitest-environment jsdom
// A structured reply that breaks its schema in many places once named only the first, so a user fixed one
// problem, asked again and found the next. The page lists them all (the first 20, then how many more), in
// the page's language.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { JsonReply } from '../../renderer/components/turn/JsonReply.tsx';
import { setActiveLocale } from '../../renderer/i18n/active.ts';

afterEach(() => {
  cleanup();
  setActiveLocale('en');
});

const schema = {
  mode: 'schema' as const,
  name: 'reply',
  schema: JSON.stringify({
    type: 'object',
    properties: { city: { type: 'string' }, days: { type: 'integer', minimum: 1 } },
    required: ['city', 'days'],
    additionalProperties: false,
  }),
};

describe('a reply that breaks its schema in several places', () => {
  it('lists each problem with its path', () => {
    const view = render(<JsonReply text='{"days": 0, "extra": true}' output={schema} />);
    expect(view.getByTestId('json-reply-check').textContent).toBe(
      '✗ Valid JSON, does not match the schema in 3 places:',
    );
    const items = [...view.getByTestId('json-reply-problems').querySelectorAll('li')].map(
      (li) => li.textContent,
    );
    expect(items).toEqual([
      '$: the required property "city" is missing',
      '$.days: 0 is less than the minimum 1',
      '$: the property "extra" is not allowed (additionalProperties is false)',
    ]);
  });

  it('one problem stays one sentence', () => {
    const view = render(<JsonReply text='{"city": "Oslo", "days": 0}' output={schema} />);
    expect(view.getByTestId('json-reply-check').textContent).toBe(
      '✗ Valid JSON, does not match the schema: $.days: 0 is less than the minimum 1.',
    );
    expect(view.queryByTestId('json-reply-problems')).toBeNull();
  });

  it('5,000 bad items draw 20 rows and "and 4,980 more", in Chinese too', () => {
    setActiveLocale('zh-CN');
    const list = { ...schema, schema: '{"type":"array","items":{"type":"string"}}' };
    const view = render(
      <JsonReply text={JSON.stringify(Array.from({ length: 5_000 }, () => 1))} output={list} />,
    );
    expect(view.getByTestId('json-reply-check').textContent).toBe(
      '✗ 有效的 JSON，但有 5,000 处不符合 Schema：',
    );
    const items = [...view.getByTestId('json-reply-problems').querySelectorAll('li')].map(
      (li) => li.textContent,
    );
    expect(items).toHaveLength(21);
    expect(items[0]).toBe('$[0]：应为 string，实际为 integer');
    expect(items[20]).toBe('另有 4,980 处');
  });
});
