// A real app core on a temp data folder against a simulator on 127.0.0.1 port 0, with short timeouts, for the
// reliability tests. Also: direct reads of the sqlite file, and a place to write each test's figures.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  HostEventName,
  HostEvents,
  OperationInput,
  OperationName,
  OperationOutput,
} from '../../shared/contract.ts';
import type { AppError, Result } from '../../shared/errors.ts';
import {
  createAppCore,
  type AppCore,
  type AppCoreDeps,
  type CallContext,
} from '../../electron/handlers/index.ts';
import { DEFAULT_SIM_KEYS, startSimulator, type RunningSimulator } from '../../electron/simulator/index.ts';
import { createMemoryVault } from '../../electron/vault/index.ts';

export const TEST_KEY = 'sk-reliability-key-0123456789abcdef';

export interface RecordedEvent {
  event: HostEventName;
  payload: HostEvents[HostEventName];
}

export interface TestApp {
  core: AppCore;
  sim: RunningSimulator;
  dataDir: string;
  connectionId: string;
  events: RecordedEvent[];
  logs: string[];
  ctx: CallContext;
  call<K extends OperationName>(name: K, input: OperationInput<K>): Promise<OperationOutput<K>>;
  dispatch(name: string, input: unknown): Promise<Result<unknown>>;
  fail(name: string, input: unknown): Promise<AppError>;
  /** message rows of one conversation, read from the sqlite file itself */
  rows(conversationId: string): { id: string; seq: number; role: string; status: string; text: string }[];
  /** how many image rows the sqlite file holds */
  imageRows(): number;
  close(): Promise<void>;
}

export async function openTestApp(
  opts: { clientDefaults?: AppCoreDeps['clientDefaults']; connect?: boolean } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'quartet-rel-'));
  const sim = await startSimulator({
    port: 0,
    keys: [{ key: TEST_KEY, families: ['bearer', 'messages', 'generate'] }, ...DEFAULT_SIM_KEYS],
  });
  const events: RecordedEvent[] = [];
  const logs: string[] = [];
  const ctx: CallContext = { emit: (event, payload) => events.push({ event, payload }) };
  const core = await createAppCore({
    dataDir,
    vault: createMemoryVault(),
    host: 'web',
    version: '0.0.0-test',
    sandbox: false,
    clientDefaults: opts.clientDefaults ?? { headersTimeoutMs: 300, idleTimeoutMs: 300, maxRetries: 2 },
    log: (line) => logs.push(line),
  });
  const dispatch = (name: string, input: unknown) => core.dispatch(name, input, ctx);
  const call = async <K extends OperationName>(name: K, input: OperationInput<K>) => {
    const r = await dispatch(name, input);
    if (!r.ok) throw new Error(`${name} failed: ${JSON.stringify(r.error)}`);
    return r.value as OperationOutput<K>;
  };
  const fail = async (name: string, input: unknown) => {
    const r = await dispatch(name, input);
    if (r.ok) throw new Error(`${name} unexpectedly succeeded`);
    return r.error;
  };
  let connectionId = '';
  if (opts.connect ?? true) {
    const c = await call('saveConnection', { name: 'Reliability simulator', baseUrl: sim.baseUrl });
    await call('activateConnection', { id: c.id });
    await call('setKey', { connectionId: c.id, slot: 'default', key: TEST_KEY });
    connectionId = c.id;
  }
  let db: DatabaseSync | undefined;
  return {
    core,
    sim,
    dataDir,
    connectionId,
    events,
    logs,
    ctx,
    call,
    dispatch,
    fail,
    rows(conversationId) {
      db ??= new DatabaseSync(join(dataDir, 'quartet.db'), { readOnly: true });
      return db
        .prepare('SELECT id, seq, role, status, text FROM messages WHERE conversation_id = ? ORDER BY seq')
        .all(conversationId) as { id: string; seq: number; role: string; status: string; text: string }[];
    },
    imageRows() {
      db ??= new DatabaseSync(join(dataDir, 'quartet.db'), { readOnly: true });
      return (db.prepare('SELECT count(*) AS n FROM images').get() as { n: number }).n;
    },
    async close() {
      db?.close();
      await core.close();
      await sim.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Writes a test's figures to test-results/reliability/NAME.json (gitignored), for docs/reliability.md. */
export async function writeFigures(name: string, figures: unknown): Promise<void> {
  const dir = join(process.cwd(), 'test-results', 'reliability');
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, `${name}.json`), JSON.stringify(figures, null, 2) + '\n');
}
