// The host-agnostic app core: every operation of shared/contract.ts on top of the service client, the
// key vault and the history store. Both hosts (Electron and the browser host) call only this.
import { mkdir } from 'node:fs/promises';
import type { Result } from '../../shared/errors.ts';
import { openStore, type Store } from '../store/index.ts';
import { lockDataFolder } from '../store/data-folder-lock.ts';
import { appInfoHandlers } from './app-info.ts';
import { attachmentFileOf, attachmentHandlers } from './attachments.ts';
import { sweepAttachments } from './attachment-files.ts';
import { branchHandlers } from './branches.ts';
import { bundleHandlers } from './bundle.ts';
import { chatHandlers } from './chat.ts';
import { checkHandlers } from './check.ts';
import { connectionHandlers, ensureFirstConnection } from './connections.ts';
import { conversationHandlers } from './conversations.ts';
import { createDispatch, type Handlers } from './dispatch.ts';
import { exchangeHandlers } from './exchanges.ts';
import { setAsideDatabases, sweepImageFiles } from './image-files.ts';
import { imageFileOf, imageHandlers } from './images.ts';
import { keyHandlers } from './keys.ts';
import { linkHandlers } from './links.ts';
import { createHostMcp, mcpHandlers } from './mcp.ts';
import { toolRunHandlers } from './tool-runs.ts';
import { createLogger } from './logger.ts';
import { modelHandlers } from './models.ts';
import { organiseHandlers } from './organise.ts';
import { presetHandlers } from './presets.ts';
import { createRequestRegistry } from './requests.ts';
import { join } from 'node:path';
import { createSandbox } from './sandbox.ts';
import { createUnsavedImages } from './unsaved-images.ts';
import { pathsOf, type Paths, type Services } from './services.ts';
import { settingsHandlers } from './settings.ts';
import { speedLabHandlers } from './speedlab.ts';
import type { AppCoreDeps, CallContext } from './types.ts';

export type { AppCoreDeps, CallContext } from './types.ts';
export type { Handlers } from './dispatch.ts';

export interface AppCore {
  /**
   * Validates `input` with the operation's zod schema and runs its handler. Never throws: the Result
   * carries a serialisable AppError ('invalid-input' with issues for bad input, 'not-found', the
   * service's error, or 'internal' with a generic message for a bug, whose stack goes to the log).
   */
  dispatch(name: string, input: unknown, ctx: CallContext): Promise<Result<unknown>>;
  /** the file behind an image, for the hosts' media routes; null when unknown */
  imageFile(
    id: string,
    variant: 'full' | 'thumb',
  ): Promise<{ path: string; mime: string; downloadName?: string } | null>;
  /**
   * The file behind an attachment, for the hosts' media routes: the type to serve it as (never one the
   * page's origin would run), whether it may show inline, and its name; null when unknown.
   */
  attachmentFile(
    id: string,
  ): Promise<{ path: string; mime: string; inline: boolean; downloadName: string } | null>;
  /**
   * The secret that opens the built-in sandbox's `/__sim/` control routes (fault injection for the
   * end-to-end tests). It never leaves this process: no operation returns it.
   */
  readonly sandboxControlSecret: string;
  /** aborts running requests, waits for them, stops the sandbox, closes the database */
  close(): Promise<void>;
}

