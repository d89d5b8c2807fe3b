import type { DatabaseSync } from 'node:sqlite';
import { z } from 'zod';
import { MAX_TOOLS, McpToolRefSchema, type McpToolRef } from '../../shared/tools.ts';
import { optStr } from './rows.ts';

const RefsSchema = z.array(McpToolRefSchema).max(MAX_TOOLS);

/**
 * The server tools a conversation lets run without asking ("always run this tool in this conversation"),
 * in conversations.mcp_always. A permission: kept apart from the parameters, so no export carries it.
 */
export interface McpAlwaysRepo {
  get(conversationId: string): McpToolRef[];
  /** an empty list clears it */
  set(conversationId: string, refs: readonly McpToolRef[]): void;
}

export function createMcpAlwaysRepo(db: DatabaseSync): McpAlwaysRepo {
  const read = db.prepare('SELECT mcp_always FROM conversations WHERE id = ?');
  const write = db.prepare('UPDATE conversations SET mcp_always = ? WHERE id = ?');
  return {
    get(conversationId) {
      const row = read.get(conversationId);
      const text = row ? optStr(row, 'mcp_always') : undefined;
      if (text === undefined) return [];
      try {
        return RefsSchema.safeParse(JSON.parse(text)).data ?? [];
      } catch {
        return [];
      }
    },
    set(conversationId, refs) {
      write.run(refs.length === 0 ? null : JSON.stringify(refs), conversationId);
    },
  };
}
