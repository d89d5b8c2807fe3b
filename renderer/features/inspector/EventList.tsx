import { memo, useRef } from 'react';
import { rowPlace, useVirtualRows } from '../../components/useVirtualRows.ts';
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

// a one-line event before it is measured
const eventHeight = () => 24;

function VirtualEventList({ events }: { events: ExchangeEvent[] }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const { virtualizer, items, totalSize } = useVirtualRows({
    scrollRef,
    rows: events,
    estimate: eventHeight,
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
      <ol className="event-list" style={{ height: totalSize, position: 'relative' }}>
        {items.map(({ item, row: e }) => (
          <li
            key={item.key}
            data-index={item.index}
            ref={virtualizer.measureElement}
            className="event-row"
            style={rowPlace(item)}
          >
            <EventCells event={e} />
          </li>
        ))}
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
