// A reply being streamed is rewritten every time it has grown by a quarter (crash safety), and each
// rewrite used to take the old text out of the search index and put the new one in: two FTS5 statements
// over up to 128 Ki characters that cannot be split, 40-70 ms each time, so the host's event loop stalled
// several times per long reply while every other stream, Stop and window waited. A row now says whether it
// is out of the index (`unindexed`): a reply is, while it streams and until its final form has been
// stored and answered, and is then taken in once, in a task of its own (electron/store/index.ts
// indexLater; a search takes in what waits first; after a crash, the next start takes in what was left).
import { SEARCH_INDEX_CHARS } from './007-bounded-search-index.ts';

const cut = (column: string) => `substr(${column}, 1, ${SEARCH_INDEX_CHARS})`;
const changed = `${cut('old.text')} IS NOT ${cut('new.text')} OR ${cut('old.thoughts')} IS NOT ${cut('new.thoughts')}`;

export const SQL = /* sql */ `
ALTER TABLE messages ADD COLUMN unindexed INTEGER NOT NULL DEFAULT 0 CHECK (unindexed IN (0, 1));
CREATE INDEX messages_unindexed ON messages (num) WHERE unindexed = 1;

DROP TRIGGER messages_fts_insert;
DROP TRIGGER messages_fts_delete;
DROP TRIGGER messages_fts_update;
-- FTS5 reserves the names of its own table's prefix: the view is made again before the index, as in 007
DROP TABLE messages_fts;
DROP VIEW messages_fts_content;

CREATE VIEW messages_fts_content AS
  SELECT num, ${cut('text')} AS text, ${cut('thoughts')} AS thoughts FROM messages WHERE unindexed = 0;

CREATE VIRTUAL TABLE messages_fts USING fts5 (
  text,
  thoughts,
  content = 'messages_fts_content',
  content_rowid = 'num',
  tokenize = 'unicode61 remove_diacritics 2'
);
INSERT INTO messages_fts (messages_fts) VALUES ('rebuild');

CREATE TRIGGER messages_fts_insert AFTER INSERT ON messages WHEN new.unindexed = 0 BEGIN
  INSERT INTO messages_fts (rowid, text, thoughts) VALUES (new.num, ${cut('new.text')}, ${cut('new.thoughts')});
END;

CREATE TRIGGER messages_fts_delete AFTER DELETE ON messages WHEN old.unindexed = 0 BEGIN
  INSERT INTO messages_fts (messages_fts, rowid, text, thoughts)
  VALUES ('delete', old.num, ${cut('old.text')}, ${cut('old.thoughts')});
END;

-- Three exclusive cases (the order in which SQLite fires several triggers is not to be relied on).
-- An indexed row whose indexed part changed: out with the old, in with the new.
CREATE TRIGGER messages_fts_update AFTER UPDATE OF text, thoughts, unindexed ON messages
WHEN old.unindexed = 0 AND new.unindexed = 0 AND (${changed})
BEGIN
  INSERT INTO messages_fts (messages_fts, rowid, text, thoughts)
  VALUES ('delete', old.num, ${cut('old.text')}, ${cut('old.thoughts')});
  INSERT INTO messages_fts (rowid, text, thoughts) VALUES (new.num, ${cut('new.text')}, ${cut('new.thoughts')});
END;

-- A reply taken into the index: in, once.
CREATE TRIGGER messages_fts_taken_in AFTER UPDATE OF text, thoughts, unindexed ON messages
WHEN old.unindexed = 1 AND new.unindexed = 0
BEGIN
  INSERT INTO messages_fts (rowid, text, thoughts) VALUES (new.num, ${cut('new.text')}, ${cut('new.thoughts')});
END;

-- An indexed row that streams again: out.
CREATE TRIGGER messages_fts_taken_out AFTER UPDATE OF text, thoughts, unindexed ON messages
WHEN old.unindexed = 0 AND new.unindexed = 1
BEGIN
  INSERT INTO messages_fts (messages_fts, rowid, text, thoughts)
  VALUES ('delete', old.num, ${cut('old.text')}, ${cut('old.thoughts')});
END;
`;
