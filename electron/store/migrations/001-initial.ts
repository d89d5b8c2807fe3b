// The first schema. Migrations are append-only: a shipped one is never edited, a change is a new file.

/**
 * `messages.num` is an explicit INTEGER PRIMARY KEY because the full-text index refers to rows by rowid,
 * and VACUUM may renumber an implicit rowid. Turns are addressed by their text `id` everywhere else.
 */
export const SQL = /* sql */ `
CREATE TABLE connections (
  id         TEXT PRIMARY KEY,
  name       TEXT NOT NULL,
  base_url   TEXT NOT NULL,
  built_in   INTEGER NOT NULL DEFAULT 0 CHECK (built_in IN (0, 1)),
  created_at INTEGER NOT NULL
) STRICT;

CREATE TABLE settings (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
) STRICT;

CREATE TABLE conversations (
  id         TEXT PRIMARY KEY,
  format     TEXT NOT NULL CHECK (format IN ('chat', 'responses', 'messages', 'generate')),
  model      TEXT NOT NULL,
  title      TEXT NOT NULL,
  origin     TEXT NOT NULL DEFAULT 'chat' CHECK (origin IN ('chat', 'compare')),
  params     TEXT NOT NULL DEFAULT '{}',
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT;
CREATE INDEX conversations_by_update ON conversations (updated_at DESC);

CREATE TABLE messages (
  num             INTEGER PRIMARY KEY,
  id              TEXT NOT NULL UNIQUE,
  conversation_id TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  seq             INTEGER NOT NULL,
  role            TEXT NOT NULL CHECK (role IN ('user', 'assistant')),
  text            TEXT NOT NULL,
  thoughts        TEXT,
  raw             TEXT,
  status          TEXT NOT NULL CHECK (status IN ('complete', 'partial', 'error')),
  error           TEXT,
  model           TEXT,
  finish_reason   TEXT,
  usage           TEXT,
  timings         TEXT,
  exchange_id     TEXT,
  created_at      INTEGER NOT NULL,
  UNIQUE (conversation_id, seq)
) STRICT;

-- External-content full-text index over turn text and thoughts, kept in sync by the triggers below.
CREATE VIRTUAL TABLE messages_fts USING fts5 (
  text,
  thoughts,
  content = 'messages',
  content_rowid = 'num',
  tokenize = 'unicode61 remove_diacritics 2'
);

CREATE TRIGGER messages_fts_insert AFTER INSERT ON messages BEGIN
  INSERT INTO messages_fts (rowid, text, thoughts) VALUES (new.num, new.text, new.thoughts);
END;

CREATE TRIGGER messages_fts_delete AFTER DELETE ON messages BEGIN
  INSERT INTO messages_fts (messages_fts, rowid, text, thoughts) VALUES ('delete', old.num, old.text, old.thoughts);
END;

CREATE TRIGGER messages_fts_update AFTER UPDATE OF text, thoughts ON messages BEGIN
  INSERT INTO messages_fts (messages_fts, rowid, text, thoughts) VALUES ('delete', old.num, old.text, old.thoughts);
  INSERT INTO messages_fts (rowid, text, thoughts) VALUES (new.num, new.text, new.thoughts);
END;

CREATE TABLE images (
  id             TEXT PRIMARY KEY,
  batch_id       TEXT NOT NULL,
  file_path      TEXT NOT NULL,
  thumb_path     TEXT,
  prompt         TEXT NOT NULL,
  model          TEXT NOT NULL,
  format         TEXT NOT NULL CHECK (format IN ('png', 'jpeg', 'webp')),
  requested_size TEXT,
  reported_size  TEXT,
  width          INTEGER NOT NULL,
  height         INTEGER NOT NULL,
  size_adjusted  INTEGER NOT NULL DEFAULT 0 CHECK (size_adjusted IN (0, 1)),
  bytes          INTEGER NOT NULL,
  quality        TEXT,
  usage          TEXT,
  exchange_id    TEXT,
  created_at     INTEGER NOT NULL
) STRICT;
CREATE INDEX images_by_creation ON images (created_at DESC);

CREATE TABLE exchanges (
  id         TEXT PRIMARY KEY,
  interface  TEXT NOT NULL,
  started_at INTEGER NOT NULL,
  status     INTEGER,
  record     TEXT NOT NULL
) STRICT;
CREATE INDEX exchanges_by_start ON exchanges (started_at DESC);
`;
