import { createParser } from 'eventsource-parser';
import type { SseEvent } from '../../../electron/core/sse/read-events.ts';

/** The events of a whole recorded stream (synchronous, for reducer tests). */
export function parseEvents(text: string): SseEvent[] {
  const out: SseEvent[] = [];
  const p = createParser({
    onEvent: (m) => out.push(m.event === undefined ? { data: m.data } : { event: m.event, data: m.data }),
  });
  p.feed(text);
  return out;
}
