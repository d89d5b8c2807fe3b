// The one harness for "a real app core against the simulator", used by the handler, reliability and
// security tests: a real app core on a temp data folder, talking over HTTP to a simulator on 127.0.0.1
// port 0 with the canary key. Every result, event and log line is kept so a test can prove the key never
// leaks; the sqlite file can be read directly to see what was really committed.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type {
  HostEventName,
  HostEvents,
  OperationInput,
  OperationName,
  OperationOutput,
  SaveResult,
} from '../../shared/contract.ts';
import type { AppError, Result } from '../../shared/errors.ts';
import {
  createAppCore,
  type AppCore,
  type AppCoreDeps,
  type CallContext,
} from '../../electron/handlers/index.ts';
import type { RunningSimulator } from '../../electron/simulator/index.ts';
import { createMemoryVault } from '../../electron/vault/index.ts';
import type { Vault } from '../../electron/vault/types.ts';
import { CANARY, startCanarySimulator } from './canary.ts';
import { compact } from '../../shared/compact.ts';

export { CANARY };

export interface RecordedEvent<E extends HostEventName = HostEventName> {
  event: E;
  payload: HostEvents[E];
}

export interface HarnessOptions {
  /** offer the built-in sandbox (default false: tests use their own simulator) */
  sandbox?: boolean;
  /** create a connection to the test simulator with the canary key (default true) */
  connect?: boolean;
  saveImages?: AppCoreDeps['saveImages'];
  openExternal?: AppCoreDeps['openExternal'];
  dataDir?: string;
  /** the client's timeouts and retries (default: 10 s, 10 s, no retry) */
  clientDefaults?: AppCoreDeps['clientDefaults'];
  /**
   * keep every result and check that it survives JSON (default true); off for tests that send many or
   * large requests and look at other things
   */
  keepResults?: boolean;
}

/** A message row as the sqlite file holds it. */
export interface MessageRow {
  id: string;
  seq: number;
  role: string;
  status: string;
  text: string;
}

export class Harness {
  core!: AppCore;
  readonly events: RecordedEvent[] = [];
  readonly results: unknown[] = [];
  readonly logs: string[] = [];
  connectionId = '';
  #db: DatabaseSync | undefined;
  #waiters: { match: (e: RecordedEvent) => boolean; resolve: (e: RecordedEvent) => void }[] = [];

  readonly dataDir: string;
  readonly vault: Vault;
  readonly sim: RunningSimulator;
  readonly options: HarnessOptions;

  constructor(dataDir: string, vault: Vault, sim: RunningSimulator, options: HarnessOptions) {
    this.dataDir = dataDir;
    this.vault = vault;
    this.sim = sim;
    this.options = options;
  }

