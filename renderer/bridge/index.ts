import type { Bridge } from '../../shared/contract.ts';
import { createElectronBridge } from './electron-bridge.ts';
import { withLocalFailureText } from './local-errors.ts';
import { socketProtocols, takePageSecret } from './page-secret.ts';
import { createWebSocketBridge, socketUrlFor } from './websocket-bridge.ts';

/**
 * The renderer's one way to reach its host. Inside Electron the preload has put `window.quartet` there;
 * in a browser the page talks to the browser host over a WebSocket. Nothing else in the renderer knows
 * which of the two it runs in (beyond `bridge.host`).
 */

let current: Bridge | null = null;

function safeLocalStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined; // storage disabled by the browser's settings
  }
}

export function getBridge(): Bridge {
  current ??= withLocalFailureText(
    window.quartet
      ? createElectronBridge(window.quartet)
      : createWebSocketBridge({
          url: socketUrlFor(window.location),
          protocols: socketProtocols(
            takePageSecret(window.location, safeLocalStorage(), (url) =>
              window.history.replaceState(window.history.state, '', url),
            ),
          ),
        }),
  );
  return current;
}

export type { Bridge };
export type { ConnectionStatus, WebSocketBridge } from './websocket-bridge.ts';
