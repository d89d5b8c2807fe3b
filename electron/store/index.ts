// The history store: one SQLite database with a typed repository per table.
import { open as openFile } from 'node:fs/promises';
import type { DatabaseSync } from 'node:sqlite';
import { createAttachmentsRepo, type AttachmentsRepo } from './attachments-repo.ts';
import { createConnectionsRepo, type ConnectionsRepo } from './connections-repo.ts';
import { createConversationsRepo, type ConversationsRepo } from './conversations-repo.ts';
import { openDatabase } from './db.ts';
import { createExchangesRepo, type ExchangesRepo } from './exchanges-repo.ts';
import { createFoldersRepo, type FoldersRepo } from './folders-repo.ts';
import { createImagesRepo, type ImagesRepo } from './images-repo.ts';
import { createMessagesRepo, type MessagesRepo } from './messages-repo.ts';
import { createPresetsRepo, type PresetsRepo } from './presets-repo.ts';
import { createSpeedLabsRepo, type SpeedLabsRepo } from './speed-labs-repo.ts';
import { createToolRunsRepo, type ToolRunsRepo } from './tool-runs-repo.ts';
import { createMcpAlwaysRepo, type McpAlwaysRepo } from './mcp-always-repo.ts';
import { searchMessages, type SearchOptions } from './search.ts';
import { createOffLoopSearch } from './search-off-loop.ts';
import { createSettingsRepo, type SettingsRepo } from './settings-repo.ts';
import { transaction } from './tx.ts';
import { waitForWriteLock, writeLockHeld } from './write-gate.ts';
import type { SearchHit } from '../../shared/contract.ts';

export interface Store {
  readonly file: string;
  /** start-up notes for the user (a damaged database set aside) */
  readonly notices: readonly string[];
  readonly connections: ConnectionsRepo;
  readonly settings: SettingsRepo;
  readonly conversations: ConversationsRepo;
  readonly messages: MessagesRepo;
  readonly images: ImagesRepo;
  readonly attachments: AttachmentsRepo;
  readonly exchanges: ExchangesRepo;
  readonly presets: PresetsRepo;
  readonly folders: FoldersRepo;
  readonly speedLabs: SpeedLabsRepo;
  /** MCP tool runs, each with its conversation */
  readonly toolRuns: ToolRunsRepo;
  /** the server tools each conversation lets run without asking */
  readonly mcpAlways: McpAlwaysRepo;
  /** takes what waits for the index in first (indexLater), so a search finds every stored reply */
  search(query: string, options?: SearchOptions): SearchHit[];
  /** the same search in a worker thread: the host's event loop never holds a long FTS5 query */
  searchOffLoop(query: string, options?: SearchOptions): Promise<SearchHit[]>;
  /**
   * Takes a turn stored `unindexed` into the search index in a task of its own, after what the caller does
   * now (a long reply's answer to the page): indexing is one FTS5 statement of up to 128 Ki characters.
   * `schedule` says when that task runs (by default the next turn of the loop); until then a search takes
   * the turn in first.
   */
  indexLater(turnId: string, schedule?: (index: () => void) => void): void;
  /** one BEGIN IMMEDIATE .. COMMIT/ROLLBACK around a synchronous function */
  transaction<T>(fn: () => T): T;
  /**
   * Runs `fn`'s writes without waiting for the disk (synchronous = NORMAL instead of FULL): for writes that
   * guard only against the app being killed, which the system's cache survives, such as a streaming reply
   * written as it arrives. They reach the disk with the next durable commit (its sync covers the whole WAL).
   * A sync under load can hold the host's event loop for tens of milliseconds, once per write.
   */
  provisional<T>(fn: () => T): T;
  /**
   * One transaction that is on disk when the promise resolves, as a commit with the full sync is, but
   * whose sync does not hold the event loop: it commits without one (as `provisional`), then syncs the
   * write-ahead log on a thread of the pool. For a write the user waits on while other work could run,
   * such as a finished reply (a sync under load took 10-55 ms of the loop). The caller answers only once
   * it resolves; it rejects when `fn` throws (nothing written) or the sync fails.
   */
  durable<T>(fn: () => T): Promise<T>;
  /**
   * Resolves when no other program holds the write lock, waiting on timers (never blocking) up to a bound;
   * true when it is free.
   */
  waitUntilWritable(maxMs?: number): Promise<boolean>;
  /** whether another program holds the write lock now (asks without waiting) */
  writeLockHeld(): boolean;
  /** the connection, for tests and maintenance */
  readonly db: DatabaseSync;
  close(): void;
}

