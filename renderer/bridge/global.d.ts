import type { Bridge, BridgeOperations } from '../../shared/contract.ts';

/** What the Electron preload exposes, derived from the contract (never listed by hand). */
export type QuartetPreloadApi = BridgeOperations & Pick<Bridge, 'on'>;

declare global {
  interface Window {
    /** present only inside the Electron app (electron/preload.ts) */
    readonly quartet?: QuartetPreloadApi;
  }
}
