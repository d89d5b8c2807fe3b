// The search index reads at most the first SEARCH_INDEX_CHARS characters of a message's text and
// thoughts. Indexing is one SQLite statement that cannot be split: a 690 KB reply of distinct words took
// 77 ms to index and 55 ms to take out again, a 4.7 MB one 0.9 s, all of it holding the host's event loop
// (every reply streaming, every Stop, every other window waited). Capped, a message costs the index a
// bounded few milliseconds whatever its size; search finds a word in the first 128 Ki characters of a
// message, which is where a person reads.
//
// The index's content is a view that cuts each text, so inserts, deletes, 'rebuild' and snippets all see
// the same cut text (an external-content index must be told exactly what it holds to delete it). An
// update that leaves the indexed part as it was (a streaming reply growing past the cut, then stored in its
// final form) costs the index nothing.
export const SEARCH_INDEX_CHARS = 128 * 1024;

export const SQL = /* sql */ `
DROP TRIGGER messages_fts_insert;
DROP TRIGGER messages_fts_delete;
DROP TRIGGER messages_fts_update;
DROP TABLE messages_fts;

CREATE VIEW messages_fts_content AS
  SELECT num, substr(text, 1, ${SEARCH_INDEX_CHARS}) AS text, substr(thoughts, 1, ${SEARCH_INDEX_CHARS}) AS thoughts
  FROM messages;

CREATE VIRTUAL TABLE messages_fts USING fts5 (
  text,
  thoughts,
  content = 'messages_fts_content',
  content_rowid = 'num',
  tokenize = 'unicode61 remove_diacritics 2'
);
INSERT INTO messages_fts (messages_fts) VALUES ('rebuild');

CREATE TRIGGER messages_fts_insert AFTER INSERT ON messages BEGIN
  INSERT INTO messages_fts (rowid, text, thoughts)
  VALUES (new.num, substr(new.text, 1, ${SEARCH_INDEX_CHARS}), substr(new.thoughts, 1, ${SEARCH_INDEX_CHARS}));
END;

CREATE TRIGGER messages_fts_delete AFTER DELETE ON messages BEGIN
  INSERT INTO messages_fts (messages_fts, rowid, text, thoughts)
  VALUES ('delete', old.num, substr(old.text, 1, ${SEARCH_INDEX_CHARS}), substr(old.thoughts, 1, ${SEARCH_INDEX_CHARS}));
END;

CREATE TRIGGER messages_fts_update AFTER UPDATE OF text, thoughts ON messages
WHEN substr(old.text, 1, ${SEARCH_INDEX_CHARS}) IS NOT substr(new.text, 1, ${SEARCH_INDEX_CHARS})
  OR substr(old.thoughts, 1, ${SEARCH_INDEX_CHARS}) IS NOT substr(new.thoughts, 1, ${SEARCH_INDEX_CHARS})
BEGIN
  INSERT INTO messages_fts (messages_fts, rowid, text, thoughts)
  VALUES ('delete', old.num, substr(old.text, 1, ${SEARCH_INDEX_CHARS}), substr(old.thoughts, 1, ${SEARCH_INDEX_CHARS}));
  INSERT INTO messages_fts (rowid, text, thoughts)
  VALUES (new.num, substr(new.text, 1, ${SEARCH_INDEX_CHARS}), substr(new.thoughts, 1, ${SEARCH_INDEX_CHARS}));
END;
`;
