import { PAGE_SECRET_FRAGMENT, WS_PROTOCOL, WS_SECRET_PROTOCOL_PREFIX } from '../../shared/ws-protocol.ts';

const STORAGE_KEY = 'quartet.pageSecret';

/**
 * The browser host's second factor. The token exchange redirects to `/#s=<secret>`: a fragment never
 * reaches a server. The page keeps it in its own origin's storage (other ports on 127.0.0.1 cannot read
 * it, though they do receive our cookie), removes it from the address bar, and offers it when the
 * WebSocket opens. Reloads and new tabs of the same origin find it in storage.
 */
export function takePageSecret(
  location: Pick<Location, 'hash' | 'pathname' | 'search'>,
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined,
  replaceUrl: (url: string) => void,
): string | undefined {
  const fromFragment = new URLSearchParams(location.hash.replace(/^#/, '')).get(PAGE_SECRET_FRAGMENT);
  if (fromFragment) {
    try {
      storage?.setItem(STORAGE_KEY, fromFragment);
    } catch {
      // storage refused (private mode quota): this tab still works until it is reloaded
    }
    replaceUrl(`${location.pathname}${location.search}`);
    return fromFragment;
  }
  try {
    return storage?.getItem(STORAGE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

/** The subprotocols the page offers: the app's, and the secret when it has one. */
export function socketProtocols(secret: string | undefined): string[] {
  return secret ? [WS_PROTOCOL, `${WS_SECRET_PROTOCOL_PREFIX}${secret}`] : [WS_PROTOCOL];
}
