// Images made in conversations (issue 29): the responses format's image_generation tool and generate
// content's image parts land in the gallery beside the images endpoint's, and an edited image keeps the
// one it came from. So each image says its source, the conversation and turn it came from (both empty
// for the images endpoint), the image it was edited from (its lineage) and the settings it was made with.
//
// A deleted conversation leaves its images in the gallery, unlinked (ON DELETE SET NULL, and the trigger
// for the turn, which has no foreign key so that a reply's image may be stored before or after its turn).
// A deleted parent leaves its children, their lineage starting at them. Rows from before are `images`.
// The CHECK lists shared/gallery.ts IMAGE_SOURCES as they are now, written out: a migration must mean
// the same forever, and a new source needs a migration of its own (a table rebuild).
export const SQL = /* sql */ `
ALTER TABLE images ADD COLUMN source TEXT NOT NULL DEFAULT 'images'
  CHECK (source IN ('images', 'responses', 'generate', 'edit'));
ALTER TABLE images ADD COLUMN conversation_id TEXT REFERENCES conversations (id) ON DELETE SET NULL;
ALTER TABLE images ADD COLUMN message_id TEXT;
ALTER TABLE images ADD COLUMN parent_id TEXT REFERENCES images (id) ON DELETE SET NULL;
ALTER TABLE images ADD COLUMN settings TEXT;
CREATE INDEX images_by_source ON images (source, created_at DESC);
CREATE INDEX images_by_parent ON images (parent_id);
CREATE INDEX images_by_conversation ON images (conversation_id);
CREATE INDEX images_by_message ON images (message_id);
CREATE TRIGGER images_unlink_message AFTER DELETE ON messages BEGIN
  UPDATE images SET message_id = NULL WHERE message_id = old.id;
END;
`;
