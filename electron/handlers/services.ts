// What every handler module shares: the store, the vault, the sandbox, running requests, the log and
// the way a service client is built for a connection.
import { join } from 'node:path';
import type { ExchangeSummary, HostEventName, HostEvents } from '../../shared/contract.ts';
import type { Exchange } from '../../shared/exchange.ts';
import { KEY_SLOTS, type KeySlot } from '../../shared/formats.ts';
import { createServiceClient, type ServiceClient } from '../core/index.ts';
import type { ConnectionRow, Store } from '../store/index.ts';
import type { Vault } from '../vault/types.ts';
import { invalid, localFailure, notFound } from './errors.ts';
import type { Logger } from './logger.ts';
import type { RequestRegistry } from './requests.ts';
import { SANDBOX_KEY, type Sandbox } from './sandbox.ts';
import type { UnsavedImages } from './unsaved-images.ts';
import type { McpManager } from '../mcp/manager.ts';
import type { AppCoreDeps, CallContext } from './types.ts';
import { compact } from '../../shared/compact.ts';

export type Keys = Partial<Record<KeySlot, string>>;

export interface Paths {
  dataDir: string;
  db: string;
  images: string;
  thumbs: string;
  /** attached files, one per distinct content: `attachments/<id>` */
  attachments: string;
}

export function pathsOf(dataDir: string): Paths {
  return {
    dataDir,
    db: join(dataDir, 'quartet.db'),
    images: join(dataDir, 'images'),
    thumbs: join(dataDir, 'thumbs'),
    attachments: join(dataDir, 'attachments'),
  };
}

export interface Services {
  deps: AppCoreDeps;
  paths: Paths;
  store: Store;
  vault: Vault;
  sandbox: Sandbox;
  /** generated images waiting for the data folder to take them */
  unsavedImages: UnsavedImages;
  requests: RequestRegistry;
  /** the tool servers of mcp.json */
  mcp: McpManager;
  log: Logger;
  notices: string[];
  now(): number;
}

/** Settings key of the active connection (beside the user's settings, never returned with them). */
export const ACTIVE_CONNECTION_KEY = 'app.activeConnectionId';

export function vaultName(connectionId: string, slot: KeySlot): string {
  return `${connectionId}:${slot}`;
}

export function getConnection(s: Services, id: string): ConnectionRow {
  const connection = s.store.connections.get(id);
  if (!connection) throw notFound('This connection no longer exists.');
  return connection;
}

export function activeConnectionId(s: Services): string | null {
  const id = s.store.settings.get(ACTIVE_CONNECTION_KEY);
  return typeof id === 'string' && s.store.connections.get(id) ? id : null;
}

export function activeConnection(s: Services): ConnectionRow {
  const id = activeConnectionId(s);
  if (id === null) throw invalid('No connection is active: add or choose one in Settings.');
  return getConnection(s, id);
}

/** One slot's key from the vault; the logger learns it so it can never be logged. */
export async function readKey(s: Services, connectionId: string, slot: KeySlot): Promise<string | undefined> {
  let key: string | undefined;
  try {
    key = await s.vault.get(vaultName(connectionId, slot));
  } catch (e) {
    throw localFailure(`The key vault could not be read: ${(e as Error).message}`, e);
  }
  if (key !== undefined) s.log.remember(key);
  return key;
}

/** The origin (scheme, host, port) a base address sends to. */
export function originOfAddress(baseUrl: string): string {
  try {
    return new URL(baseUrl).origin;
  } catch {
    return baseUrl;
  }
}

const keysOriginSetting = (connectionId: string) => `keys-origin:${connectionId}`;

/** Where a connection's keys were entered or last confirmed; undefined for keys of an earlier release. */
export function keysOrigin(s: Services, connectionId: string): string | undefined {
  const value = s.store.settings.get(keysOriginSetting(connectionId));
  return typeof value === 'string' ? value : undefined;
}

/** Records that the user entered or confirmed the connection's keys for its current address. */
export function confirmKeysOrigin(s: Services, connection: ConnectionRow): void {
  s.store.settings.set(keysOriginSetting(connection.id), originOfAddress(connection.baseUrl));
}

export function forgetKeysOrigin(s: Services, connectionId: string): void {
  s.store.settings.set(keysOriginSetting(connectionId), undefined);
}

/**
 * The origin the connection's keys wait to be confirmed for, when its address moved to another origin
 * since they were entered; undefined when they may be sent.
 */
export function unconfirmedOrigin(s: Services, connection: ConnectionRow): string | undefined {
  if (connection.builtIn) return undefined;
  const confirmed = keysOrigin(s, connection.id);
  const current = originOfAddress(connection.baseUrl);
  return confirmed !== undefined && confirmed !== current ? current : undefined;
}

/**
 * Keys never follow a connection to a new address on their own: whoever controls the page (a stolen
 * session, a compromised renderer) could otherwise re-point a connection and have them sent anywhere.
 */
function requireConfirmedKeys(s: Services, connection: ConnectionRow): void {
  const pending = unconfirmedOrigin(s, connection);
  if (pending === undefined) return;
  throw invalid(
    `The keys of "${connection.name}" were entered for ${keysOrigin(s, connection.id)}, and its address now points at ${pending}. Confirm them for the new address in Settings (or enter them again) before they are sent there.`,
    'keys',
  );
}

