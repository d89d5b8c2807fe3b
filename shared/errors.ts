import { z } from 'zod';
import { InterfaceSchema } from './formats.ts';

/**
 * Every failure the app can show, in one serialisable shape. `kind` says what went wrong at the transport
 * level; `status`, `vendorType`/`vendorCode` and `message` say what the service said.
 */
export const ERROR_KINDS = [
  'http', // the service answered with a non-2xx status
  'stream', // HTTP 200, then an error event or a malformed stream
  'connection', // refused, reset, DNS
  'timeout-headers', // no response headers within the request timeout
  'timeout-idle', // a stream went silent for longer than the idle timeout
  'aborted', // the user stopped it
  'invalid-response', // a 2xx body we could not understand
  'invalid-input', // refused before any request was made
  'not-found', // a local record that does not exist
  'internal', // a bug on our side
] as const;
export const ErrorKindSchema = z.enum(ERROR_KINDS);
export type ErrorKind = z.infer<typeof ErrorKindSchema>;

/** Why the host could not write its data folder: named for the user, with what is kept. */
export const LOCAL_FAILURES = ['disk-full', 'read-only', 'db-busy'] as const;
export const LocalFailureSchema = z.object({
  cause: z.enum(LOCAL_FAILURES),
  /** where a generated image waits to be saved (it joins the gallery at the next start) */
  keptIn: z.string().optional(),
});
export type LocalFailure = z.infer<typeof LocalFailureSchema>;

export const AppErrorSchema = z.object({
  kind: ErrorKindSchema,
  message: z.string(),
  interface: InterfaceSchema.optional(),
  status: z.number().int().optional(),
  vendorType: z.string().optional(),
  vendorCode: z.string().optional(),
  retryAfterMs: z.number().optional(),
  requestId: z.string().optional(),
  attempts: z.number().int().optional(),
  /** A short start of a body that was not the vendor's JSON error (an HTML 502 page, plain text). */
  snippet: z.string().optional(),
  /** The exchange record that produced it, for the inspector. */
  exchangeId: z.string().optional(),
  /** Field-level problems for invalid input. */
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** a write to the data folder failed for a reason the user can act on */
  local: LocalFailureSchema.optional(),
});
export type AppError = z.infer<typeof AppErrorSchema>;

/** Results that cross a process boundary. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: AppError };

/** One line for a person: interface, status and the service's message. */
export function describeError(e: AppError): string {
  const where = e.interface ? `${e.interface}: ` : '';
  const status = e.status !== undefined ? `HTTP ${e.status}` : e.kind;
  const vendor = e.vendorType ?? e.vendorCode;
  return `${where}${status}${vendor ? ` (${vendor})` : ''}: ${e.message}`;
}
