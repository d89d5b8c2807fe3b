import { z } from 'zod';
import { AppErrorSchema } from './errors.ts';
import { HOST_EVENT_NAMES, OPERATION_NAMES, type OperationName } from './contract.ts';

/**
 * The WebSocket protocol between the page and the browser host (`npm run web`). It carries the same
 * contract as Electron's IPC, one JSON text frame per message, on `ws(s)://<host>/ws`; the session cookie
 * authenticates the upgrade, so no frame carries a credential.
 *
 *   page -> host   {t:'call', id, op, input}        one operation of the contract; `id` is the page's own
 *                                                    counter, unique per socket
 *   host -> page   {t:'result', id, result}         the operation's Result ({ok:true,value}|{ok:false,error}),
 *                                                    answered in completion order, not call order
 *   host -> page   {t:'event', event, payload}      a host event (delta, exchange, check, imageProgress, retry),
 *                                                    sent only to the socket whose call produced it
 *   host -> page   {t:'error', id?, error}          a frame the host could not read (not JSON, binary, wrong
 *                                                    shape); carries `id` when one could be recovered. The
 *                                                    socket stays open.
 *
 * Frames larger than WS_MAX_PAYLOAD close the socket with 1009 (the `ws` library enforces it before
 * buffering more); the page reconnects. Binary frames are refused: the contract is JSON.
 */

export const WS_PATH = '/ws';

/** The WebSocket subprotocol the page asks for and the host answers with. */
export const WS_PROTOCOL = 'quartet.v1';
/** The page secret travels as a second offered subprotocol, `quartet-secret.<secret>` (never echoed). */
export const WS_SECRET_PROTOCOL_PREFIX = 'quartet-secret.';
/** The fragment key under which the token exchange hands the page its secret: `/#s=<secret>`. */
export const PAGE_SECRET_FRAGMENT = 's';

/** 64 MB: an imported conversation may be 50 MB of text, plus JSON escaping. */
export const WS_MAX_PAYLOAD = 64 * 1024 * 1024;

/** Close code the page sees when the host refuses or drops it; the page then reconnects with backoff. */
export const WS_CLOSE_GOING_AWAY = 1001;

const CallId = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

const ResultSchema = z.union([
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), error: AppErrorSchema }),
]);

export const OperationNameSchema = z.enum(OPERATION_NAMES as [OperationName, ...OperationName[]]);
export const HostEventNameSchema = z.enum(HOST_EVENT_NAMES as [string, ...string[]]);

export const CallFrameSchema = z
  .object({ t: z.literal('call'), id: CallId, op: OperationNameSchema, input: z.unknown() })
  .strict();
export type CallFrame = z.infer<typeof CallFrameSchema>;

/** Every frame the page may send. One kind today; a union keeps room without changing the reader. */
export const ClientFrameSchema = CallFrameSchema;
export type ClientFrame = z.infer<typeof ClientFrameSchema>;

export const ResultFrameSchema = z.object({ t: z.literal('result'), id: CallId, result: ResultSchema });
export const EventFrameSchema = z.object({
  t: z.literal('event'),
  event: HostEventNameSchema,
  payload: z.unknown(),
});
export const ErrorFrameSchema = z.object({
  t: z.literal('error'),
  id: CallId.optional(),
  error: AppErrorSchema,
});

export const ServerFrameSchema = z.discriminatedUnion('t', [
  ResultFrameSchema,
  EventFrameSchema,
  ErrorFrameSchema,
]);
export type ResultFrame = z.infer<typeof ResultFrameSchema>;
export type EventFrame = z.infer<typeof EventFrameSchema>;
export type ErrorFrame = z.infer<typeof ErrorFrameSchema>;
export type ServerFrame = z.infer<typeof ServerFrameSchema>;
