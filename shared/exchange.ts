import { z } from 'zod';
import { InterfaceSchema } from './formats.ts';
import { AppErrorSchema } from './errors.ts';

/**
 * What one API call looked like on the wire, for the inspector. Keys are already redacted by the core:
 * headers carry `Bearer ••••abcd`, URLs carry `key=••••abcd`.
 */
export const ExchangeEventSchema = z.object({
  /** ms since the request started */
  t: z.number(),
  event: z.string().optional(),
  data: z.string(),
});
export type ExchangeEvent = z.infer<typeof ExchangeEventSchema>;

export const ExchangeSchema = z.object({
  id: z.string(),
  interface: InterfaceSchema,
  method: z.enum(['GET', 'POST']),
  url: z.string(),
  requestHeaders: z.record(z.string(), z.string()),
  /** The JSON body as sent (pretty-printing is the viewer's business). */
  requestBody: z.string().optional(),
  status: z.number().int().optional(),
  responseHeaders: z.record(z.string(), z.string()).optional(),
  /** Raw body for non-streaming replies; long base64 image data is elided to keep records small. */
  responseBody: z.string().optional(),
  /** Stream events in arrival order. */
  events: z.array(ExchangeEventSchema).optional(),
  streamed: z.boolean(),
  attempts: z.number().int(),
  startedAt: z.number(),
  timings: z.object({
    headersMs: z.number().optional(),
    firstEventMs: z.number().optional(),
    totalMs: z.number().optional(),
  }),
  error: AppErrorSchema.optional(),
});
export type Exchange = z.infer<typeof ExchangeSchema>;
