import type { AppError } from '../../../shared/errors.ts';
import type { Exchange, ExchangeEvent } from '../../../shared/exchange.ts';
import type { Interface } from '../../../shared/formats.ts';
import { redactHeaders, type Redactor } from './redact.ts';

/** Records are for reading, not archiving: long bodies and streams are cut. */
const MAX_BODY_CHARS = 512 * 1024;
const MAX_EVENTS = 20_000;
const MAX_EVENT_CHARS = 64 * 1024;
const MIN_ELIDED_BASE64 = 256;

const B64_JSON = new RegExp(`("b64_json"\\s*:\\s*")([A-Za-z0-9+/=\\\\n]{${MIN_ELIDED_BASE64},})("?)`, 'g');
const LONG_BASE64 = /"([A-Za-z0-9+/]{4096,}={0,2})"/g;

/** `"b64_json":"<1234567 base64 chars elided>"`, and the same for any other very long base64 string. */
export function elideBase64(text: string): string {
  // the common case (a stream event, a short body) has neither: skip both scans
  if (text.length < 4098 && !text.includes('b64_json')) return text;
  return text
    .replace(
      B64_JSON,
      (_m, head: string, data: string, tail: string) => `${head}<${data.length} base64 chars elided>${tail}`,
    )
    .replace(LONG_BASE64, (_m, data: string) => `"<${data.length} base64 chars elided>"`);
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
      ...(init.body !== undefined ? { requestBody: cut(init.redact(init.body), MAX_BODY_CHARS) } : {}),
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
  }

  headers(status: number, headers: Headers): void {
    this.record.status = status;
    this.record.responseHeaders = redactHeaders(headersToRecord(headers), this.redact);
    this.record.timings.headersMs = this.sinceAttempt();
  }

  /** Raw body text as it arrives; base64 is elided and the rest cut to MAX_BODY_CHARS when the record closes. */
  bodyText(piece: string): void {
    if (piece !== '') this.bodyParts.push(piece);
  }

  event(event: string | undefined, data: string): void {
    const events = (this.record.events ??= []);
    this.record.timings.firstEventMs ??= this.sinceAttempt();
    if (events.length >= MAX_EVENTS) return;
    const entry: ExchangeEvent = {
      t: this.sinceAttempt(),
      data: cut(this.redact(elideBase64(data)), MAX_EVENT_CHARS),
    };
    if (event !== undefined) entry.event = event;
    events.push(entry);
  }

  /** Closes the record: flushes the body, sets the total time and the error if any. */
  finish(error?: AppError): Exchange {
    if (this.bodyParts.length > 0) {
      this.record.responseBody = cut(this.redact(elideBase64(this.bodyParts.join(''))), MAX_BODY_CHARS);
      this.bodyParts = [];
    }
    this.record.timings.totalMs = Math.round(performance.now() - this.callStart);
    if (error) this.record.error = error;
    else delete this.record.error;
    return this.record;
  }
}
