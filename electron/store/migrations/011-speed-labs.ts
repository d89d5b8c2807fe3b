// The speed lab's saved runs (issue 30): each lab run with its name and date, the rows it measured (the
// connection by id and by name, so a deleted connection's run still reads), what it was asked, and every
// run's measures as JSON (shared/speedlab.ts reads them back, each parsed: a damaged row is skipped).
// Kept apart from the exchange records, which are pruned: a run's link to its exchange may outlive it.
export const SQL = /* sql */ `
CREATE TABLE speed_labs (
  id         TEXT PRIMARY KEY,
  name       TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  rows_json  TEXT NOT NULL,
  plan_json  TEXT NOT NULL,
  runs_json  TEXT NOT NULL,
  run_count  INTEGER NOT NULL,
  complete   INTEGER NOT NULL CHECK (complete IN (0, 1))
) STRICT;
CREATE INDEX speed_labs_by_date ON speed_labs (created_at DESC);
`;
