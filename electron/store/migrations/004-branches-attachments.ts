// Branches, attachments and comparisons (issue 15).
//
// Branches: each turn names the turn it follows (parent_id); editing or answering again adds a sibling
// instead of deleting. A conversation remembers the last turn of the branch on screen (leaf_id). seq stays a
// per-conversation insertion counter (unique), so search and ordering work as before. Existing conversations
// become one branch each: every turn follows the one before it, and the last turn is the leaf.
//
// Attachments: the files live in the data folder; the database holds their description and which turn
// uses which (message_attachments), so a file nothing uses any more can be found and deleted.
export const SQL = /* sql */ `
ALTER TABLE messages ADD COLUMN parent_id TEXT;
ALTER TABLE messages ADD COLUMN edited INTEGER NOT NULL DEFAULT 0 CHECK (edited IN (0, 1));
ALTER TABLE conversations ADD COLUMN leaf_id TEXT;
ALTER TABLE conversations ADD COLUMN comparison_id TEXT;

UPDATE messages SET parent_id = (
  SELECT prev.id FROM messages AS prev
  WHERE prev.conversation_id = messages.conversation_id AND prev.seq < messages.seq
  ORDER BY prev.seq DESC LIMIT 1
);
UPDATE conversations SET leaf_id = (
  SELECT id FROM messages WHERE conversation_id = conversations.id ORDER BY seq DESC LIMIT 1
);
CREATE INDEX messages_by_parent ON messages (conversation_id, parent_id);
CREATE INDEX conversations_by_comparison ON conversations (comparison_id) WHERE comparison_id IS NOT NULL;

CREATE TABLE attachments (
  id         TEXT PRIMARY KEY,
  name       TEXT NOT NULL,
  mime_type  TEXT NOT NULL,
  kind       TEXT NOT NULL CHECK (kind IN ('image', 'pdf', 'text')),
  bytes      INTEGER NOT NULL,
  width      INTEGER,
  height     INTEGER,
  sha256     TEXT NOT NULL,
  file_path  TEXT NOT NULL,
  created_at INTEGER NOT NULL
) STRICT;
CREATE INDEX attachments_by_hash ON attachments (sha256);

CREATE TABLE message_attachments (
  message_id    TEXT NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
  position      INTEGER NOT NULL,
  attachment_id TEXT NOT NULL REFERENCES attachments (id),
  PRIMARY KEY (message_id, position)
) STRICT;
CREATE INDEX message_attachments_by_attachment ON message_attachments (attachment_id);
`;
