import { useMemo } from 'react';
import type { Output } from '../../../shared/conversation.ts';
import {
  checkJsonReply,
  parseSchema,
  schemaProblem,
  schemaTextProblem,
} from '../../../shared/json-schema.ts';
import { extraBodyProblem, MAX_JSON_DEPTH } from '../../../shared/extra-body.ts';
import { t } from '../../i18n/active.ts';
import { sharedProblemText } from './problem-text.ts';

/**
 * The check's verdict in the page's language: the same cases as checkJsonReply (whose English sentence
 * the command line and tests share), with the place of a syntax error and the first schema problem.
 */
function verdict(
  text: string,
  schemaText: string | undefined,
  formatted: string | undefined,
  tooDeep: boolean,
): string {
  if (tooDeep) return t('reply.json.tooDeep', { depth: MAX_JSON_DEPTH });
  if (formatted === undefined) {
    const stop = extraBodyProblem(text);
    return stop
      ? t('reply.json.invalidAt', { line: stop.line, column: stop.column })
      : t('reply.json.invalid');
  }
  if (schemaText === undefined) return t('reply.json.valid');
  if (schemaTextProblem(schemaText)) return t('reply.json.schemaUnchecked');
  const problem = schemaProblem(JSON.parse(text) as unknown, parseSchema(schemaText));
  return problem
    ? t('reply.json.mismatch', { problem: sharedProblemText(problem) })
    : t('reply.json.matches');
}

/**
 * A reply to a conversation that asked for JSON: the JSON re-indented, and one line saying whether it is
 * valid JSON and whether it matches the schema (or the first problem, with its path). A reply that is not
 * JSON keeps its text as sent, so nothing the model said is hidden.
 */
export function JsonReply(props: { text: string; output: Output }) {
  const { text, output } = props;
  const check = useMemo(() => {
    const schema = output.mode === 'schema' ? output.schema : undefined;
    const result = checkJsonReply(text, schema);
    return { ...result, line: verdict(text, schema, result.formatted, result.tooDeep === true) };
  }, [text, output]);
  return (
    <div className="json-reply" data-testid="json-reply">
      <pre className="mono" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 }}>
        {check.formatted ?? text}
      </pre>
      <p
        className={check.ok ? 'field-hint' : 'field-error'}
        data-testid="json-reply-check"
        data-ok={check.ok ? 'true' : 'false'}
        style={{ margin: 'var(--space-1, 4px) 0 0' }}
      >
        {check.ok ? '✓ ' : '✗ '}
        {check.line}
      </p>
    </div>
  );
}
