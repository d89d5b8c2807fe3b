// Tool calls and presets (issue 16).
//
// An assistant turn keeps its function calls (tool_calls: JSON list of {id, name, arguments}) beside its raw
// payload, so the page, exports and search read them without knowing each format; the user turn that answers
// them keeps the results (tool_results: JSON list of {callId, name, content, isError}).
//
// Presets: a saved system prompt with parameters (tools and schema included), kept as one JSON document each
// (shared/presets.ts parses it; a document a newer release wrote is skipped with a warning, not an error).
export const SQL = /* sql */ `
ALTER TABLE messages ADD COLUMN tool_calls TEXT;
ALTER TABLE messages ADD COLUMN tool_results TEXT;

CREATE TABLE presets (
  id         TEXT PRIMARY KEY,
  name       TEXT NOT NULL,
  body       TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT;
CREATE INDEX presets_by_name ON presets (name COLLATE NOCASE);
`;
