// Server-sent events, with the faults that slow, stall, cut or spoil a stream.
import { applyOmitField } from './quirks.ts';
import { cutConnection } from './respond.ts';
import { untilAborted, wait } from './timing.ts';
import type { HandlerReply, SseEvent } from './context.ts';
import type { Outlet } from './respond.ts';
import type { ServerResponse } from 'node:http';

type SseReply = Extract<HandlerReply, { type: 'sse' }>;

export function serialiseEvent(event: SseEvent, lineEnd: string, padTo = 0): string {
  let data = typeof event.data === 'string' ? event.data : JSON.stringify(event.data);
  // Trailing spaces keep the JSON valid while making the line as long as asked.
  if (padTo > data.length) data += ' '.repeat(padTo - data.length);
  const name = event.event === undefined ? '' : `event: ${event.event}${lineEnd}`;
  return `${name}data: ${data}${lineEnd}${lineEnd}`;
}

/** Writes one chunk, waiting for the socket to drain. False when the response is gone. */
function write(res: ServerResponse, text: string, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted || res.destroyed) return Promise.resolve(false);
  if (res.write(text)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const finish = (ok: boolean): void => {
      res.off('drain', onDrain);
      signal.removeEventListener('abort', onAbort);
      resolve(ok);
    };
    const onDrain = (): void => finish(true);
    const onAbort = (): void => finish(false);
    res.once('drain', onDrain);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

export async function sendSse(out: Outlet, reply: SseReply): Promise<void> {
  const { res, signal, fault } = out;
  const lineEnd = reply.lineEnd ?? '\n';
  res.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  res.flushHeaders();
  const events = reply.events;
  for (const event of events) applyOmitField(out.quirks, out.iface, event.data);

  const total = events.length;
  const gap = fault?.kind === 'slowStream' ? fault.ms : 0;
  let count = total;
  if (fault?.kind === 'stall' || fault?.kind === 'reset') count = Math.min(fault.afterEvents, total);
  // These two must leave out the final event, so they stop at the last but one at the latest.
  if (fault?.kind === 'truncate' || fault?.kind === 'errorEvent')
    count = Math.min(fault.afterEvents, total - 1);
  const badAt = fault?.kind === 'badJson' ? Math.min(fault.afterEvents, total) : -1;

  for (let i = 0; i <= count; i++) {
    if (i === badAt) {
      const name = events[i]?.event ?? events[i - 1]?.event;
      const bad = `${name === undefined ? '' : `event: ${name}${lineEnd}`}data: {"simulated": "bad json"${lineEnd}${lineEnd}`;
      if (!(await write(res, bad, signal))) return;
    }
    const event = events[i];
    if (i === count || event === undefined) break;
    if (i > 0 && gap > 0) await wait(gap, signal);
    if (out.pace) await wait(i === 0 ? out.pace.firstMs : out.pace.gapMs(), signal);
    const padTo = fault?.kind === 'bigBody' && i === 0 ? fault.bytes : 0;
    if (!(await write(res, serialiseEvent(event, lineEnd, padTo), signal))) return;
  }

  switch (fault?.kind) {
    case 'stall':
      // Silent but open: the client's idle timeout or close() ends it.
      await untilAborted(signal);
      return;
    case 'reset':
      cutConnection(res);
      return;
    case 'errorEvent':
      for (const event of reply.errorEvents(count)) {
        if (!(await write(res, serialiseEvent(event, lineEnd), signal))) return;
      }
      break;
    default:
      break;
  }
  res.end();
}
