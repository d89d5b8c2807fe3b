import type { Result } from '../../shared/errors.ts';

/**
 * The part of the app core (electron/handlers, `createAppCore`) that the two hosts use. Declared here as a
 * structural type so that the hosts and their tests depend on this surface only: a fake core in a test and
 * the real one both fit.
 */
export interface HostCore {
  /** Validates `input` against the operation's schema, runs it, never throws. */
  dispatch(name: string, input: unknown, ctx: EmitContext): Promise<Result<unknown>>;
  /** The file behind an image id, or null when there is none (unknown id, thumbnail not made yet). */
  imageFile(
    id: string,
    variant: 'full' | 'thumb',
  ): Promise<{ path: string; mime: string; downloadName?: string } | null>;
}

/** Where a call's events go: the socket or window that made the call. */
export interface EmitContext {
  emit(event: string, payload: unknown): void;
}
