import { useStore } from '../store/index.ts';
import { t } from '../i18n/active.ts';
import { displayName } from '../../shared/display.ts';
import { checkVerdict, selectCheck, type CheckVerdict } from '../store/settings-slice.ts';
import { verdictWord } from './ConnectionStatus.tsx';

/** A connection's option: its name, and how its last check went once it was checked. */
function optionName(name: string, verdict: CheckVerdict): string {
  return verdict === 'unchecked' ? name : `${name} (${verdictWord(verdict)})`;
}

/**
 * Which connection a conversation or a Compare column goes through: every saved connection, and the name
 * of one it asks for that is not here (shown, never chosen: the user picks a real one). A connection that
 * was checked says how its last check went, but the chosen one: the closed select keeps its whole name,
 * and ConnectionStatus.tsx draws its dot beside it.
 */
export function ConnectionSelect(props: {
  value: string | null;
  /** a connection asked for that this data folder lacks */
  wanted?: string | undefined;
  onChange(connectionId: string): void;
  label: string;
  id?: string;
  testId?: string;
}) {
  const connections = useStore((s) => s.connections);
  const checks = useStore((s) => s.checks);
  const missing = props.value === null;
  return (
    <select
      className="select connection-select"
      id={props.id}
      aria-label={props.label}
      title={props.label}
      value={missing ? '' : (props.value ?? '')}
      data-testid={props.testId ?? 'connection-select'}
      aria-invalid={missing && props.wanted !== undefined ? true : undefined}
      onChange={(e) => {
        if (e.target.value !== '') props.onChange(e.target.value);
      }}
    >
      {missing ? (
        <option value="" disabled>
          {props.wanted !== undefined
            ? t('connection.wanted.option', { name: displayName(props.wanted) })
            : t('connection.label')}
        </option>
      ) : null}
      {connections.map((c) => (
        <option key={c.id} value={c.id} translate="no">
          {c.id === props.value ? c.name : optionName(c.name, checkVerdict(selectCheck({ checks }, c.id)))}
        </option>
      ))}
    </select>
  );
}
