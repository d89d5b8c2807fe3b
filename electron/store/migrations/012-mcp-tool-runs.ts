// Tool runs of MCP servers (issue 31): each call a reply made to a server's tool, run, failed, stopped or
// denied with the user's reason, kept as part of its conversation's record (deleted with it), so the
// inspector shows them beside the HTTP exchanges after a restart. The record is shared/tool-runs.ts's
// ToolRun as JSON (images elided to their type and size, as the exchange record elides image data).
// And the tools the user let run without asking in a conversation ("always"), as JSON refs
// ({server, tool}): a permission, so kept in a column of its own, never in the exported parameters.
export const SQL = /* sql */ `
CREATE TABLE tool_runs (
  id              TEXT PRIMARY KEY,
  conversation_id TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  started_at      INTEGER NOT NULL,
  record          TEXT NOT NULL
) STRICT;
CREATE INDEX tool_runs_by_start ON tool_runs (started_at DESC);
CREATE INDEX tool_runs_by_conversation ON tool_runs (conversation_id, started_at);
ALTER TABLE conversations ADD COLUMN mcp_always TEXT;
`;
