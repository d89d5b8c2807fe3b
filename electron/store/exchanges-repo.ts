import { compact } from '../../shared/compact.ts';
import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import type { ExchangeSummary } from '../../shared/contract.ts';
import { ExchangeSchema, type Exchange } from '../../shared/exchange.ts';
import { ErrorKindSchema } from '../../shared/errors.ts';
import { InterfaceSchema } from '../../shared/formats.ts';
import { num, optNum, optStr, str, type Row } from './rows.ts';

/** The inspector keeps the newest records only; older ones are pruned as new ones arrive. */
export const MAX_EXCHANGES = 2000;

export interface ExchangesRepo {
  /** stores (or replaces) a record already redacted by the core; returns true when it was new */
  put(exchange: Exchange): boolean;
  get(id: string): Exchange | undefined;
  /** newest first; `before` pages back by start time */
  list(options: { limit: number; before?: number | undefined }): ExchangeSummary[];
  count(): number;
  /** deletes every record; returns how many there were */
  clear(): number;
}

// Summary fields come out of the JSON in SQL, so a page of summaries never parses whole bodies.
const SUMMARY = `SELECT id, interface, started_at, status,
    json_extract(record, '$.method') AS method,
    json_extract(record, '$.url') AS url,
    json_extract(record, '$.streamed') AS streamed,
    json_extract(record, '$.timings.totalMs') AS total_ms,
    json_extract(record, '$.error.message') AS error,
    json_extract(record, '$.error.kind') AS error_kind
  FROM exchanges`;

function toSummary(row: Row): ExchangeSummary {
  const method = str(row, 'method');
  return compact({
    id: str(row, 'id'),
    interface: InterfaceSchema.parse(str(row, 'interface')),
    method: method === 'GET' ? 'GET' : 'POST',
    url: str(row, 'url'),
    status: optNum(row, 'status'),
    streamed: num(row, 'streamed') !== 0,
    totalMs: optNum(row, 'total_ms'),
    error: optStr(row, 'error'),
    errorKind: ErrorKindSchema.safeParse(optStr(row, 'error_kind')).data,
    startedAt: num(row, 'started_at'),
  });
}

export function createExchangesRepo(db: DatabaseSync, keep = MAX_EXCHANGES): ExchangesRepo {
  const exists = db.prepare('SELECT 1 AS one FROM exchanges WHERE id = ?');
  const upsert = db.prepare(
    `INSERT INTO exchanges (id, interface, started_at, status, record) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET interface = excluded.interface, started_at = excluded.started_at,
       status = excluded.status, record = excluded.record`,
  );
  // rowid follows arrival order, which is what "newest" means for pruning.
  const prune = db.prepare(
    `DELETE FROM exchanges WHERE rowid <= (SELECT rowid FROM exchanges ORDER BY rowid DESC LIMIT 1 OFFSET ?)`,
  );
  const byId = db.prepare('SELECT record FROM exchanges WHERE id = ?');
  const count = db.prepare('SELECT count(*) AS n FROM exchanges');
  const clear = db.prepare('DELETE FROM exchanges');
  return {
    put(exchange) {
      const isNew = exists.get(exchange.id) === undefined;
      upsert.run(
        exchange.id,
        exchange.interface,
        exchange.startedAt,
        exchange.status ?? null,
        JSON.stringify(exchange),
      );
      if (isNew) prune.run(keep);
      return isNew;
    },
    get(id) {
      const row = byId.get(id);
      if (!row) return undefined;
      const parsed = ExchangeSchema.safeParse(JSON.parse(str(row, 'record')));
      return parsed.success ? parsed.data : undefined;
    },
    list({ limit, before }) {
      const args: SQLInputValue[] = [];
      let where = '';
      if (before !== undefined) {
        where = ' WHERE started_at < ?';
        args.push(before);
      }
      return db
        .prepare(`${SUMMARY}${where} ORDER BY started_at DESC, rowid DESC LIMIT ?`)
        .all(...args, limit)
        .map(toSummary);
    },
    count: () => num(count.get() ?? { n: 0 }, 'n'),
    clear: () => Number(clear.run().changes),
  };
}