export async function createAppCore(deps: AppCoreDeps): Promise<AppCore> {
  const paths = pathsOf(deps.dataDir);
  for (const dir of [paths.dataDir, paths.images, paths.thumbs, paths.attachments]) {
    await mkdir(dir, { recursive: true, mode: 0o700 });
  }
  const log = createLogger(deps.log);
  const dataLock = await lockDataFolder(
    paths.dataDir,
    deps.host === 'web' ? 'the browser host (npm run web)' : 'the desktop app',
  );
  let store: Store;
  try {
    store = openStore(paths.db);
  } catch (e) {
    await dataLock.release();
    throw e;
  }
  const s: Services = {
    deps,
    paths,
    store,
    vault: deps.vault,
    sandbox: createSandbox(deps.sandbox ?? true, join(paths.dataDir, 'sandbox-secret')),
    unsavedImages: createUnsavedImages(paths, store, (m, e) => log.error(m, e)),
    requests: createRequestRegistry(),
    mcp: createHostMcp(paths.dataDir, store, log, deps.version, deps.mcpTimeouts),
    log,
    notices: [...store.notices],
    now: Date.now,
  };
  try {
    ensureFirstConnection(s);
    await startSandboxIfListed(s);
    await s.unsavedImages.restore(); // before the sweep, which would take their files for orphans
    const asideDatabases = await setAsideDatabases(paths);
    await sweepImageFiles(store, paths, { keepUnreferenced: asideDatabases.length > 0 });
    await sweepAttachments(store, paths, s.now(), { keepUnreferenced: asideDatabases.length > 0 });
    if (asideDatabases.length > 0) {
      // Said at every start while a set-aside database is there, not only at the start that set it aside:
      // the user may not have read it then, and the old history is still only in that file.
      s.notices = [damagedDatabaseNotice(store.notices, asideDatabases, paths)];
    }
  } catch (e) {
    store.close();
    await dataLock.release();
    throw e;
  }

  const handlers: Handlers = {
    ...appInfoHandlers(s),
    ...connectionHandlers(s),
    ...keyHandlers(s),
    ...settingsHandlers(s),
    ...modelHandlers(s),
    ...conversationHandlers(s),
    ...organiseHandlers(s),
    ...bundleHandlers(s),
    ...chatHandlers(s),
    ...branchHandlers(s),
    ...presetHandlers(s),
    ...attachmentHandlers(s),
    ...imageHandlers(s),
    ...exchangeHandlers(s),
    ...checkHandlers(s),
    ...linkHandlers(s),
    ...speedLabHandlers(s),
    ...mcpHandlers(s),
    ...toolRunHandlers(s),
  };
  const dispatch = createDispatch(handlers, log);

  // Calls in flight, so close() can wait for them to store what they have before the database closes.
  const inFlight = new Set<Promise<unknown>>();
  let closing: Promise<void> | undefined;
  // Calls waiting for another program to let go of the database, each behind the one before: calls run
  // in the order they come, which a send that follows its conversation's creation at once relies on.
  let lockQueue: Promise<void> | undefined;
  const afterLock = (run: () => Promise<Result<unknown>>): Promise<Result<unknown>> => {
    const turn = (lockQueue ?? Promise.resolve()).then(async () => {
      await store.waitUntilWritable();
    });
    lockQueue = turn;
    const call = turn.then(run);
    void turn.then(() => {
      if (lockQueue === turn) lockQueue = undefined;
    });
    return call;
  };

  return {
    dispatch(name, input, ctx) {
      if (closing) {
        return Promise.resolve({
          ok: false,
          error: { kind: 'aborted', message: 'Quartet is shutting down.' },
        });
      }
      // Another program holding the database: wait for it between tasks rather than inside a statement.
      const call =
        lockQueue !== undefined || store.writeLockHeld()
          ? afterLock(() => dispatch(name, input, ctx))
          : dispatch(name, input, ctx);
      inFlight.add(call);
      void call.finally(() => inFlight.delete(call));
      return call;
    },
    imageFile: (id, variant) => (closing ? Promise.resolve(null) : imageFileOf(s, id, variant)),
    attachmentFile: (id) => (closing ? Promise.resolve(null) : attachmentFileOf(s, id)),
    sandboxControlSecret: s.sandbox.controlSecret,
    close() {
      closing ??= (async () => {
        s.requests.abortAll();
        await Promise.allSettled([...inFlight]);
        await s.mcp.close();
        await s.sandbox.close();
        s.unsavedImages.close();
        store.close();
        await dataLock.release();
      })();
      return closing;
    },
  };
}

/** One notice: what was set aside (now or earlier), that the images stay, and how to end the notice. */
function damagedDatabaseNotice(fresh: readonly string[], aside: readonly string[], paths: Paths): string {
  const what =
    fresh.length > 0
      ? fresh.join(' ')
      : `An earlier history database was damaged and set aside, so Quartet works on a new one. The old file is kept as ${aside.join(', ')}.`;
  return `${what} Images and thumbnails were not touched: they stay in ${paths.images} and ${paths.thumbs}. This notice shows at each start until the set-aside file is moved out of ${paths.dataDir} or deleted.`;
}

/**
 * The sandbox starts with the host when a connection uses it, so the first listing already shows its real
 * address (the page showed http://127.0.0.1:0 in the chip, Settings and every preview until first use).
 * A sandbox that cannot start is not the host's end: its first request says why.
 */
async function startSandboxIfListed(s: Services): Promise<void> {
  if (!s.sandbox.enabled || !s.store.connections.list().some((c) => c.builtIn)) return;
  try {
    await s.sandbox.baseUrl();
  } catch (e) {
    s.log.error('the built-in sandbox could not start', e);
  }
}
