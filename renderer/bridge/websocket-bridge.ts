import {
  HOST_EVENT_NAMES,
  OPERATION_NAMES,
  type Bridge,
  type BridgeOperations,
} from '../../shared/contract.ts';
import type { AppError, Result } from '../../shared/errors.ts';
import { ServerFrameSchema, WS_PATH } from '../../shared/ws-protocol.ts';

/**
 * The bridge in a browser, talking to the browser host over one WebSocket (protocol: shared/ws-protocol.ts).
 * The session cookie authenticates the socket, so nothing secret lives in the page.
 *
 * - Calls made before the socket is open wait in order and go out when it opens.
 * - Each call gets an id; results are matched by id, in whatever order they come.
 * - When the socket closes, every call not yet answered fails with an AppError of kind 'connection'
 *   (a call already sent may or may not have run: the page cannot know, so it says so), and the bridge
 *   reconnects with exponential backoff (with jitter, capped). A new call while disconnected reconnects
 *   at once rather than waiting out the backoff.
 */

/** The part of the browser's WebSocket the bridge uses (the `ws` package's client fits it too). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: never) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: never) => void) | null;
  onerror: ((event: never) => void) | null;
}

export interface WebSocketBridgeOptions {
  /** ws://host/ws */
  url: string;
  /** subprotocols to offer: the app's own and the page secret (see pageSecretProtocols) */
  protocols?: string[];
  connect?: (url: string, protocols: string[]) => SocketLike;
  /** first retry delay and cap, in ms */
  backoff?: { initialMs: number; maxMs: number };
  /** called with each connection state change, for a status indicator or a test */
  onStatus?: (status: ConnectionStatus) => void;
}

export type ConnectionStatus = 'connecting' | 'open' | 'closed';

export interface WebSocketBridge extends Bridge {
  /** closes the socket for good (tests, page teardown); pending calls fail */
  dispose(): void;
}

interface Waiting {
  frame: string;
  sent: boolean;
  resolve: (result: Result<unknown>) => void;
}

const OPEN = 1;

export function socketUrlFor(location: { protocol: string; host: string }): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${WS_PATH}`;
}

export function createWebSocketBridge(options: WebSocketBridgeOptions): WebSocketBridge {
  const connectSocket =
    options.connect ??
    ((url: string, protocols: string[]) => new WebSocket(url, protocols) as unknown as SocketLike);
  const { initialMs, maxMs } = options.backoff ?? { initialMs: 250, maxMs: 10_000 };
  const waiting = new Map<number, Waiting>();
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  let socket: SocketLike | null = null;
  let failures = 0;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let disposed = false;
  let nextId = 1;

  const status = (s: ConnectionStatus): void => options.onStatus?.(s);

  const failAll = (error: (sent: boolean) => AppError): void => {
    for (const [id, call] of waiting) {
      waiting.delete(id);
      call.resolve({ ok: false, error: error(call.sent) });
    }
  };

  const flush = (): void => {
    if (socket?.readyState !== OPEN) return;
    for (const call of waiting.values()) {
      if (call.sent) continue;
      call.sent = true;
      socket.send(call.frame);
    }
  };

  const scheduleReconnect = (): void => {
    if (disposed || retryTimer !== null) return;
    const base = Math.min(maxMs, initialMs * 2 ** Math.min(failures, 20));
    const delay = base / 2 + (Math.random() * base) / 2;
    failures += 1;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect();
    }, delay);
  };

  const connect = (): void => {
    if (disposed || socket !== null) return;
    if (retryTimer !== null) {
      clearTimeout(retryTimer);
      retryTimer = null;
    }
    status('connecting');
    let s: SocketLike;
    try {
      s = connectSocket(options.url, options.protocols ?? []);
    } catch {
      failAll(() => unreachable);
      scheduleReconnect();
      return;
    }
    socket = s;
    let opened = false;
    s.onopen = () => {
      opened = true;
      failures = 0;
      status('open');
      flush();
    };
    s.onmessage = (event) => {
      if (typeof event.data === 'string') receive(event.data);
    };
    s.onerror = () => {
      // a close event always follows; that is where the calls fail and the retry is planned
    };
    s.onclose = () => {
      if (socket !== s) return;
      socket = null;
      status('closed');
      failAll((sent) => (opened && sent ? lost : unreachable));
      scheduleReconnect();
    };
  };

  const receive = (text: string): void => {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return;
    }
    const parsed = ServerFrameSchema.safeParse(json);
    if (!parsed.success) return;
    const frame = parsed.data;
    if (frame.t === 'event') {
      for (const listener of listeners.get(frame.event) ?? []) listener(frame.payload);
      return;
    }
    if (frame.id === undefined) {
      console.warn(`Quartet host: ${frame.t === 'error' ? frame.error.message : 'unmatched frame'}`);
      return;
    }
    const call = waiting.get(frame.id);
    if (!call) return;
    waiting.delete(frame.id);
    call.resolve(
      frame.t === 'result' ? (frame.result as Result<unknown>) : { ok: false, error: frame.error },
    );
  };

  const call = (op: string, input: unknown): Promise<Result<unknown>> => {
    if (disposed) return Promise.resolve({ ok: false, error: closedForGood });
    const id = nextId++;
    let frame: string;
    try {
      frame = JSON.stringify({ t: 'call', id, op, input: input ?? {} });
    } catch {
      return Promise.resolve({
        ok: false,
        error: { kind: 'invalid-input', message: `The input of ${op} cannot be sent (not JSON).` },
      });
    }
    return new Promise((resolve) => {
      waiting.set(id, { frame, sent: false, resolve });
      if (socket === null) connect();
      else flush();
    });
  };

  const operations: Record<string, (input: unknown) => Promise<Result<unknown>>> = {};
  for (const name of OPERATION_NAMES) operations[name] = (input) => call(name, input);

  connect();

  return {
    ...(operations as BridgeOperations),
    on(event, listener) {
      if (!HOST_EVENT_NAMES.includes(event)) throw new TypeError(`Unknown host event "${String(event)}".`);
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      // one relay per subscription, so subscribing the same function twice unsubscribes independently
      const relay = (payload: unknown): void => listener(payload as never);
      set.add(relay);
      return () => {
        set.delete(relay);
      };
    },
    imageUrl: (id, variant) => `/media/${variant === 'thumb' ? 'thumb' : 'image'}/${encodeURIComponent(id)}`,
    attachmentUrl: (id) => `/media/attachment/${encodeURIComponent(id)}`,
    host: 'web',
    dispose() {
      disposed = true;
      if (retryTimer !== null) clearTimeout(retryTimer);
      retryTimer = null;
      const s = socket;
      socket = null;
      failAll(() => closedForGood);
      s?.close(1000, 'disposed');
      status('closed');
    },
  };
}

const lost: AppError = {
  kind: 'connection',
  message:
    'Lost the connection to the Quartet host before the answer came; the request may or may not have finished. Reconnecting.',
};
const unreachable: AppError = {
  kind: 'connection',
  message: 'Cannot reach the Quartet host. Is `npm run web` still running? Retrying.',
};
const closedForGood: AppError = {
  kind: 'connection',
  message: 'The connection to the Quartet host was closed.',
};
