import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { readChunks, type BodyReadOptions } from '../http/body.ts';

export interface SseEvent {
  event?: string;
  data: string;
}

/** Refuse to buffer one event beyond this many characters (a misbehaving peer). */
const MAX_EVENT_CHARS = 32 * 1024 * 1024;

export class SseTooLarge extends Error {
  constructor() {
    super('a stream event is larger than 32 MB');
    this.name = 'SseTooLarge';
  }
}

/**
 * Server-sent events of a body, in order. Bytes may be split anywhere (inside a UTF-8 sequence, inside
 * `\r\n`); the idle timeout applies to the wait for each network read. A last event without its closing
 * blank line is still delivered, so a stream cut right after it is judged by its content, not its framing.
 */
export async function* readEvents(
  body: ReadableStream<Uint8Array>,
  opts: BodyReadOptions,
): AsyncGenerator<SseEvent, void, undefined> {
  const queue: SseEvent[] = [];
  let tooLarge = false;
  const parser = createParser({
    maxBufferSize: MAX_EVENT_CHARS,
    onEvent(m: EventSourceMessage) {
      queue.push(m.event === undefined ? { data: m.data } : { event: m.event, data: m.data });
    },
    onError(err) {
      if (err.type === 'max-buffer-size-exceeded') tooLarge = true;
    },
  });
  const decoder = new TextDecoder();
  for await (const chunk of readChunks(body, opts)) {
    parser.feed(decoder.decode(chunk, { stream: true }));
    if (tooLarge) throw new SseTooLarge();
    while (queue.length > 0) yield queue.shift() as SseEvent;
  }
  parser.feed(`${decoder.decode()}\n\n`);
  while (queue.length > 0) yield queue.shift() as SseEvent;
}