/** Every set slot of a connection; the sandbox's key is built in. */
export async function keysOf(s: Services, connection: ConnectionRow): Promise<Keys> {
  if (connection.builtIn) return { default: SANDBOX_KEY };
  const keys: Keys = {};
  for (const slot of KEY_SLOTS) {
    const key = await readKey(s, connection.id, slot);
    if (key !== undefined) keys[slot] = key;
  }
  if (Object.keys(keys).length > 0) requireConfirmedKeys(s, connection);
  return keys;
}

export async function baseUrlOf(s: Services, connection: ConnectionRow): Promise<string> {
  return connection.builtIn ? s.sandbox.baseUrl() : connection.baseUrl;
}

export function summarise(x: Exchange): ExchangeSummary {
  return compact({
    id: x.id,
    interface: x.interface,
    method: x.method,
    url: x.url,
    status: x.status,
    streamed: x.streamed,
    totalMs: x.timings.totalMs,
    error: x.error?.message,
    errorKind: x.error?.kind,
    startedAt: x.startedAt,
  });
}

export interface ClientScope {
  ctx?: CallContext | undefined;
  requestId?: string | undefined;
  /** told of every response as its headers arrive (the body is still to come) */
  onResponse?: ((response: Response) => void) | undefined;
  /** in place of the app's defaults (the speed lab: no retries, its own timeout) */
  limits?: { headersTimeoutMs?: number; idleTimeoutMs?: number; maxRetries?: number } | undefined;
}

/**
 * Stores an exchange and announces it to the caller as an `exchange` event; used by the service client and
 * by the connection check's probes. The record arrives redacted with these same keys (ExchangeRecorder
 * redacts every string on the way in, redactError the error), and bounded in size, so storing it is one
 * short task: a second pass over the whole record's JSON once made every long reply quadratic.
 */
export function exchangeRecorder(s: Services, scope: ClientScope = {}): (x: Exchange) => void {
  return (exchange) => {
    // a record is for reading, not archiving: it need not wait for the disk inside a reply
    if (!s.store.provisional(() => s.store.exchanges.put(exchange))) return;
    emitSafely(
      s,
      scope.ctx,
      'exchange',
      compact({ requestId: scope.requestId, summary: summarise(exchange) }),
    );
  };
}

/**
 * A service client for `connection` with `keys`. Every exchange it produces is stored and announced to the
 * caller as an `exchange` event.
 */
export async function clientFor(
  s: Services,
  connection: ConnectionRow,
  keys: Keys,
  scope: ClientScope = {},
): Promise<ServiceClient> {
  if (Object.values(keys).some((k) => k !== undefined)) requireConfirmedKeys(s, connection);
  const record = exchangeRecorder(s, scope);
  const defaults = { ...s.deps.clientDefaults, ...scope.limits };
  const baseFetch = s.deps.fetch ?? globalThis.fetch;
  const onResponse = scope.onResponse;
  const fetchImpl: typeof fetch = onResponse
    ? async (input, init) => {
        const response = await baseFetch(input, init);
        onResponse(response);
        return response;
      }
    : baseFetch;
  return createServiceClient({
    baseUrl: await baseUrlOf(s, connection),
    keys,
    fetch: fetchImpl,
    ...compact({
      headersTimeoutMs: defaults.headersTimeoutMs,
      idleTimeoutMs: defaults.idleTimeoutMs,
      maxRetries: defaults.maxRetries,
    }),
    onExchange: (exchange) => {
      try {
        record(exchange);
      } catch (e) {
        s.log.error('could not store an exchange record', e);
      }
    },
  });
}

/** The client of the active connection with all its keys. */
export async function activeClient(s: Services, scope: ClientScope = {}): Promise<ServiceClient> {
  const connection = activeConnection(s);
  return clientFor(s, connection, await keysOf(s, connection), scope);
}

/** The connection named by id, or the active one when none is named (the images tab, an older page). */
export function chosenConnection(s: Services, id: string | undefined): ConnectionRow {
  return id === undefined ? activeConnection(s) : getConnection(s, id);
}

/**
 * The connection a conversation's requests go through. One asking for a connection this data folder lacks
 * is refused until the user picks one: a key is never sent to a service the user did not choose.
 */
export function connectionOfConversation(
  s: Services,
  row: { connectionId?: string | undefined; wantedConnection?: string | undefined },
): ConnectionRow {
  if (row.connectionId !== undefined) return getConnection(s, row.connectionId);
  if (row.wantedConnection !== undefined) {
    throw invalid(
      `This conversation goes through the connection "${row.wantedConnection}", which is not here: choose a connection in its header.`,
      'connectionId',
    );
  }
  return activeConnection(s);
}

/** A client for one connection with that connection's own keys (never another's). */
export async function connectionClient(
  s: Services,
  connection: ConnectionRow,
  scope: ClientScope = {},
): Promise<ServiceClient> {
  return clientFor(s, connection, await keysOf(s, connection), scope);
}

/** Events are best effort: a renderer that went away must not fail the request that is still running. */
export function emitSafely<E extends HostEventName>(
  s: Services,
  ctx: CallContext | undefined,
  event: E,
  payload: HostEvents[E],
): void {
  try {
    ctx?.emit(event, payload);
  } catch (e) {
    s.log.error(`could not deliver a ${event} event`, e);
  }
}
