import type { KeyFamily, KeySlot } from '../../../shared/formats.ts';
import { KEY_SLOT_LABELS } from '../../../shared/formats.ts';
import { invalidInput } from '../errors/api-error.ts';
import { keyCarrier, withQueryParam } from '../../../shared/wire.ts';

export type Keys = Partial<Record<KeySlot, string>>;

/** The key for a family: its own slot first, then the default key. */
export function keyFor(keys: Keys, family: KeyFamily): string | undefined {
  const own = keys[family]?.trim();
  if (own) return own;
  const fallback = keys.default?.trim();
  return fallback || undefined;
}

export function requireKey(keys: Keys, family: KeyFamily): string {
  const key = keyFor(keys, family);
  if (key === undefined) {
    throw invalidInput(`No API key for ${KEY_SLOT_LABELS[family]}: fill in that key or the default key.`);
  }
  return key;
}

/** URL and headers that carry the key the way the family expects (spec §5). */
export function authorise(
  family: KeyFamily,
  key: string,
  url: string,
  headers: Record<string, string>,
): { url: string; headers: Record<string, string> } {
  const carrier = keyCarrier(family, key);
  return {
    url: carrier.query
      ? withQueryParam(url, carrier.query.name, encodeURIComponent(carrier.query.value))
      : url,
    headers: { ...headers, ...carrier.headers },
  };
}
