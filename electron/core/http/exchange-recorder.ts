import type { AppError } from '../../../shared/errors.ts';
import type { Exchange, ExchangeEvent } from '../../../shared/exchange.ts';
import type { Interface } from '../../../shared/formats.ts';
import { redactAll, redactError, redactHeaders, type Redactor } from './redact.ts';
import { hostWork } from '../work.ts';
import { compact } from '../../../shared/compact.ts';

/**
 * Records are for reading, not archiving: long bodies and streams are cut, so the work a record costs (its
 * redaction, its JSON, its row in the database) is bounded whatever the size of the reply. A long stream
 * keeps its first events and its last ones (where the finish reason and usage are), with a marker between.
 */
const MAX_BODY_CHARS = 512 * 1024;
// The head was 10,000 events and 1 MiB: storing such a record (its JSON, its row) was the longest task
// left at a long reply's end. 2,500 events is still more than anyone reads in the Inspector.
const MAX_HEAD_EVENTS = 2_500;
const MAX_HEAD_EVENT_CHARS = 256 * 1024;
const MAX_TAIL_EVENTS = 200;
const MAX_EVENT_CHARS = 64 * 1024;
/** Events are redacted in batches of about this many characters as they arrive: one short scan each. */
const REDACT_BATCH_CHARS = 64 * 1024;
const MIN_ELIDED_BASE64 = 256;
const MIN_LONG_BASE64 = 4096;

const QUOTE = 34;
const BACKSLASH = 92;

/** A, Z, a, z, 0, 9, +, /, = : the characters of a base64 run. */
function isBase64Char(code: number): boolean {
  return (
    (code >= 65 && code <= 90) ||
    (code >= 97 && code <= 122) ||
    (code >= 48 && code <= 57) ||
    code === 43 ||
    code === 47 ||
    code === 61
  );
}

/** Whether the string opening at `quote` is the value of a `"b64_json"` member (whitespace allowed). */
function isB64JsonValue(text: string, quote: number): boolean {
  let i = quote - 1;
  const limit = Math.max(0, quote - 64);
  while (i >= limit && /\s/.test(text[i] as string)) i--;
  if (text[i] !== ':') return false;
  i--;
  while (i >= limit && /\s/.test(text[i] as string)) i--;
  return text.slice(i - 9, i + 1) === '"b64_json"';
}

/** How far past `data:` the `;base64,` of a data URL may be (a media type and its parameters). */
const MAX_DATA_URL_HEAD = 128;

/**
 * Where the base64 of a data URL string starts, when the string opening before `start` is one
 * (`"data:image/png;base64,...`); -1 otherwise. Reads at most MAX_DATA_URL_HEAD characters.
 */
function dataUrlPayload(text: string, start: number): number {
  if (!text.startsWith('data:', start)) return -1;
  const head = text.slice(start + 5, start + 5 + MAX_DATA_URL_HEAD);
  const at = head.indexOf(';base64,');
  if (at === -1) return -1;
  // the media type must stay inside the string: no quote or escape before the marker
  const type = head.slice(0, at);
  if (type.includes('"') || type.includes('\\')) return -1;
  return start + 5 + at + 8;
}

/**
 * `"b64_json":"<1234567 base64 chars elided>"`, `"data:image/png;base64,<1234567 base64 chars elided>"`
 * (the image and file parts of a request), and the same for any other very long base64 string.
 * One pass over the text: every string is scanned from its opening quote (or a data URL's payload) to the
 * first character that is not base64, so no character is read twice and no pattern can backtrack (a
 * regular expression here overflowed V8's stack on a 5 MiB image).
 */
