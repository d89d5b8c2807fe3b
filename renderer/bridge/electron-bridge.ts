import { OPERATION_NAMES, type Bridge, type BridgeOperations } from '../../shared/contract.ts';
import type { Result } from '../../shared/errors.ts';
import type { QuartetPreloadApi } from './global.d.ts';

/**
 * The bridge inside the Electron app: each operation calls the preload's function of the same name.
 * The main process answers with a Result; if IPC itself fails (no handler, a value that cannot be
 * cloned) the rejection becomes a Result too, so callers only ever deal with one shape.
 */
export function createElectronBridge(api: QuartetPreloadApi): Bridge {
  const operations: Record<string, (input: unknown) => Promise<Result<unknown>>> = {};
  for (const name of OPERATION_NAMES) {
    const call = api[name] as (input: unknown) => Promise<Result<unknown>>;
    operations[name] = async (input) => {
      try {
        return await call(input);
      } catch (err) {
        return {
          ok: false,
          error: { kind: 'internal', message: `The app could not run ${name}: ${errorText(err)}` },
        };
      }
    };
  }
  return {
    ...(operations as BridgeOperations),
    on: (event, listener) => api.on(event, listener),
    imageUrl: (id, variant) =>
      `app://quartet/media/${variant === 'thumb' ? 'thumb' : 'image'}/${encodeURIComponent(id)}`,
    attachmentUrl: (id) => `app://quartet/media/attachment/${encodeURIComponent(id)}`,
    host: 'electron',
  };
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
