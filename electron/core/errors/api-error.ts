import type { AppError } from '../../../shared/errors.ts';
import type { Exchange } from '../../../shared/exchange.ts';
import type { EndReason, ProviderPayload } from '../../../shared/conversation.ts';
import { compact } from '../../../shared/compact.ts';

/** What a failed turn had produced before it failed, kept so the user does not lose it. */
export interface PartialReply {
  text: string;
  thoughts?: string;
  raw?: ProviderPayload;
  /** why the reply stopped, when the core decided it (the size cap) */
  endReason?: EndReason;
}

/** The one error type the core throws; `info` is the serialisable shape that crosses process boundaries. */
export class ApiError extends Error {
  readonly info: AppError;
  readonly partial?: PartialReply;
  readonly exchange?: Exchange;

  constructor(
    info: AppError,
    extra: { partial?: PartialReply | undefined; exchange?: Exchange | undefined } = {},
  ) {
    super(info.message);
    this.name = 'ApiError';
    this.info = info;
    if (extra.partial !== undefined) this.partial = extra.partial;
    if (extra.exchange !== undefined) this.exchange = extra.exchange;
  }
}

export function invalidInput(message: string, issues?: AppError['issues']): ApiError {
  return new ApiError(compact({ kind: 'invalid-input', message, issues }));
}

/** Any thrown value as an AppError: ApiError keeps its info, anything else is a bug on our side. */
export function toAppError(e: unknown): AppError {
  if (e instanceof ApiError) return e.info;
  const message = e instanceof Error ? e.message : String(e);
  return { kind: 'internal', message: message || 'unexpected error' };
}
