import type { RawData, WebSocket } from 'ws';
import type { HostEvents } from '../../shared/contract.ts';
import type { ToolDelta } from '../../shared/tools.ts';
import type { AppError, Result } from '../../shared/errors.ts';
import { ClientFrameSchema, OperationNameSchema, type ServerFrame } from '../../shared/ws-protocol.ts';
import type { HostCore } from '../host/host-core.ts';

/**
 * Serves one authenticated WebSocket (the protocol is described in shared/ws-protocol.ts): reads call
 * frames, dispatches them to the app core, answers each with its result and sends the call's events to
 * this socket only. A frame it cannot read is answered with an error frame; the socket stays open.
 * Frames are never logged: a setKey call carries a key.
 */

/** Calls one page may have running at once; more is a runaway loop, not a user. */
export const MAX_CALLS_IN_FLIGHT = 256;

/** Deltas of one request that follow each other within this time are sent as one frame. */
export const DELTA_FLUSH_MS = 8;

export function serveSocket(ws: WebSocket, core: HostCore, log: (message: string) => void): void {
  const inFlight = new Set<number>();

  const send = (frame: ServerFrame): void => {
    if (ws.readyState !== ws.OPEN) return; // the page went away; its calls still finish in the core
    let text: string;
    try {
      text = JSON.stringify(frame);
    } catch (err) {
      log(`web host: could not serialise a ${frame.t} frame: ${String(err)}`);
      if (frame.t === 'result')
        send({ t: 'result', id: frame.id, result: failure('internal', 'The result could not be sent.') });
      return;
    }
    ws.send(text);
  };

  // Deltas: a fast stream emits thousands of tiny events. The first delta of a quiet request goes out at
  // once; the ones that follow within DELTA_FLUSH_MS are joined per request and sent together, and every
  // other frame (a result, another event) flushes them first, so order is kept and the page handles one
  // frame per request per flush instead of one per token.
  // A function call's pieces are joined the same way while they belong to the same call (argument text
  // appended); a piece of another call sends what is held first.
  const held = new Map<string, { text: string; thought: string; tool?: ToolDelta }>();
  const lastDeltaAt = new Map<string, number>();
  let flushTimer: ReturnType<typeof setTimeout> | null = null;
  const flushDeltas = (): void => {
    if (flushTimer !== null) {
      clearTimeout(flushTimer);
      flushTimer = null;
    }
    if (held.size === 0) return;
    const now = performance.now();
    for (const [requestId, d] of held) {
      const payload: HostEvents['delta'] = { requestId };
      if (d.text !== '') payload.text = d.text;
      if (d.thought !== '') payload.thought = d.thought;
      if (d.tool) payload.tool = d.tool;
      send({ t: 'event', event: 'delta', payload });
      lastDeltaAt.set(requestId, now);
    }
    held.clear();
  };
  /** Whether `piece` only continues the held piece's arguments. */
  const continues = (heldTool: ToolDelta | undefined, piece: ToolDelta | undefined): boolean =>
    piece === undefined ||
    heldTool === undefined ||
    (heldTool.index === piece.index && piece.id === undefined && piece.name === undefined);
  const emitDelta = (p: HostEvents['delta']): void => {
    const now = performance.now();
    let pending = held.get(p.requestId);
    if (pending && !continues(pending.tool, p.tool)) {
      flushDeltas();
      pending = undefined;
    }
    if (pending) {
      pending.text += p.text ?? '';
      pending.thought += p.thought ?? '';
      if (p.tool) {
        pending.tool = pending.tool
          ? { ...pending.tool, args: (pending.tool.args ?? '') + (p.tool.args ?? '') }
          : { ...p.tool };
      }
      return;
    }
    const last = lastDeltaAt.get(p.requestId);
    if (last === undefined || now - last >= DELTA_FLUSH_MS) {
      lastDeltaAt.set(p.requestId, now);
      send({ t: 'event', event: 'delta', payload: p });
      return;
    }
    held.set(p.requestId, {
      text: p.text ?? '',
      thought: p.thought ?? '',
      ...(p.tool ? { tool: { ...p.tool } } : {}),
    });
    flushTimer ??= setTimeout(flushDeltas, DELTA_FLUSH_MS);
  };
  ws.on('close', () => {
    if (flushTimer !== null) clearTimeout(flushTimer);
    flushTimer = null;
    held.clear();
  });

  ws.on('message', (data: RawData, isBinary: boolean) => {
    if (isBinary) {
      send({
        t: 'error',
        error: appError('invalid-input', 'Binary frames are not part of the protocol; send JSON text.'),
      });
      return;
    }
    let json: unknown;
    try {
      json = JSON.parse(rawToString(data));
    } catch {
      send({ t: 'error', error: appError('invalid-input', 'The frame is not JSON.') });
      return;
    }
    const parsed = ClientFrameSchema.safeParse(json);
    if (!parsed.success) {
      const id = recoverId(json);
      const message = isUnknownOperation(json)
        ? `Unknown operation "${String((json as { op: unknown }).op).slice(0, 100)}".`
        : 'The frame is not a call: expected {t:"call", id, op, input}.';
      send({ t: 'error', ...(id === undefined ? {} : { id }), error: appError('invalid-input', message) });
      return;
    }
    const { id, op, input } = parsed.data;
    if (inFlight.has(id)) {
      send({ t: 'error', id, error: appError('invalid-input', `Call ${id} is already running.`) });
      return;
    }
    if (inFlight.size >= MAX_CALLS_IN_FLIGHT) {
      send({
        t: 'result',
        id,
        result: failure('invalid-input', 'Too many calls at once; wait for some to finish.'),
      });
      return;
    }
    inFlight.add(id);
    const emit = (event: string, payload: unknown): void => {
      if (event === 'delta') {
        emitDelta(payload as HostEvents['delta']);
        return;
      }
      flushDeltas();
      send({ t: 'event', event, payload });
    };
    core
      .dispatch(op, input, { emit })
      .catch((err: unknown): Result<unknown> => {
        // The core promises never to throw; if it does, that is our bug, and the page still gets an answer.
        log(`web host: ${op} threw: ${err instanceof Error ? err.message : String(err)}`);
        return failure('internal', 'The operation failed unexpectedly.');
      })
      .then((result) => {
        inFlight.delete(id);
        flushDeltas();
        const requestId = payloadRequestId(input);
        if (requestId !== undefined) lastDeltaAt.delete(requestId);
        send({ t: 'result', id, result });
      });
  });
}

function rawToString(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}

function recoverId(json: unknown): number | undefined {
  if (typeof json !== 'object' || json === null) return undefined;
  const id = (json as { id?: unknown }).id;
  return typeof id === 'number' && Number.isSafeInteger(id) && id >= 0 ? id : undefined;
}

function isUnknownOperation(json: unknown): boolean {
  if (typeof json !== 'object' || json === null) return false;
  const frame = json as { t?: unknown; op?: unknown };
  return (
    frame.t === 'call' && typeof frame.op === 'string' && !OperationNameSchema.safeParse(frame.op).success
  );
}

function appError(kind: AppError['kind'], message: string): AppError {
  return { kind, message };
}

function failure(kind: AppError['kind'], message: string): Result<unknown> {
  return { ok: false, error: appError(kind, message) };
}

function payloadRequestId(input: unknown): string | undefined {
  if (typeof input !== 'object' || input === null) return undefined;
  const id = (input as { requestId?: unknown }).requestId;
  return typeof id === 'string' ? id : undefined;
}
