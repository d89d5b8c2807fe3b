import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import {
  EVENT_CHANNEL,
  HOST_EVENT_NAMES,
  OPERATION_NAMES,
  channelOf,
  type Bridge,
  type BridgeOperations,
  type HostEventName,
} from '../shared/contract.ts';

/**
 * The page's only door to the main process, exposed as `window.quartet`: one function per operation of
 * the contract (built from OPERATION_NAMES, so it cannot drift from it), plus `on()` for host events.
 * Neither ipcRenderer, a generic invoke, nor an IpcRendererEvent ever reaches the page.
 * Bundled to one CJS file (scripts/build-electron.ts) because sandboxed preloads cannot load modules.
 */
export type QuartetPreloadApi = BridgeOperations & Pick<Bridge, 'on'>;

export function buildPreloadApi(): QuartetPreloadApi {
  const api: Record<string, unknown> = {};
  for (const name of OPERATION_NAMES) {
    api[name] = (input: unknown) => ipcRenderer.invoke(channelOf(name), input);
  }
  api.on = (event: HostEventName, listener: (payload: unknown) => void): (() => void) => {
    if (!HOST_EVENT_NAMES.includes(event)) throw new TypeError(`Unknown host event "${String(event)}".`);
    if (typeof listener !== 'function') throw new TypeError('The listener must be a function.');
    const relay = (_event: IpcRendererEvent, message: unknown): void => {
      if (typeof message !== 'object' || message === null) return;
      const { event: name, payload } = message as { event?: unknown; payload?: unknown };
      if (name === event) listener(payload);
    };
    ipcRenderer.on(EVENT_CHANNEL, relay);
    return () => {
      ipcRenderer.removeListener(EVENT_CHANNEL, relay);
    };
  };
  return Object.freeze(api) as QuartetPreloadApi;
}

contextBridge.exposeInMainWorld('quartet', buildPreloadApi());
