// The errors handlers throw on purpose. dispatch() passes an ApiError's info to the caller as it is;
// anything else is a bug and reaches the caller only as a generic 'internal' error.
import { ApiError } from '../core/index.ts';
import { compact } from '../../shared/compact.ts';
import type { LocalFailure } from '../../shared/errors.ts';
import { storageFailureOf } from '../store/storage-failure.ts';

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

/** The English the page's dictionaries say again (renderer/i18n/en/notices.ts, notices.storage.*). */
const STORAGE_CAUSE: Record<LocalFailure['cause'], string> = {
  'disk-full': 'The disk is full, so Quartet could not save this.',
  'read-only':
    'The data folder is read-only (or not writable by your account), so Quartet could not save this.',
  'db-busy':
    'Another program holds the database, so Quartet could not save this. Close it (another Quartet, a database browser) and try again.',
};

/** The sentence for a failed write: its cause, then what is kept. */
export function storageFailureMessage(local: LocalFailure): string {
  const kept =
    local.keptIn !== undefined
      ? `The image is kept in ${local.keptIn} and joins the gallery at the next start.`
      : 'Everything saved before is kept.';
  return `${STORAGE_CAUSE[local.cause]} ${kept}`;
}

/**
 * A failed write to the data folder the user can act on (disk full, read-only, database held by another
 * program) as a named error, or undefined for anything else. `keptIn`: where the unsaved result waits.
 */
export function storageError(e: unknown, keptIn?: string): ApiError | undefined {
  const cause = storageFailureOf(e);
  if (cause === undefined) return undefined;
  const local: LocalFailure = compact({ cause, keptIn });
  const error = new ApiError({ kind: 'internal', message: storageFailureMessage(local), local });
  (error as { cause?: unknown }).cause = e;
  return error;
}
