import { useStore } from '../store/index.ts';
import { t } from '../i18n/active.ts';

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
  // a filter on a connection deleted since shows every connection rather than an empty list for nothing
  const value =
    props.value === 'all' || props.value === 'none' || connections.some((c) => c.id === props.value)
      ? props.value
      : 'all';
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
