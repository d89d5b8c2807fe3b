// @vitest-environment jsdom
// A reply in a conversation that asked for JSON can nest as deep as a model likes: 12,000 "[" once
// overflowed the stack while the reply was drawn, and the app went blank for good. Every checker is now
// iterative or capped: the reply is drawn with a verdict, whatever its depth.
import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { JsonReply } from '../../renderer/components/turn/JsonReply.tsx';
import { checkJsonReply } from '../../shared/json-schema.ts';
import { extraBodyProblem, MAX_JSON_DEPTH } from '../../shared/extra-body.ts';

const open = '['.repeat(12_000);
const closed = `${open}${']'.repeat(12_000)}`;
const schema = { mode: 'schema' as const, name: 'reply', schema: '{"type":"array"}' };

describe('deeply nested JSON', () => {
  it('is checked without recursion: unclosed, closed, in a schema and in an extra body', () => {
    expect(checkJsonReply(open, undefined)).toMatchObject({ ok: false });
    expect(checkJsonReply(closed, '{"type":"array"}')).toMatchObject({ ok: false, tooDeep: true });
    expect(extraBodyProblem(`{"a":${closed}}`)?.message).toMatch(`deeper than ${MAX_JSON_DEPTH} levels`);
    // nesting within the limit is checked as before
    const fine = `${'['.repeat(MAX_JSON_DEPTH - 1)}${']'.repeat(MAX_JSON_DEPTH - 1)}`;
    expect(checkJsonReply(fine, '{"type":"array"}')).toMatchObject({ ok: true });
  });

  it.each([
    ['unclosed', open],
    ['closed', closed],
  ])('draws a %s reply 12,000 levels deep as sent, with its verdict', (_, text) => {
    const view = render(<JsonReply text={text} output={schema} />);
    expect(view.getByTestId('json-reply-check').getAttribute('data-ok')).toBe('false');
    expect(view.getByTestId('json-reply').textContent).toContain('[[[[');
    view.unmount();
  });
});
