import { useEffect, useState } from 'react';
import { formatMs } from './format.ts';

/**
 * Time since `since` (epoch ms), ticking ten times a second until `until` is given, then frozen at the
 * final figure. Only this small element re-renders while it ticks.
 */
export function ElapsedTime(props: { since: number; until?: number | undefined; className?: string }) {
  const { since, until } = props;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until !== undefined) return;
    const timer = setInterval(() => setNow(Date.now()), 100);
    return () => clearInterval(timer);
  }, [until]);
  const end = until ?? now;
  return (
    <span className={props.className ? `elapsed ${props.className}` : 'elapsed'}>
      {formatMs(Math.max(0, end - since))}
    </span>
  );
}
