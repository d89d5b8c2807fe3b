import { SQL as INITIAL } from './001-initial.ts';
import { SQL as END_REASON } from './002-end-reason.ts';
import { SQL as REPORTED_QUALITY } from './003-reported-quality.ts';

export interface Migration {
  /** the value PRAGMA user_version holds once this migration has run */
  version: number;
  name: string;
  sql: string;
}

/** Every migration in order; version N is the N-th entry. */
export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: 'initial', sql: INITIAL },
  { version: 2, name: 'end-reason', sql: END_REASON },
  { version: 3, name: 'reported-quality', sql: REPORTED_QUALITY },
];

export const LATEST_VERSION = MIGRATIONS.length;
