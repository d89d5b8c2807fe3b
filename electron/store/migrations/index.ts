import type { DatabaseSync } from 'node:sqlite';
import { SQL as INITIAL } from './001-initial.ts';
import { SQL as END_REASON } from './002-end-reason.ts';
import { SQL as REPORTED_QUALITY } from './003-reported-quality.ts';
import { SQL as BRANCHES_ATTACHMENTS } from './004-branches-attachments.ts';
import { SQL as TOOLS_PRESETS } from './005-tools-presets.ts';
import { SQL as ORGANISE } from './006-organise.ts';
import { SQL as BOUNDED_SEARCH_INDEX } from './007-bounded-search-index.ts';
import { SQL as UNINDEXED_REPLIES } from './008-unindexed-replies.ts';
import { SQL as IMAGE_SOURCES } from './009-image-sources.ts';
import { SQL as CONVERSATION_CONNECTION } from './010-conversation-connection.ts';
import { SQL as SPEED_LABS } from './011-speed-labs.ts';
import { SQL as MCP_TOOL_RUNS } from './012-mcp-tool-runs.ts';
import { SQL as IMAGE_COMPARISONS } from './013-image-comparisons.ts';
import { SQL as TOOL_RESULT_IMAGES } from './014-tool-result-images.ts';

export interface Migration {
  /** the value PRAGMA user_version holds once this migration has run */
  version: number;
  name: string;
  /**
   * Brings the schema (and its data) from version-1 to version, inside the transaction that also records
   * the version. A function, not only SQL: a change SQLite cannot ALTER (a CHECK constraint, such as the
   * list of formats) is a table rebuild that copies the rows over.
   */
  up(db: DatabaseSync): void;
}

/** A migration that is one SQL script. */
const sql =
  (script: string) =>
  (db: DatabaseSync): void => {
    db.exec(script);
  };

/** Every migration in order; version N is the N-th entry. */
export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: 'initial', up: sql(INITIAL) },
  { version: 2, name: 'end-reason', up: sql(END_REASON) },
  { version: 3, name: 'reported-quality', up: sql(REPORTED_QUALITY) },
  { version: 4, name: 'branches-attachments', up: sql(BRANCHES_ATTACHMENTS) },
  { version: 5, name: 'tools-presets', up: sql(TOOLS_PRESETS) },
  { version: 6, name: 'organise', up: sql(ORGANISE) },
  { version: 7, name: 'bounded-search-index', up: sql(BOUNDED_SEARCH_INDEX) },
  { version: 8, name: 'unindexed-replies', up: sql(UNINDEXED_REPLIES) },
  { version: 9, name: 'image-sources', up: sql(IMAGE_SOURCES) },
  { version: 10, name: 'conversation-connection', up: sql(CONVERSATION_CONNECTION) },
  { version: 11, name: 'speed-labs', up: sql(SPEED_LABS) },
  { version: 12, name: 'mcp-tool-runs', up: sql(MCP_TOOL_RUNS) },
  { version: 13, name: 'image-comparisons', up: sql(IMAGE_COMPARISONS) },
  { version: 14, name: 'tool-result-images', up: sql(TOOL_RESULT_IMAGES) },
];

export const LATEST_VERSION = MIGRATIONS.length;
