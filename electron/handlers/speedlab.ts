// The speed lab's operations: run rows of (connection, format, model) against their services, save the
// lab run, list, rename, delete and export saved runs. Each row's connection and keys are resolved here,
// by id, for that row alone: a connection's key only ever goes to that connection's own address.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { compact } from '../../shared/compact.ts';
import { SPEED_LAB } from '../../shared/limits.ts';
import {
  LabMeasureSchema,
  LabPlanSchema,
  LabRowSchema,
  labCsv,
  labFileName,
  labJson,
  type LabMeasure,
  type LabPlan,
  type LabRecord,
  type LabRow,
  type LabSummary,
} from '../../shared/speedlab.ts';
import { runLab, type LabOptions } from '../core/lab/run-lab.ts';
import { toAppError } from '../core/index.ts';
import type { SpeedLabRow } from '../store/speed-labs-repo.ts';
import type { Handlers } from './dispatch.ts';
import { notFound } from './errors.ts';
import { runRequest } from './requests.ts';
import { clientFor, emitSafely, keysOf, type Services } from './services.ts';
import { readSettings } from './settings.ts';

/** A run waits this long for headers or the next event by default; the page may choose within SPEED_LAB. */
const DEFAULT_TIMEOUT_MS = 30_000;

const RowsSchema = z.array(LabRowSchema);
const RunsSchema = z.array(z.unknown());

/** The saved runs a row holds, each read alone: a damaged one is left out, not the whole lab. */
function readRuns(json: string): LabMeasure[] {
  const parsed = RunsSchema.safeParse(JSON.parse(json));
  if (!parsed.success) return [];
  const runs: LabMeasure[] = [];
  for (const item of parsed.data) {
    const run = LabMeasureSchema.safeParse(item);
    if (run.success) runs.push(run.data);
  }
  return runs;
}

function summaryOf(row: Omit<SpeedLabRow, 'runsJson'>): LabSummary | undefined {
  const rows = RowsSchema.safeParse(JSON.parse(row.rowsJson));
  const plan = LabPlanSchema.safeParse(JSON.parse(row.planJson));
  if (!rows.success || !plan.success || rows.data.length === 0) return undefined;
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt,
    rows: rows.data,
    plan: plan.data,
    runCount: row.runCount,
    complete: row.complete,
  };
}

function recordOf(row: SpeedLabRow): LabRecord | undefined {
  const summary = summaryOf(row);
  if (!summary) return undefined;
  const { runCount: _count, ...rest } = summary;
  return { ...rest, runs: readRuns(row.runsJson) };
}

function getRecord(s: Services, id: string): LabRecord {
  const row = s.store.speedLabs.get(id);
  const record = row ? recordOf(row) : undefined;
  if (!record) throw notFound('This speed lab run is no longer saved.');
  return record;
}

/** The default name: the rows' models and the date, in the host's words (the page renames). */
function defaultName(rows: readonly LabRow[], at: number): string {
  const models = [...new Set(rows.map((r) => r.model))].join(', ');
  const name = `${models} · ${new Date(at).toISOString().slice(0, 16).replace('T', ' ')}`;
  return name.length > SPEED_LAB.nameChars ? `${name.slice(0, SPEED_LAB.nameChars - 1)}…` : name;
}

export function speedLabHandlers(
  s: Services,
): Pick<
  Handlers,
  'runSpeedLab' | 'listSpeedLabs' | 'getSpeedLab' | 'renameSpeedLab' | 'deleteSpeedLab' | 'exportSpeedLab'
> {
  return {
    async runSpeedLab(input, ctx) {
      const plan: LabPlan = {
        prompt: input.prompt,
        outputTokens: input.outputTokens,
        runs: input.runs,
        concurrency: input.concurrency,
        timeoutMs: input.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      };
      const rows: LabRow[] = [];
      const targets: LabOptions['targets'][number][] = [];
      const limits = { maxRetries: 0, headersTimeoutMs: plan.timeoutMs, idleTimeoutMs: plan.timeoutMs };
      for (const asked of input.rows) {
        const connection = s.store.connections.get(asked.connectionId);
        rows.push({ ...asked, connectionName: connection?.name ?? '' });
        try {
          if (!connection) throw notFound('This connection no longer exists.');
          // the row's own connection and keys: nothing of one row's reaches another's address
          const client = await clientFor(s, connection, await keysOf(s, connection), {
            ctx,
            requestId: input.requestId,
            limits,
          });
          targets.push({ client, format: asked.format, model: asked.model });
        } catch (e) {
          const error = toAppError(e);
          targets.push({
            failed: {
              usageReported: false,
              endReason: 'service-error',
              error: { kind: 'refused', message: error.message },
            },
          });
        }
      }
      const createdAt = s.now();
      const total = rows.length * plan.runs;
      const runs = await runRequest(s.requests, input.requestId, (signal) =>
        runLab({
          plan,
          targets,
          signal,
          prices: readSettings(s).prices,
          onRun: (measure) =>
            emitSafely(s, ctx, 'labRun', { requestId: input.requestId, measure, of: total }),
        }),
      );
      const record: LabRecord = {
        id: randomUUID(),
        name: input.name || defaultName(rows, createdAt),
        createdAt,
        rows,
        plan,
        runs,
        complete: runs.length === total && !runs.some((r) => r.error?.kind === 'stopped'),
      };
      s.store.speedLabs.insert({
        id: record.id,
        name: record.name,
        createdAt,
        rowsJson: JSON.stringify(rows),
        planJson: JSON.stringify(record.plan),
        runsJson: JSON.stringify(runs),
        runCount: runs.length,
        complete: record.complete,
      });
      s.store.speedLabs.prune(SPEED_LAB.saved);
      return record;
    },
    async listSpeedLabs() {
      return s.store.speedLabs
        .list(SPEED_LAB.saved)
        .map(summaryOf)
        .filter((x): x is LabSummary => x !== undefined);
    },
    async getSpeedLab({ id }) {
      return getRecord(s, id);
    },
    async renameSpeedLab({ id, name }) {
      if (!s.store.speedLabs.rename(id, name)) throw notFound('This speed lab run is no longer saved.');
      const { runs, ...rest } = getRecord(s, id);
      return { ...rest, runCount: runs.length };
    },
    async deleteSpeedLab({ id }) {
      return { deleted: s.store.speedLabs.delete(id) };
    },
    async exportSpeedLab({ id, as }) {
      const record = getRecord(s, id);
      return compact({
        filename: labFileName(record, as),
        mime: as === 'csv' ? 'text/csv' : 'application/json',
        content: as === 'csv' ? labCsv(record) : labJson(record),
      });
    },
  };
}
