import { createGiveWay } from '../give-way.ts';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { readChunks, type BodyReadOptions } from '../http/body.ts';

import type { SseEvent } from '../../../shared/wire.ts';

export type { SseEvent };

/** Refuse to buffer one event beyond this many characters (a misbehaving peer). */
const MAX_EVENT_CHARS = 32 * 1024 * 1024;

export class SseTooLarge extends Error {
  constructor() {
    super('a stream event is larger than 32 MB');
    this.name = 'SseTooLarge';
  }
}

/**
 * Server-sent events of a body, in order, one array per network read: a fast service packs a hundred
 * events into one read, and handing them over together costs one async step instead of a hundred.
 * Bytes may be split anywhere (inside a UTF-8 sequence, inside `\r\n`); the idle timeout applies to the
 * wait for each network read. A last event without its closing blank line is still delivered, so a
 * stream cut right after it is judged by its content, not its framing. No batch is empty.
 */
export async function* readEventBatches(
  body: ReadableStream<Uint8Array>,
  opts: BodyReadOptions,
): AsyncGenerator<SseEvent[], void, undefined> {
  let batch: SseEvent[] = [];
  let tooLarge = false;
  const parser = createParser({
    maxBufferSize: MAX_EVENT_CHARS,
    onEvent(m: EventSourceMessage) {
      batch.push(m.event === undefined ? { data: m.data } : { event: m.event, data: m.data });
    },
    onError(err) {
      if (err.type === 'max-buffer-size-exceeded') tooLarge = true;
    },
  });
  const decoder = new TextDecoder();
  const giveWay = createGiveWay();
  for await (const chunk of readChunks(body, opts)) {
    parser.feed(decoder.decode(chunk, { stream: true }));
    if (tooLarge) throw new SseTooLarge();
    if (batch.length > 0) {
      const ready = batch;
      batch = [];
      yield ready;
    }
    await giveWay();
  }
  parser.feed(`${decoder.decode()}\n\n`);
  if (batch.length > 0) yield batch;
}

/** The same events one at a time, for readers that stop part-way (the conformance probes, tests). */
export async function* readEvents(
  body: ReadableStream<Uint8Array>,
  opts: BodyReadOptions,
): AsyncGenerator<SseEvent, void, undefined> {
  for await (const batch of readEventBatches(body, opts)) yield* batch;
}
