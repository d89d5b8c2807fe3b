// Writing replies: JSON bodies, errors in a family's shape, and the faults that replace or damage them.
import { STATUS_CODES } from 'node:http';
import { defaultStatusMessage, errorBody } from './errors.ts';
import { applyOmitField } from './quirks.ts';
import { untilAborted, wait } from './timing.ts';
import type { ErrorInfo } from './errors.ts';
import type { PacePlan } from './pace.ts';
import type { ServerResponse } from 'node:http';
import type { Fault, SimFamily, SimInterface, SimQuirks } from './types.ts';

/** Where one reply goes, and what may happen to it on the way. */
export interface Outlet {
  res: ServerResponse;
  /** Aborts when the response closes: the client went away or the simulator closed. */
  signal: AbortSignal;
  fault: Fault | undefined;
  iface: SimInterface;
  family: SimFamily;
  quirks: SimQuirks;
  /** the waits of a paced request (pace.ts) */
  pace?: PacePlan | undefined;
}

const JSON_TYPE = 'application/json';

export function sendPlain(res: ServerResponse, status: number, contentType: string, text: string): void {
  res.writeHead(status, { 'content-type': contentType, 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

export function sendError(
  res: ServerResponse,
  family: SimFamily,
  info: ErrorInfo,
  headers: Record<string, string> = {},
): void {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  sendPlain(res, info.status, JSON_TYPE, JSON.stringify(errorBody(family, info)));
}

/**
 * Cuts the connection in the middle of a reply, as a failing proxy does. The socket is ended after
 * the bytes already written (not reset): an RST can make the client discard data it had received,
 * and a client must see exactly what came before the cut.
 */
export function cutConnection(res: ServerResponse): void {
  const socket = res.socket;
  if (socket) socket.end();
  else res.destroy();
}

/**
 * Faults that answer instead of the service (status, HTML and text pages). Returns true when the
 * fault answered.
 */
export function answerWithFault(out: Outlet): boolean {
  const { res, fault } = out;
  switch (fault?.kind) {
    case 'status': {
      const headers: Record<string, string> = {};
      if (fault.retryAfter !== undefined) headers['retry-after'] = fault.retryAfter;
      if (fault.retryAfterMs !== undefined) headers['retry-after-ms'] = String(fault.retryAfterMs);
      if (fault.shouldRetry !== undefined) headers['x-should-retry'] = String(fault.shouldRetry);
      sendError(
        res,
        out.family,
        { status: fault.status, message: fault.message ?? defaultStatusMessage(fault.status) },
        headers,
      );
      return true;
    }
    case 'html': {
      const title = `${fault.status} ${STATUS_CODES[fault.status] ?? 'Error'}`;
      sendPlain(
        res,
        fault.status,
        'text/html',
        `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`,
      );
      return true;
    }
    case 'text':
      sendPlain(res, fault.status, 'text/plain; charset=utf-8', fault.body);
      return true;
    default:
      return false;
  }
}

/** The error a 200 reply carries for the errorEvent fault on a non-streamed request. */
function errorAfter200(family: SimFamily): unknown {
  const status = family === 'messages' ? 529 : family === 'generate' ? 503 : 500;
  return errorBody(family, { status, message: 'The service failed after answering 200 (simulated).' });
}

/** Sends a successful JSON reply, applying the omitField quirk and any body-damaging fault. */
export async function sendJson(out: Outlet, body: unknown): Promise<void> {
  const { res, fault } = out;
  if (out.pace) await wait(out.pace.firstMs, out.signal);
  if (out.signal.aborted) return;
  applyOmitField(out.quirks, out.iface, body);
  let text = JSON.stringify(body);
  switch (fault?.kind) {
    case 'bigBody':
      // Trailing spaces keep the body valid JSON of the requested size.
      text += ' '.repeat(Math.max(0, fault.bytes - Buffer.byteLength(text)));
      break;
    case 'badJson':
      text = text.slice(0, Math.floor(text.length / 2));
      break;
    case 'errorEvent':
      text = JSON.stringify(errorAfter200(out.family));
      break;
    case 'reset':
    case 'stall':
    case 'truncate': {
      const half = text.slice(0, Math.floor(text.length / 2));
      // A declared length promises the whole body; truncate instead ends a chunked body early and cleanly.
      const headers: Record<string, string | number> = { 'content-type': JSON_TYPE };
      if (fault.kind !== 'truncate') headers['content-length'] = Buffer.byteLength(text);
      res.writeHead(200, headers);
      res.write(half);
      if (fault.kind === 'truncate') res.end();
      else if (fault.kind === 'reset') cutConnection(res);
      else await untilAborted(out.signal);
      return;
    }
    default:
      break;
  }
  sendPlain(res, 200, JSON_TYPE, text);
}
