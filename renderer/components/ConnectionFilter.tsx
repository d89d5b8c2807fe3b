import { useStore } from '../store/index.ts';
import { t } from '../i18n/active.ts';
import { connectionFilterOf } from '../store/library-list.ts';

/**
 * A list's filter by connection: every connection, the unassigned ones, or one saved connection. The
 * all-conversations view and every tab's sidebar draw it, so they filter alike (library-list.ts onConnection).
 */
export function ConnectionFilter(props: {
  value: string;
  onChange(value: string): void;
  id?: string;
  /** the visible label's element names the control; without one, the select carries its own name */
  label?: string;
  className?: string;
  testId: string;
}) {
  const connections = useStore((s) => s.connections);
  const value = connectionFilterOf(props.value, connections);
  return (
    <select
      id={props.id}
      className={props.className ?? 'select select--s'}
      aria-label={props.label}
      value={value}
      onChange={(e) => props.onChange(e.target.value)}
      data-testid={props.testId}
    >
      <option value="all">{t('connection.filter.all')}</option>
      <option value="none">{t('connection.filter.none')}</option>
      {connections.map((c) => (
        <option key={c.id} value={c.id} translate="no">
          {c.name}
        </option>
      ))}
    </select>
  );
}
