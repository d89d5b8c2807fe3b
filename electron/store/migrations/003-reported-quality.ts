// The quality the image service reported it used (its reply's `quality`), beside the one asked for:
// "auto" asks the service to choose, and only the reply says what it chose. Images stored before have none.
export const SQL = /* sql */ `
ALTER TABLE images ADD COLUMN reported_quality TEXT;
`;
