// One host per data folder: two processes writing the same database and key file at once lose keys
// and interleave writes nobody asked for, so the second one says who holds the folder and stops.
import { join } from 'node:path';
import { describeHolder, tryLock, type HeldLock, type LockHolder } from './lock-file.ts';

export const DATA_LOCK_FILE = 'quartet.lock';

export class DataFolderInUseError extends Error {
  readonly holder: LockHolder;
  constructor(dataDir: string, holder: LockHolder) {
    super(
      `The data folder ${dataDir} is in use by ${describeHolder(holder)} since ${new Date(holder.since).toLocaleString()}. Quit it first, or use another folder (--data-dir).`,
    );
    this.name = 'DataFolderInUseError';
    this.holder = holder;
  }
}

/** Takes the data folder for this process (`what` names it for another one), or throws DataFolderInUseError. */
export async function lockDataFolder(dataDir: string, what: string): Promise<HeldLock> {
  const attempt = await tryLock(join(dataDir, DATA_LOCK_FILE), what);
  if (!attempt.ok) throw new DataFolderInUseError(dataDir, attempt.holder);
  return attempt.lock;
}
