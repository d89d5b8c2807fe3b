// Images a tool returned (issue 31): stored as attachment files when the call finishes, and carried by
// the user turn that answers the call (its tool_results JSON names them). Which turn keeps which is a
// link of its own, apart from message_attachments (the files the user attached, which the page shows and
// sends as the message's own), so the start-up sweep and a conversation's deletion see them in use.
export const SQL = /* sql */ `
CREATE TABLE message_tool_images (
  message_id    TEXT NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
  position      INTEGER NOT NULL,
  attachment_id TEXT NOT NULL REFERENCES attachments (id),
  PRIMARY KEY (message_id, position)
) STRICT;
CREATE INDEX message_tool_images_by_attachment ON message_tool_images (attachment_id);
`;
