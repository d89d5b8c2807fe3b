// Compare's image comparisons (issue 29): one prompt sent to the responses image tool, generate content's
// image output and the images endpoint side by side. The first two are conversations of the comparison;
// the images endpoint's column has no conversation, so its images say the comparison they were made in,
// and how long their request took (the column's "to final" figure once the comparison is opened again).
// No foreign key: a comparison is not a row, only an id its conversations share. Deleting the comparison
// unlinks its images, which stay in the gallery as every image does when its conversation goes.
export const SQL = /* sql */ `
ALTER TABLE images ADD COLUMN comparison_id TEXT;
ALTER TABLE images ADD COLUMN took_ms INTEGER;
CREATE INDEX images_by_comparison ON images (comparison_id);
`;
