import { OPERATION_NAMES, type Bridge, type BridgeOperations } from '../../shared/contract.ts';
import type { LocalFailure, Result } from '../../shared/errors.ts';
import { t } from '../i18n/active.ts';

/** A failed write to the data folder in the page's language: its cause, then what is kept. */
export function localFailureText(local: LocalFailure): string {
  const kept =
    local.keptIn !== undefined
      ? t('notices.storage.keptImage', { path: local.keptIn })
      : t('notices.storage.kept');
  return `${t(`notices.storage.${local.cause}`)} ${kept}`;
}

/**
 * The bridge with every named local failure (disk full, read-only folder, database held elsewhere) said in
 * the page's language: whatever shows the error's message (an error card, a notice) then names the cause.
 */
export function withLocalFailureText(bridge: Bridge): Bridge {
  const operations: Record<string, (input: unknown) => Promise<Result<unknown>>> = {};
  for (const name of OPERATION_NAMES) {
    const call = bridge[name] as (input: unknown) => Promise<Result<unknown>>;
    operations[name] = async (input) => {
      const result = await call(input);
      if (result.ok || result.error.local === undefined) return result;
      return { ok: false, error: { ...result.error, message: localFailureText(result.error.local) } };
    };
  }
  // both bridges are plain objects of closures: their other members (on, imageUrl, host) copy as they are
  return { ...bridge, ...(operations as BridgeOperations) };
}
