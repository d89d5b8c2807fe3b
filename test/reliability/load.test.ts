// PROVES: under load through the real browser host (HTTP sign-in, then WebSocket frames over 127.0.0.1,
// port 0), against a simulator that streams with a gap between events so the streams really overlap:
//   - twenty conversations (mixed formats, streaming on), each on its own socket, sent at once: every
//     delta reaches only the socket that made the call, the deltas of each request concatenate to exactly
//     the stored reply, and each conversation holds one user row and one assistant row (read from sqlite);
//   - a four-column compare (chat, responses, messages, generate; origin 'compare') sent 50 times on one
//     socket, all four at once each round: the same checks every round, each round adding exactly one user
//     row and one reply row per column;
//   - the heap, measured after a forced GC before and after the load, comes back within a tolerant bound.
// Figures: test-results/reliability/load.json (copied into docs/reliability.md).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { TextFormat } from '../../shared/formats.ts';
import type { ServerFrame } from '../../shared/ws-protocol.ts';
import type { Result } from '../../shared/errors.ts';
import { launchWebHost } from '../../electron/web/launch.ts';
import { createMemoryVault } from '../../electron/vault/memory-vault.ts';
import { socketProtocols } from '../../renderer/bridge/page-secret.ts';
import { pageSecretFor, signIn } from '../web/client.ts';
import { createRendererFixture } from '../web/fixtures.ts';
import { CANARY, startCanarySimulator } from '../support/canary.ts';
import { writeFigures } from '../support/figures.ts';

const FORMATS: TextFormat[] = ['chat', 'responses', 'messages', 'generate'];
const MODEL: Record<TextFormat, string> = {
  chat: 'gpt-5-mini',
  responses: 'gpt-5-mini',
  messages: 'claude-sonnet-4-5',
  generate: 'gemini-2.5-flash',
};
const CONVERSATIONS = 20;
const COMPARE_ROUNDS = 50;
/** heap growth allowed after the load, once garbage is collected */
const HEAP_BOUND_MB = 25;

/** one counter for every frame of every socket: orders events across sockets without clocks */
let frameSeq = 0;
const firstDeltaSeq = new Map<string, number>();
const resultSeq = new Map<string, number>();

interface Delta {
  requestId: string;
  text?: string;
}

/** The page's side of the protocol: numbered calls answered in any order, events recorded in order. */
class PageSocket {
  readonly ws: WebSocket;
  readonly deltas: Delta[] = [];
  readonly otherFrames: ServerFrame[] = [];
  frames = 0;
  #id = 0;
  readonly #pending = new Map<number, (r: Result<unknown>) => void>();

  private constructor(ws: WebSocket) {
    this.ws = ws;
    ws.on('message', (data: Buffer) => {
      this.frames += 1;
      frameSeq += 1;
      const frame = JSON.parse(data.toString('utf8')) as ServerFrame;
      if (frame.t === 'result') {
        const resolve = this.#pending.get(frame.id);
        this.#pending.delete(frame.id);
        resolve?.(frame.result as Result<unknown>);
      } else if (frame.t === 'event' && frame.event === 'delta') {
        const delta = frame.payload as Delta;
        if (!firstDeltaSeq.has(delta.requestId)) firstDeltaSeq.set(delta.requestId, frameSeq);
        this.deltas.push(delta);
      } else if (frame.t === 'error') {
        this.otherFrames.push(frame);
        if (frame.id !== undefined) {
          this.#pending.get(frame.id)?.({ ok: false, error: frame.error });
          this.#pending.delete(frame.id);
        }
      } else if (frame.t === 'event' && frame.event !== 'exchange') {
        this.otherFrames.push(frame);
      }
    });
  }

  static open(port: number, cookie: string, origin: string): Promise<PageSocket> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, socketProtocols(pageSecretFor(cookie)), {
        headers: { cookie, origin },
      });
      ws.once('open', () => resolve(new PageSocket(ws)));
      ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
      ws.once('error', reject);
    });
  }

  async call<T>(op: string, input: unknown): Promise<T> {
    const id = ++this.#id;
    const result = await new Promise<Result<unknown>>((resolve) => {
      this.#pending.set(id, resolve);
      this.ws.send(JSON.stringify({ t: 'call', id, op, input }));
    });
    const requestId = (input as { requestId?: unknown }).requestId;
    if (typeof requestId === 'string') resultSeq.set(requestId, frameSeq);
    if (!result.ok) throw new Error(`${op} failed: ${JSON.stringify(result.error)}`);
    return result.value as T;
  }

  /** the text of every delta of one request, in arrival order */
  textOf(requestId: string): string {
    return this.deltas
      .filter((d) => d.requestId === requestId)
      .map((d) => d.text ?? '')
      .join('');
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      if (this.ws.readyState === this.ws.CLOSED) return resolve();
      this.ws.once('close', () => resolve());
      this.ws.close();
    });
  }
}

