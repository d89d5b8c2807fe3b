// The errors handlers throw on purpose. dispatch() passes an ApiError's info to the caller as it is;
// anything else is a bug and reaches the caller only as a generic 'internal' error.
import { ApiError } from '../core/index.ts';
import { compact } from '../../shared/compact.ts';

export function notFound(message: string): ApiError {
  return new ApiError({ kind: 'not-found', message });
}

/** Refused before any request was made; `path` names the input field at fault. */
export function invalid(message: string, path?: string): ApiError {
  return new ApiError(
    compact({ kind: 'invalid-input', message, issues: path !== undefined ? [{ path, message }] : undefined }),
  );
}

/** A local failure worth showing as it is (the vault cannot be read, a file cannot be written). */
export function localFailure(message: string, cause?: unknown): ApiError {
  const error = new ApiError({ kind: 'internal', message });
  if (cause !== undefined) (error as { cause?: unknown }).cause = cause;
  return error;
}
