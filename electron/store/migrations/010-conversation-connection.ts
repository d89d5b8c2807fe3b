// A connection per conversation (issue 30): every request of a conversation goes through the connection
// it belongs to, not the one active in Settings.
//
// - conversations.connection_id: the connection (deleting it leaves the conversation unassigned, ON DELETE
//   SET NULL; the handler first notes its name in wanted_connection). Rows from before take the connection
//   that was active (the settings key 'app.activeConnectionId', a JSON string), else the built-in sandbox.
// - conversations.wanted_connection: the name of a connection the conversation asked for and this data
//   folder lacks (an import from elsewhere, a deleted connection); it is shown until the user picks one.
// - messages.made_by: the connection whose service made a reply, stamped when the conversation moves to
//   another connection (NULL: made through the conversation's own). Signatures and encrypted reasoning
//   are bound to the service that made them, so such a reply goes back without them.
export const SQL = /* sql */ `
ALTER TABLE conversations ADD COLUMN connection_id TEXT REFERENCES connections (id) ON DELETE SET NULL;
ALTER TABLE conversations ADD COLUMN wanted_connection TEXT;
ALTER TABLE messages ADD COLUMN made_by TEXT;
CREATE INDEX conversations_by_connection ON conversations (connection_id);

UPDATE conversations SET connection_id = coalesce(
  (SELECT c.id FROM connections c, settings s
    WHERE s.key = 'app.activeConnectionId' AND json_valid(s.value) AND c.id = json_extract(s.value, '$')),
  (SELECT id FROM connections WHERE built_in = 1 ORDER BY created_at, rowid LIMIT 1)
);
`;
