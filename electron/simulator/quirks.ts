// Deliberate deviations from the spec, switched on by tests of the conformance checker.
import type { SimInterface, SimQuirks } from './types.ts';

export const DEFAULT_QUIRKS: SimQuirks = {
  omitField: null,
  wrongObjectConstant: false,
  acceptDoubledPath: false,
  ignoreSignatures: false,
  noSignatures: false,
  misreportImageSize: false,
  lenientMessages: false,
  usageMismatch: false,
};

/** What the usageMismatch quirk adds to a total, so that total != input + output. */
export function totalSkew(quirks: SimQuirks): number {
  return quirks.usageMismatch ? 7 : 0;
}

function deletePath(target: unknown, segments: readonly string[]): void {
  if (Array.isArray(target)) {
    // Arrays are transparent: 'chat.choices.finish_reason' reaches into every choice.
    for (const item of target) deletePath(item, segments);
    return;
  }
  if (typeof target !== 'object' || target === null) return;
  const [head, ...rest] = segments;
  if (head === undefined) return;
  const record = target as Record<string, unknown>;
  if (rest.length === 0) delete record[head];
  else deletePath(record[head], rest);
}

/**
 * Applies the omitField quirk to one reply object (or streamed event payload) of `iface`.
 * Streamed payloads that wrap the object ({response}, {message}) are reached as well.
 */
export function applyOmitField(quirks: SimQuirks, iface: SimInterface, payload: unknown): void {
  const path = quirks.omitField;
  if (path === null || !path.startsWith(`${iface}.`)) return;
  const segments = path.slice(iface.length + 1).split('.');
  deletePath(payload, segments);
  if (typeof payload === 'object' && payload !== null) {
    const record = payload as Record<string, unknown>;
    if (iface === 'responses') deletePath(record['response'], segments);
    if (iface === 'messages') deletePath(record['message'], segments);
  }
}