interface SendResult {
  userTurn: { id: string; text: string };
  reply: { id: string; status: string; text: string };
}
interface Row {
  id: string;
  seq: number;
  role: string;
  status: string;
  text: string;
}

/** used heap after a full collection; the flag is set at run time, so no CLI option is needed */
async function settledHeap(): Promise<number> {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  let used = Number.POSITIVE_INFINITY;
  // A few rounds: finalisers and closed sockets release more on the next turn.
  for (let i = 0; i < 6; i++) {
    await new Promise((r) => setImmediate(r));
    gc();
    used = Math.min(used, v8.getHeapStatistics().used_heap_size);
  }
  return used;
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
});

it(
  'twenty streams at once and a four-column compare 50 times: nothing dropped, crossed or stored twice; the heap returns',
  { timeout: 90_000 },
  async () => {
    const started = performance.now();
    const fixture = await createRendererFixture();
    cleanups.push(() => fixture.cleanup());
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'quartet-load-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const sim = await startCanarySimulator();
    cleanups.push(() => sim.close());
    const host = await launchWebHost({
      dataDir,
      port: 0,
      staticDir: fixture.rendererDir,
      vault: createMemoryVault(),
      sandbox: false,
      log: () => {},
    });
    cleanups.push(() => host.close());
    const cookie = await signIn(host.port, host.url);
    const admin = await PageSocket.open(host.port, cookie, host.origin);
    cleanups.push(() => admin.close());
    const connection = await admin.call<{ id: string }>('saveConnection', {
      name: 'Load simulator',
      baseUrl: sim.baseUrl,
    });
    await admin.call('activateConnection', { id: connection.id });
    await admin.call('setKey', { connectionId: connection.id, slot: 'default', key: CANARY });

    const db = new DatabaseSync(path.join(dataDir, 'quartet.db'), { readOnly: true });
    cleanups.push(async () => db.close());
    const rowsOf = (conversationId: string): Row[] =>
      db
        .prepare('SELECT id, seq, role, status, text FROM messages WHERE conversation_id = ? ORDER BY seq')
        .all(conversationId) as unknown as Row[];
    const create = (socket: PageSocket, format: TextFormat, origin: 'chat' | 'compare') =>
      socket.call<{ id: string }>('createConversation', {
        format,
        model: MODEL[format],
        origin,
        params: { stream: true },
      });
    /** one request's checks: its deltas (on its own socket) are the stored reply, stored once */
    const checkReply = (
      socket: PageSocket,
      requestId: string,
      sent: SendResult,
      rows: Row[],
      text: string,
    ) => {
      const label = `${requestId}: ${JSON.stringify(rows.slice(-2)).slice(0, 300)}`;
      expect(sent.reply.status, label).toBe('complete');
      const last = rows.slice(-2);
      expect(
        last.map((r) => [r.id, r.role, r.status]),
        label,
      ).toEqual([
        [sent.userTurn.id, 'user', 'complete'],
        [sent.reply.id, 'assistant', 'complete'],
      ]);
      expect(last[0]?.text, label).toBe(text);
      expect(last[1]?.text, label).toBe(sent.reply.text);
      expect(socket.textOf(requestId), label).toBe(last[1]?.text);
      // the reply quotes its own prompt, so a crossed stream could not pass the line above
      expect(last[1]?.text, label).toContain(text.slice(0, 40));
      expect(new Set(rows.map((r) => r.id)).size, label).toBe(rows.length);
    };

    // Warm-up (modules, prepared statements, the connection pool), then the starting heap.
    {
      const c = await create(admin, 'chat', 'chat');
      sim.faults.add({ kind: 'slowStream', ms: 2, match: { stream: true } });
      await admin.call('sendMessage', { requestId: 'warm-up', conversationId: c.id, text: 'warm up' });
      await admin.call('deleteConversation', { id: c.id });
    }
    admin.deltas.length = 0;
    sim.requests.length = 0;
    const heapBefore = await settledHeap();

    // 1. Twenty conversations, each on its own socket, all sent at once.
    const t20 = performance.now();
    const sockets = await Promise.all(
      Array.from({ length: CONVERSATIONS }, () => PageSocket.open(host.port, cookie, host.origin)),
    );
    for (const s of sockets) cleanups.push(() => s.close());
    const convs = await Promise.all(sockets.map((s, i) => create(s, FORMATS[i % 4] as TextFormat, 'chat')));
    sim.faults.add({ kind: 'slowStream', ms: 2, times: CONVERSATIONS, match: { stream: true } });
    const texts = convs.map((_, i) => `Conversation ${i} of the load test: tell me something long.`);
    const results = await Promise.all(
      sockets.map((s, i) =>
        s.call<SendResult>('sendMessage', {
          requestId: `load-${i}`,
          conversationId: convs[i]?.id,
          text: texts[i],
        }),
      ),
    );
    const ms20 = Math.round(performance.now() - t20);
    let deltas20 = 0;
    for (const [i, s] of sockets.entries()) {
      // only its own request's events reached this socket
      expect(new Set(s.deltas.map((d) => d.requestId))).toEqual(new Set([`load-${i}`]));
      expect(s.otherFrames).toEqual([]);
      deltas20 += s.deltas.length;
      const rows = rowsOf(convs[i]?.id ?? '');
      expect(rows.length).toBe(2);
      checkReply(s, `load-${i}`, results[i] as SendResult, rows, texts[i] ?? '');
    }
    expect(admin.deltas).toEqual([]);
    expect(sim.faults.pending()).toBe(0); // every stream really went through the slow path
    expect(sim.requests.length).toBe(CONVERSATIONS);
    const replyChars20 = results.reduce((n, r) => n + r.reply.text.length, 0);
    // The streams overlapped: every one had started before the first of them finished.
    const ids20 = sockets.map((_, i) => `load-${i}`);
    const lastStart = Math.max(...ids20.map((id) => firstDeltaSeq.get(id) ?? Infinity));
    const firstEnd = Math.min(...ids20.map((id) => resultSeq.get(id) ?? -Infinity));
    expect(lastStart).toBeLessThan(firstEnd);
    await Promise.all(sockets.map((s) => s.close()));

    // 2. A four-column compare, 50 rounds, one socket (as the page does it).
    const tCompare = performance.now();
    const page = await PageSocket.open(host.port, cookie, host.origin);
    cleanups.push(() => page.close());
    const columns = await Promise.all(FORMATS.map((f) => create(page, f, 'compare')));
    let comparedDeltas = 0;
    for (let round = 1; round <= COMPARE_ROUNDS; round++) {
      page.deltas.length = 0;
      sim.requests.length = 0;
      sim.faults.add({ kind: 'slowStream', ms: 1, times: FORMATS.length, match: { stream: true } });
      const text = `Compare round ${round}: which interface answers first?`;
      const sent = await Promise.all(
        columns.map((c, k) =>
          page.call<SendResult>('sendMessage', {
            requestId: `compare-${round}-${FORMATS[k]}`,
            conversationId: c.id,
            text: `${text} (${FORMATS[k]})`,
          }),
        ),
      );
      expect(sim.requests.length).toBe(FORMATS.length);
      expect(new Set(page.deltas.map((d) => d.requestId))).toEqual(
        new Set(FORMATS.map((f) => `compare-${round}-${f}`)),
      );
      comparedDeltas += page.deltas.length;
      for (const [k, c] of columns.entries()) {
        const rows = rowsOf(c.id);
        expect(rows.length).toBe(2 * round);
        checkReply(
          page,
          `compare-${round}-${FORMATS[k]}`,
          sent[k] as SendResult,
          rows,
          `${text} (${FORMATS[k]})`,
        );
      }
    }
    expect(page.otherFrames).toEqual([]);
    const msCompare = Math.round(performance.now() - tCompare);
    const list = await page.call<{ origin: string }[]>('listConversations', { origin: 'compare' });
    expect(list.length).toBe(FORMATS.length);
    await page.close();

    // 3. The heap, once everything from the load is garbage.
    page.deltas.length = 0;
    sim.requests.length = 0;
    for (const s of sockets) s.deltas.length = 0;
    const heapAfter = await settledHeap();
    const growth = heapAfter - heapBefore;
    const figures = {
      conversationsAtOnce: CONVERSATIONS,
      sockets: CONVERSATIONS,
      deltasAtOnce: deltas20,
      replyCharsAtOnce: replyChars20,
      msAtOnce: ms20,
      compareRounds: COMPARE_ROUNDS,
      compareRequests: COMPARE_ROUNDS * FORMATS.length,
      compareDeltas: comparedDeltas,
      compareRowsPerColumn: 2 * COMPARE_ROUNDS,
      msCompare,
      heapBeforeMB: mb(heapBefore),
      heapAfterMB: mb(heapAfter),
      heapGrowthMB: mb(growth),
      heapBoundMB: HEAP_BOUND_MB,
      totalMs: Math.round(performance.now() - started),
    };
    await writeFigures('load', figures);
    expect(growth, JSON.stringify(figures)).toBeLessThan(HEAP_BOUND_MB * 1024 * 1024);
  },
);
