import { useMemo } from 'react';
import type { Output } from '../../../shared/conversation.ts';
import { checkJsonReply, schemaTextProblem, type SchemaProblems } from '../../../shared/json-schema.ts';
import { extraBodyProblem, MAX_JSON_DEPTH } from '../../../shared/extra-body.ts';
import { t } from '../../i18n/active.ts';
import { sharedProblemText } from '../../i18n/problem-text.ts';

/**
 * The check's verdict in the page's language: the same cases as checkJsonReply (whose English sentence
 * the command line and tests share), with the place of a syntax error and each schema problem.
 */
function verdict(
  text: string,
  schemaText: string | undefined,
  formatted: string | undefined,
  tooDeep: boolean,
  problems: SchemaProblems | undefined,
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
  if (problems === undefined || problems.named.length === 0) return t('reply.json.matches');
  const [only] = problems.named;
  if (problems.named.length === 1 && problems.more === 0 && only !== undefined)
    return t('reply.json.mismatch', { problem: sharedProblemText(only) });
  return t('reply.json.mismatchMany', { count: problems.named.length + problems.more });
}

/**
 * A reply to a conversation that asked for JSON: the JSON re-indented, and a line saying whether it is
 * valid JSON and whether it matches the schema; when it does not, each problem with its path (the first
 * 20, then how many more). A reply that is not JSON keeps its text as sent, so nothing the model said is
 * hidden.
 */
export function JsonReply(props: { text: string; output: Output }) {
  const { text, output } = props;
  const check = useMemo(() => {
    const schema = output.mode === 'schema' ? output.schema : undefined;
    const result = checkJsonReply(text, schema);
    const line = verdict(text, schema, result.formatted, result.tooDeep === true, result.problems);
    const many = result.problems !== undefined && result.problems.named.length + result.problems.more > 1;
    return { ...result, line, list: many ? result.problems : undefined };
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
      {check.list ? (
        <ul
          className="field-error"
          data-testid="json-reply-problems"
          style={{ margin: 'var(--space-1, 4px) 0 0', paddingInlineStart: '1.5em', overflowWrap: 'anywhere' }}
        >
          {check.list.named.map((problem, i) => (
            <li key={i}>{sharedProblemText(problem)}</li>
          ))}
          {check.list.more > 0 ? <li>{t('reply.json.mismatchMore', { count: check.list.more })}</li> : null}
        </ul>
      ) : null}
    </div>
  );
}
