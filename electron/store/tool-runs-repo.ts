import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import { ToolRunSchema, toolRunSummary, type ToolRun, type ToolRunSummary } from '../../shared/tool-runs.ts';
import { str, type Row } from './rows.ts';

/**
 * Tool runs of MCP servers, each kept with its conversation (deleted with it). A record that no longer
 * reads as a ToolRun (written by a later release, damaged) is skipped, never thrown at the page.
 */
export interface ToolRunsRepo {
  put(run: ToolRun): void;
  get(id: string): ToolRun | undefined;
  /** newest first; `before` pages back by start time */
  list(options: { limit: number; before?: number | undefined }): ToolRunSummary[];
  /** one conversation's runs, oldest first */
  ofConversation(conversationId: string): ToolRun[];
  /** deletes every run; returns how many there were */
  clear(): number;
}

function parse(row: Row): ToolRun | undefined {
  try {
    const parsed = ToolRunSchema.safeParse(JSON.parse(str(row, 'record')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function createToolRunsRepo(db: DatabaseSync): ToolRunsRepo {
  const upsert = db.prepare(
    `INSERT INTO tool_runs (id, conversation_id, started_at, record) VALUES (?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET started_at = excluded.started_at, record = excluded.record`,
  );
  const byId = db.prepare('SELECT record FROM tool_runs WHERE id = ?');
  const ofConversation = db.prepare(
    'SELECT record FROM tool_runs WHERE conversation_id = ? ORDER BY started_at, rowid',
  );
  const clear = db.prepare('DELETE FROM tool_runs');
  return {
    put(run) {
      upsert.run(run.id, run.conversationId, run.startedAt, JSON.stringify(run));
    },
    get(id) {
      const row = byId.get(id);
      return row ? parse(row) : undefined;
    },
    list({ limit, before }) {
      const args: SQLInputValue[] = [];
      let where = '';
      if (before !== undefined) {
        where = ' WHERE started_at < ?';
        args.push(before);
      }
      const out: ToolRunSummary[] = [];
      for (const row of db
        .prepare(`SELECT record FROM tool_runs${where} ORDER BY started_at DESC, rowid DESC LIMIT ?`)
        .all(...args, limit)) {
        const run = parse(row);
        if (run) out.push(toolRunSummary(run));
      }
      return out;
    },
    ofConversation(conversationId) {
      return ofConversation
        .all(conversationId)
        .map(parse)
        .filter((r) => r !== undefined);
    },
    clear: () => Number(clear.run().changes),
  };
}
