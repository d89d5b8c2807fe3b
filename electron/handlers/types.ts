import type { HostEventName, HostEvents, SaveResult } from '../../shared/contract.ts';
import type { Vault } from '../vault/types.ts';

export interface AppCoreDeps {
  /** created if missing; db at dataDir/quartet.db, images at dataDir/images, thumbs at dataDir/thumbs */
  dataDir: string;
  vault: Vault;
  host: 'electron' | 'web';
  version: string;
  /** injectable for tests */
  fetch?: typeof fetch;
  /** host-specific (desktop: save dialog; web: download urls). Default: {kind:'download', urls: []} */
  saveImages?: (files: { path: string; suggestedName: string; mime: string }[]) => Promise<SaveResult>;
  /** host-specific; the core has already checked that the URL is http(s) */
  openExternal?: (url: string) => Promise<boolean>;
  /** default true: offer the built-in sandbox */
  sandbox?: boolean;
  /** tests shorten them */
  clientDefaults?: { headersTimeoutMs?: number; idleTimeoutMs?: number; maxRetries?: number };
  /** tests shorten a tool call's and a tool server's start timeouts */
  mcpTimeouts?: { callTimeoutMs?: number; startTimeoutMs?: number };
  /** where internal errors are logged (default: stderr); lines never contain a key */
  log?: (line: string) => void;
}

/** How a handler reaches the renderer that called it while the call runs. */
export interface CallContext {
  emit<E extends HostEventName>(event: E, payload: HostEvents[E]): void;
}