  readonly ctx: CallContext = {
    emit: (event, payload) => {
      const recorded = { event, payload } as RecordedEvent;
      this.events.push(recorded);
      this.#waiters = this.#waiters.filter((w) => {
        if (!w.match(recorded)) return true;
        w.resolve(recorded);
        return false;
      });
    },
  };

  async open(): Promise<void> {
    this.core = await createAppCore({
      dataDir: this.dataDir,
      vault: this.vault,
      host: 'web',
      version: '0.0.0-test',
      sandbox: this.options.sandbox ?? false,
      clientDefaults: this.options.clientDefaults ?? {
        headersTimeoutMs: 10_000,
        idleTimeoutMs: 10_000,
        maxRetries: 0,
      },
      log: (line) => this.logs.push(line),
      ...compact({ saveImages: this.options.saveImages, openExternal: this.options.openExternal }),
    });
  }

  /** Closes the core and opens a new one on the same data folder and vault, as a relaunch would. */
  async restart(): Promise<void> {
    this.#db?.close();
    this.#db = undefined;
    await this.core.close();
    await this.open();
  }

  async dispatch(name: string, input: unknown): Promise<Result<unknown>> {
    const result = await this.core.dispatch(name, input, this.ctx);
    if (this.options.keepResults ?? true) {
      this.results.push(result);
      // Everything that crosses the boundary must survive structured cloning / JSON.
      expect(JSON.parse(JSON.stringify(result))).toEqual(result);
    }
    return result;
  }

  /** Runs an operation that must succeed. */
  async call<K extends OperationName>(name: K, input: OperationInput<K>): Promise<OperationOutput<K>> {
    const result = await this.dispatch(name, input);
    if (!result.ok) throw new Error(`${name} failed: ${JSON.stringify(result.error)}`);
    return result.value as OperationOutput<K>;
  }

  /** Runs an operation that must fail; returns its error. */
  async fail(name: string, input: unknown): Promise<AppError> {
    const result = await this.dispatch(name, input);
    if (result.ok) throw new Error(`${name} unexpectedly succeeded: ${JSON.stringify(result.value)}`);
    return result.error;
  }

  /** Resolves with the first event (already recorded or still to come) that matches. */
  waitForEvent<E extends HostEventName>(
    event: E,
    match: (payload: HostEvents[E]) => boolean = () => true,
  ): Promise<HostEvents[E]> {
    const test = (e: RecordedEvent) => e.event === event && match(e.payload as HostEvents[E]);
    const seen = this.events.find(test);
    if (seen) return Promise.resolve(seen.payload as HostEvents[E]);
    return new Promise((resolve) =>
      this.#waiters.push({ match: test, resolve: (e) => resolve(e.payload as HostEvents[E]) }),
    );
  }

  eventsOf<E extends HostEventName>(event: E, requestId?: string): HostEvents[E][] {
    return this.events
      .filter((e) => e.event === event)
      .map((e) => e.payload as HostEvents[E])
      .filter((p) => requestId === undefined || (p as { requestId?: string }).requestId === requestId);
  }

  /** The canary key appears in no result, event, log line or database file. */
  async expectNoKeyLeak(): Promise<void> {
    const text = JSON.stringify([this.results, this.events, this.logs]);
    expect(text.includes(CANARY)).toBe(false);
    for (const name of ['quartet.db', 'quartet.db-wal']) {
      const bytes = await readFile(join(this.dataDir, name)).catch(() => Buffer.alloc(0));
      expect(bytes.includes(CANARY), name).toBe(false);
    }
  }

  /** The message rows of one conversation, read from the sqlite file itself. */
  rows(conversationId: string): MessageRow[] {
    return this.#readDb()
      .prepare('SELECT id, seq, role, status, text FROM messages WHERE conversation_id = ? ORDER BY seq')
      .all(conversationId) as unknown as MessageRow[];
  }

  /** How many image rows the sqlite file holds. */
  imageRows(): number {
    return (this.#readDb().prepare('SELECT count(*) AS n FROM images').get() as { n: number }).n;
  }

  #readDb(): DatabaseSync {
    this.#db ??= new DatabaseSync(join(this.dataDir, 'quartet.db'), { readOnly: true });
    return this.#db;
  }

  async close(): Promise<void> {
    this.#db?.close();
    await this.core.close();
    await this.sim.close();
    if (!this.options.dataDir) await rm(this.dataDir, { recursive: true, force: true });
  }
}

export async function createHarness(options: HarnessOptions = {}): Promise<Harness> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'quartet-core-')));
  const sim = await startCanarySimulator();
  const h = new Harness(dataDir, createMemoryVault(), sim, options);
  await h.open();
  if (options.connect ?? true) {
    const connection = await h.call('saveConnection', { name: 'Test simulator', baseUrl: sim.baseUrl });
    await h.call('activateConnection', { id: connection.id });
    await h.call('setKey', { connectionId: connection.id, slot: 'default', key: CANARY });
    h.connectionId = connection.id;
  }
  return h;
}

/** A minimal lossless WebP (VP8L header) of the given size: enough for a header check. */
export function tinyWebp(width = 8, height = 8): Buffer {
  const bits = ((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14);
  const data = Buffer.alloc(10);
  data[0] = 0x2f;
  data.writeUInt32LE(bits >>> 0, 1);
  const chunk = Buffer.concat([Buffer.from('VP8L'), u32(data.length), data]);
  return Buffer.concat([Buffer.from('RIFF'), u32(4 + chunk.length), Buffer.from('WEBP'), chunk]);
}

function u32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
}

export type { SaveResult };