export function elideBase64(text: string): string {
  // the common case (a stream event, a short body) has neither: skip the scan
  if (text.length < 4098 && !text.includes('b64_json')) return text;
  let out = '';
  let copied = 0;
  let quote = text.indexOf('"');
  while (quote !== -1) {
    const payload = dataUrlPayload(text, quote + 1);
    const dataUrl = payload !== -1;
    const start = dataUrl ? payload : quote + 1;
    const b64Json = !dataUrl && isB64JsonValue(text, quote);
    let end = start;
    for (;;) {
      const code = text.charCodeAt(end);
      if (isBase64Char(code)) end++;
      // image data may carry JSON-escaped line breaks and slashes
      else if (b64Json && code === BACKSLASH && (text[end + 1] === 'n' || text[end + 1] === '/')) end += 2;
      else break;
    }
    const length = end - start;
    const closed = text.charCodeAt(end) === QUOTE;
    const elide = b64Json
      ? length >= MIN_ELIDED_BASE64 && (closed || end === text.length)
      : length >= (dataUrl ? MIN_ELIDED_BASE64 : MIN_LONG_BASE64) && closed;
    if (elide) {
      out += `${text.slice(copied, start)}<${length} base64 chars elided>`;
      copied = end;
    }
    // a closing quote is not the opening of the next string
    quote = text.indexOf('"', closed ? end + 1 : Math.max(end, quote + 1));
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/**
 * The record is for the inspector; the reply is for the user. A failure while recording (a body too large
 * to join, a bug in elision or redaction) loses that part of the record, never the reply.
 */
function recordable(make: () => string): string {
  try {
    return make();
  } catch (e) {
    return `<not recorded: ${e instanceof Error ? e.name : 'error'}>`;
  }
}

/** What an event costs to redact: its text and its name. */
function charsOf(e: ExchangeEvent): number {
  return e.data.length + (e.event?.length ?? 0);
}

/** Redacts a batch of recorded events in one scan (redactAll), then cuts the long ones. */
function redactEvents(batch: ExchangeEvent[], redact: Redactor): void {
  if (batch.length === 0) return;
  try {
    const names = batch.map((e) => e.event ?? '');
    const redacted = redactAll(batch.map((e) => e.data).concat(names), redact);
    batch.forEach((e, i) => {
      e.data = cut(redacted[i] as string, MAX_EVENT_CHARS);
      if (e.event !== undefined) e.event = redacted[batch.length + i] as string;
    });
  } catch (e) {
    // never a record with a key in it: the events of this batch lose their text instead
    const note = `<not recorded: ${e instanceof Error ? e.name : 'error'}>`;
    for (const entry of batch) {
      entry.data = note;
      delete entry.event;
    }
  }
}

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…<${text.length - max} more chars not recorded>` : text;
}

export function headersToRecord(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    out[name] = value;
  });
  return out;
}

/**
 * Builds the Exchange record of one call. The record describes the final attempt on the wire (status,
 * headers, body or events, with times relative to that attempt's start) plus the number of attempts and
 * the whole call's duration. Everything passes through the redactor on the way in.
 */
export class ExchangeRecorder {
  readonly record: Exchange;
  private readonly redact: Redactor;
  private readonly callStart: number;
  private attemptStart: number;
  private bodyParts: string[] = [];
  /** the stream's events: the first ones, then the last MAX_TAIL_EVENTS (a ring), redacted in batches */
  private head: ExchangeEvent[] = [];
  private headChars = 0;
  private tail: ExchangeEvent[] = [];
  private tailStart = 0;
  private dropped = 0;
  private unredacted: ExchangeEvent[] = [];
  private unredactedChars = 0;
  /**
   * Per slot of the tail, whether its event is still unredacted. A tail event is redacted only if it is
   * still kept when the tail's unredacted events reach a batch or the record closes, so the middle of a
   * long stream, dropped from the tail, is never scanned.
   */
  private tailRaw: boolean[] = [];
  private tailRawChars = 0;

  constructor(init: {
    interface: Interface;
    method: 'GET' | 'POST';
    url: string;
    headers: Record<string, string>;
    body?: string | undefined;
    streamed: boolean;
    redact: Redactor;
  }) {
    this.redact = init.redact;
    this.callStart = performance.now();
    this.attemptStart = this.callStart;
    this.record = {
      id: globalThis.crypto.randomUUID(),
      interface: init.interface,
      method: init.method,
      url: init.redact(init.url),
      requestHeaders: redactHeaders(init.headers, init.redact),
      ...compact({
        requestBody:
          init.body !== undefined
            ? recordable(() => cut(init.redact(elideBase64(init.body ?? '')), MAX_BODY_CHARS))
            : undefined,
      }),
      streamed: init.streamed,
      attempts: 0,
      startedAt: Date.now(),
      timings: {},
    };
  }

  get id(): string {
    return this.record.id;
  }

  private sinceAttempt(): number {
    return Math.round(performance.now() - this.attemptStart);
  }

  /** A new attempt forgets what the previous one received. */
  startAttempt(): void {
    this.attemptStart = performance.now();
    this.record.attempts += 1;
    delete this.record.status;
    delete this.record.responseHeaders;
    delete this.record.responseBody;
    delete this.record.events;
    delete this.record.error;
    this.record.timings = {};
    this.bodyParts = [];
    this.head = [];
    this.headChars = 0;
    this.tail = [];
    this.tailStart = 0;
    this.dropped = 0;
    this.unredacted = [];
    this.unredactedChars = 0;
    this.tailRaw = [];
    this.tailRawChars = 0;
  }

  headers(status: number, headers: Headers): void {
    this.record.status = status;
    this.record.timings.headersMs = this.sinceAttempt();
    try {
      this.record.responseHeaders = redactHeaders(headersToRecord(headers), this.redact);
    } catch {
      this.record.responseHeaders = {};
    }
  }

  /** Raw body text as it arrives; base64 is elided and the rest cut to MAX_BODY_CHARS when the record closes. */
  bodyText(piece: string): void {
    if (piece !== '') this.bodyParts.push(piece);
  }

  /**
   * An event as it arrives: base64 is elided now, keys are redacted batch by batch (each batch one short
   * scan, so no pass grows with the stream) and long events are cut after that, so a cut never leaves the
   * first characters of a key. Past the head's budget only the last events are kept, and only the kept
   * ones are redacted.
   */
  event(event: string | undefined, data: string): void {
    this.eventAt(event, data, this.sinceAttempt());
  }

  /** The events of one network read: they arrived together, so they share one time. */
  events(batch: readonly { event?: string | undefined; data: string }[]): void {
    const t = this.sinceAttempt();
    for (const ev of batch) this.eventAt(ev.event, ev.data, t);
  }

  private eventAt(event: string | undefined, data: string, t: number): void {
    this.record.timings.firstEventMs ??= t;
    hostWork.recordChars += data.length;
    const entry: ExchangeEvent = { t, data: recordable(() => elideBase64(data)) };
    if (event !== undefined) entry.event = event;
    if (this.head.length < MAX_HEAD_EVENTS && this.headChars < MAX_HEAD_EVENT_CHARS) {
      this.head.push(entry);
      this.headChars += entry.data.length;
      this.unredacted.push(entry);
      this.unredactedChars += charsOf(entry);
      if (this.unredactedChars >= REDACT_BATCH_CHARS) this.redactHead();
      return;
    }
    let slot = this.tail.length;
    if (slot < MAX_TAIL_EVENTS) {
      this.tail.push(entry);
    } else {
      slot = this.tailStart;
      if (this.tailRaw[slot]) this.tailRawChars -= charsOf(this.tail[slot] as ExchangeEvent);
      this.tail[slot] = entry;
      this.tailStart = (this.tailStart + 1) % MAX_TAIL_EVENTS;
      this.dropped += 1;
    }
    this.tailRaw[slot] = true;
    this.tailRawChars += charsOf(entry);
    if (this.tailRawChars >= REDACT_BATCH_CHARS) this.redactTail();
  }

  /** Redacts the head's events not redacted yet. */
  private redactHead(): void {
    const batch = this.unredacted;
    this.unredacted = [];
    this.unredactedChars = 0;
    redactEvents(batch, this.redact);
  }

  /** Redacts the tail's events not redacted yet: a batch's worth at most, or what is left at the end. */
  private redactTail(): void {
    const batch = this.tail.filter((_, i) => this.tailRaw[i] === true);
    this.tailRaw = [];
    this.tailRawChars = 0;
    redactEvents(batch, this.redact);
  }

  /** The events kept, in arrival order, with a marker where the middle of a long stream was left out. */
  private keptEvents(): ExchangeEvent[] | undefined {
    if (this.head.length === 0) return undefined;
    const tail = [...this.tail.slice(this.tailStart), ...this.tail.slice(0, this.tailStart)];
    if (this.dropped === 0) return [...this.head, ...tail];
    const marker: ExchangeEvent = {
      t: tail[0]?.t ?? 0,
      data: `<${this.dropped} events not recorded: a record keeps a stream's first and last events>`,
    };
    return [...this.head, marker, ...tail];
  }

  /** Closes the record: flushes the body, redacts the events, sets the total time and the error if any. */
  finish(error?: AppError): Exchange {
    this.redactHead();
    this.redactTail();
    const events = this.keptEvents();
    if (events) this.record.events = events;
    else delete this.record.events;
    if (this.bodyParts.length > 0) {
      const parts = this.bodyParts;
      this.record.responseBody = recordable(() =>
        cut(this.redact(elideBase64(parts.join(''))), MAX_BODY_CHARS),
      );
      this.bodyParts = [];
    }
    this.record.timings.totalMs = Math.round(performance.now() - this.callStart);
    // the transport redacts its errors already; a probe's own words pass here too
    if (error) this.record.error = redactError(error, this.redact);
    else delete this.record.error;
    return this.record;
  }
}
