// The simulator's own control paths, for tests in other processes (CLI, browser end-to-end).
// They live outside /v1 and /v1beta, so no client of the service can reach them by accident.
import { parseFault } from './faults.ts';
import { DEFAULT_QUIRKS } from './quirks.ts';
import { sendPlain } from './respond.ts';

import type { FaultQueue } from './faults.ts';
import type { ServerResponse } from 'node:http';
import type { RecordedRequest, SimPace, SimQuirks } from './types.ts';
import { parsePace } from './pace.ts';
import { isRecord } from '../../shared/wire.ts';

export const CONTROL_PREFIX = '/__sim/';

export interface ControlDeps {
  faults: FaultQueue;
  requests: RecordedRequest[];
  setQuirks(q: Partial<SimQuirks>): void;
  quirks(): SimQuirks;
  setPace(pace: SimPace | null): void;
  pace(): SimPace | null;
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  sendPlain(res, status, 'application/json', JSON.stringify(body));
}

function refuse(res: ServerResponse, status: number, message: string): void {
  reply(res, status, { error: { message } });
}

/** Checks quirks sent as JSON: known names with values of the default's type (omitField: string or null). */
export function parseQuirks(value: unknown): Partial<SimQuirks> | string {
  if (!isRecord(value)) return 'quirks must be a JSON object';
  for (const [name, setting] of Object.entries(value)) {
    if (!(name in DEFAULT_QUIRKS)) return `unknown quirk ${name}`;
    const ok =
      name === 'omitField' ? setting === null || typeof setting === 'string' : typeof setting === 'boolean';
    if (!ok) return `quirk ${name} has a value of the wrong type`;
  }
  return value as Partial<SimQuirks>;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function handleControl(
  method: string,
  pathname: string,
  body: string,
  res: ServerResponse,
  deps: ControlDeps,
): void {
  const path = pathname.slice(CONTROL_PREFIX.length);
  if (path === 'faults' && method === 'POST') {
    const value = parseJson(body);
    if (isRecord(value) && value['clear'] === true) {
      deps.faults.clear();
      reply(res, 200, { pending: 0 });
      return;
    }
    const fault = parseFault(value);
    if (typeof fault === 'string') return refuse(res, 400, fault);
    deps.faults.add(fault);
    reply(res, 200, { pending: deps.faults.pending() });
    return;
  }
  if (path === 'faults' && method === 'GET') return reply(res, 200, { pending: deps.faults.pending() });
  if (path === 'requests' && method === 'GET') return reply(res, 200, deps.requests);
  if (path === 'requests' && method === 'DELETE') {
    deps.requests.length = 0;
    reply(res, 200, { cleared: true });
    return;
  }
  if (path === 'quirks' && method === 'POST') {
    const quirks = parseQuirks(parseJson(body));
    if (typeof quirks === 'string') return refuse(res, 400, quirks);
    deps.setQuirks(quirks);
    reply(res, 200, deps.quirks());
    return;
  }
  if (path === 'quirks' && method === 'GET') return reply(res, 200, deps.quirks());
  if (path === 'pace' && method === 'POST') {
    const value = parseJson(body);
    const pace = value === null ? null : parsePace(value);
    if (typeof pace === 'string') return refuse(res, 400, pace);
    deps.setPace(pace);
    reply(res, 200, { pace });
    return;
  }
  if (path === 'pace' && method === 'GET') return reply(res, 200, { pace: deps.pace() });
  refuse(res, 404, `No such control path: ${pathname}`);
}