export interface StoreOptions {
  now?: () => number;
  /** how many exchange records to keep */
  maxExchanges?: number;
  /** syncs a file to disk off the event loop (tests replace it to see when it runs) */
  syncFile?: (path: string) => Promise<void>;
}

/** fsync on a thread of libuv's pool; a file already gone was checkpointed, and synced, by SQLite. */
async function syncFileOffLoop(path: string): Promise<void> {
  let handle;
  try {
    // r+: Windows syncs only a handle open for writing
    handle = await openFile(path, 'r+');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw e;
  }
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export function openStore(file: string, options: StoreOptions = {}): Store {
  const { db, notices } = openDatabase(file, options.now);
  let open = true;
  const messages = createMessagesRepo(db);
  // a reply the last run stored but had not indexed (or was still streaming) is searchable from now on
  messages.indexAll();
  const provisional = <T>(fn: () => T): T => {
    db.exec('PRAGMA synchronous = NORMAL');
    try {
      return fn();
    } finally {
      db.exec('PRAGMA synchronous = FULL');
    }
  };
  const awaitingIndex = new Set<string>();
  const offLoop = createOffLoopSearch(db, file);
  const takeIn = (id: string) => {
    if (!open || !awaitingIndex.delete(id)) return;
    try {
      // The index can be rebuilt (each start takes in what is left out), so it need not wait for the disk:
      // with the sync, indexing a long reply held the loop 80-140 ms on a busy machine, 20-40 of it CPU.
      provisional(() => messages.index(id));
    } catch {
      // the database is busy or failing: the next search, or the next start, takes it in
      awaitingIndex.add(id);
    }
  };
  return {
    file,
    notices,
    db,
    connections: createConnectionsRepo(db),
    settings: createSettingsRepo(db),
    conversations: createConversationsRepo(db),
    messages,
    images: createImagesRepo(db),
    attachments: createAttachmentsRepo(db),
    exchanges: createExchangesRepo(db, options.maxExchanges),
    presets: createPresetsRepo(db),
    folders: createFoldersRepo(db),
    speedLabs: createSpeedLabsRepo(db),
    toolRuns: createToolRunsRepo(db),
    mcpAlways: createMcpAlwaysRepo(db),
    search(query, searchOptions) {
      for (const id of [...awaitingIndex]) takeIn(id);
      return searchMessages(db, query, searchOptions);
    },
    searchOffLoop(query, searchOptions = {}) {
      for (const id of [...awaitingIndex]) takeIn(id);
      return offLoop.search(query, searchOptions);
    },
    indexLater(turnId, schedule = (fn) => setTimeout(fn, 0)) {
      awaitingIndex.add(turnId);
      // a timer, not an immediate: an immediate runs in the same turn of the loop as the task that asked,
      // and the two together would hold it as long as before
      schedule(() => takeIn(turnId));
    },
    transaction: (fn) => transaction(db, fn),
    provisional,
    async durable(fn) {
      // inside another transaction the commit is the outer one's, still to come: a sync now proves nothing
      if (db.isTransaction) throw new TypeError('durable() runs its own transaction, not inside another');
      const result = provisional(() => transaction(db, fn));
      // SQLite syncs the log before it copies it into the database (a checkpoint), so syncing the log
      // covers every frame of this commit, whether or not a checkpoint ran since
      await (options.syncFile ?? syncFileOffLoop)(`${file}-wal`);
      return result;
    },
    waitUntilWritable: (maxMs) => waitForWriteLock(db, maxMs),
    writeLockHeld: () => writeLockHeld(db),
    close() {
      if (!open) return;
      open = false;
      offLoop.close();
      // Folds the WAL back into the main file so a copied database is complete on its own.
      try {
        db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
      } catch {
        /* another process may hold the database; the WAL is still valid */
      }
      db.close();
    },
  };
}

export type { ConnectionRow } from './connections-repo.ts';
export type { ConversationRow, ConversationListRow, Origin } from './conversations-repo.ts';
export type { StoredTurn, TreeNode } from './messages-repo.ts';
export { descend, pathFrom } from './messages-repo.ts';
export type { AttachmentRow } from './attachments-repo.ts';
export { toAttachmentRecord } from './attachments-repo.ts';
export type { ImageRow, ImageFormat } from './images-repo.ts';
export type { PresetRow } from './presets-repo.ts';
export { toImageRecord } from './images-repo.ts';
export { NewerDatabaseError } from './db.ts';
export { MAX_EXCHANGES } from './exchanges-repo.ts';
