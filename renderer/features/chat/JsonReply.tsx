import { useMemo } from 'react';
import type { Output } from '../../../shared/conversation.ts';
import { checkJsonReply } from '../../../shared/json-schema.ts';

/**
 * A reply to a conversation that asked for JSON: the JSON re-indented, and one line saying whether it is
 * valid JSON and whether it matches the schema (or the first problem, with its path). A reply that is not
 * JSON keeps its text as sent, so nothing the model said is hidden.
 */
export function JsonReply(props: { text: string; output: Output }) {
  const { text, output } = props;
  const check = useMemo(
    () => checkJsonReply(text, output.mode === 'schema' ? output.schema : undefined),
    [text, output],
  );
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
        {check.message}
      </p>
    </div>
  );
}
