// Organising (issue 17): folders, and a pin and a folder on each conversation.
//
// A folder has a name and an optional colour (a palette name the page draws; shared/organise.ts), and
// remembers whether it is folded. Folders are shared by the four tabs. A conversation is in at most one
// folder; deleting the folder leaves its conversations where they were, unfiled (ON DELETE SET NULL).
// Pinning and filing are not activity: they never touch updated_at, so the lists' "last used" order holds.
export const SQL = /* sql */ `
CREATE TABLE folders (
  id         TEXT PRIMARY KEY,
  name       TEXT NOT NULL,
  color      TEXT,
  collapsed  INTEGER NOT NULL DEFAULT 0 CHECK (collapsed IN (0, 1)),
  created_at INTEGER NOT NULL
) STRICT;
CREATE INDEX folders_by_name ON folders (name COLLATE NOCASE);

ALTER TABLE conversations ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0 CHECK (pinned IN (0, 1));
ALTER TABLE conversations ADD COLUMN folder_id TEXT REFERENCES folders (id) ON DELETE SET NULL;
CREATE INDEX conversations_by_folder ON conversations (folder_id);
`;
