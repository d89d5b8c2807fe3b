import { memo, useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { ExchangeEvent } from '../../../shared/exchange.ts';
import { t } from '../../i18n/active.ts';

/** Above this many events the list is virtualised; below, plain rows are simpler and searchable with Ctrl+F. */
const VIRTUAL_FROM = 80;

/** The stream events of one exchange, each with its time since the request started and its name. */
export function EventList({ events }: { events: ExchangeEvent[] }) {
  if (events.length < VIRTUAL_FROM) {
    return (
      // it scrolls on its own: focusable, so the keyboard can scroll it too
      <ol
        className="event-list"
        data-testid="event-list"
        tabIndex={0}
        aria-label={t('inspector.detail.events')}
      >
        {events.map((e, i) => (
          <EventRow key={i} event={e} index={i} />
        ))}
      </ol>
    );
  }
  return <VirtualEventList events={events} />;
}

function VirtualEventList({ events }: { events: ExchangeEvent[] }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read in render by design
  const virtualizer = useVirtualizer({
    count: events.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 24,
    overscan: 12,
  });
  return (
    <div
      className="event-scroll"
      ref={scrollRef}
      data-testid="event-list"
      data-virtual="true"
      tabIndex={0}
      role="group"
      aria-label={t('inspector.detail.events')}
    >
      <ol className="event-list" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const e = events[item.index];
          if (!e) return null;
          return (
            <li
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              className="event-row"
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                right: 0,
                transform: `translateY(${item.start}px)`,
              }}
            >
              <EventCells event={e} />
            </li>
          );
        })}
      </ol>
    </div>
  );
}

const EventRow = memo(function EventRow({ event }: { event: ExchangeEvent; index: number }) {
  return (
    <li className="event-row">
      <EventCells event={event} />
    </li>
  );
});

function EventCells({ event }: { event: ExchangeEvent }) {
  return (
    <>
      <span className="event-t tabular">{Math.round(event.t)} ms</span>
      <span className="event-name" translate="no">
        {event.event ?? 'message'}
      </span>
      <code className="event-data">{event.data}</code>
    </>
  );
}
