// The fault queue: tests queue faults, and each service request takes the first one that matches.
import type { Fault, FaultController, SimInterface } from './types.ts';
import { isRecord } from '../../shared/wire.ts';

interface Queued {
  fault: Fault;
  remaining: number;
}

export class FaultQueue implements FaultController {
  readonly #queue: Queued[] = [];

  add(fault: Fault): void {
    const times = fault.times ?? 1;
    if (!Number.isInteger(times) || times < 1) throw new TypeError('fault.times must be a positive integer');
    this.#queue.push({ fault, remaining: times });
  }

  clear(): void {
    this.#queue.length = 0;
  }

  pending(): number {
    return this.#queue.reduce((sum, q) => sum + q.remaining, 0);
  }

  /** Takes one application of the first queued fault that matches this request, if any. */
  take(iface: SimInterface, stream: boolean, body = ''): Fault | undefined {
    const index = this.#queue.findIndex(({ fault: { match } }) => {
      if (match?.interface !== undefined && match.interface !== iface) return false;
      if (match?.stream !== undefined && match.stream !== stream) return false;
      if (match?.bodyIncludes !== undefined && !body.includes(match.bodyIncludes)) return false;
      return true;
    });
    const queued = this.#queue[index];
    if (!queued) return undefined;
    queued.remaining -= 1;
    if (queued.remaining === 0) this.#queue.splice(index, 1);
    return queued.fault;
  }
}

const INTERFACES: readonly string[] = ['models', 'chat', 'responses', 'images', 'messages', 'generate'];

function isCount(value: unknown): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

function isStatus(value: unknown): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= 100 && value <= 599;
}

/**
 * Checks a fault that arrived as JSON over the control path. Returns the fault, or why it is refused.
 * Only the fields each kind needs are checked; the rest must be of the declared type when present.
 */
export function parseFault(value: unknown): Fault | string {
  if (!isRecord(value)) return 'a fault must be a JSON object';
  const { match, times } = value;
  if (match !== undefined) {
    if (!isRecord(match)) return 'match must be an object';
    if (match['interface'] !== undefined && !INTERFACES.includes(String(match['interface']))) {
      return `match.interface must be one of ${INTERFACES.join(', ')}`;
    }
    if (match['stream'] !== undefined && typeof match['stream'] !== 'boolean')
      return 'match.stream must be a boolean';
    if (match['bodyIncludes'] !== undefined && typeof match['bodyIncludes'] !== 'string')
      return 'match.bodyIncludes must be a string';
  }
  if (times !== undefined && (!isCount(times) || times === 0)) return 'times must be a positive integer';
  const need = (field: string, check: (v: unknown) => boolean, what: string): string | null =>
    check(value[field]) ? null : `${String(value['kind'])} needs ${field} (${what})`;
  const optional = (field: string, type: string): string | null =>
    value[field] === undefined || typeof value[field] === type ? null : `${field} must be a ${type}`;
  let problem: string | null;
  switch (value['kind']) {
    case 'status':
      problem =
        need('status', isStatus, 'an HTTP status') ??
        optional('retryAfter', 'string') ??
        optional('retryAfterMs', 'number') ??
        optional('shouldRetry', 'boolean') ??
        optional('message', 'string');
      break;
    case 'html':
      problem = need('status', isStatus, 'an HTTP status');
      break;
    case 'text':
      problem =
        need('status', isStatus, 'an HTTP status') ?? need('body', (v) => typeof v === 'string', 'a string');
      break;
    case 'slowHeaders':
    case 'slowStream':
      problem = need('ms', isCount, 'milliseconds');
      break;
    case 'stall':
    case 'reset':
    case 'truncate':
    case 'badJson':
    case 'errorEvent':
      problem = need('afterEvents', isCount, 'a count');
      break;
    case 'bigBody':
      problem = need('bytes', isCount, 'a byte count');
      break;
    case 'imageBadBase64':
    case 'imageNotAnImage':
    case 'imageCutBody':
      problem = null;
      break;
    default:
      return `unknown fault kind ${JSON.stringify(value['kind'])}`;
  }
  // The checks above established the shape of the kind that was named.
  return problem ?? (value as Fault);
}
