import { describeError } from '../../shared/errors.ts';
import { ApiError } from '../core/index.ts';

/** One line from any failure; a bug in a check is reported rather than thrown. */
export function failureLine(e: unknown): string {
  if (e instanceof ApiError) return describeError(e.info);
  return e instanceof Error ? e.message : String(e);
}

export function exchangeIdOf(e: unknown): string | undefined {
  return e instanceof ApiError ? (e.exchange?.id ?? e.info.exchangeId) : undefined;
}

/** Text shown inside a one-line detail: whitespace collapsed, cut. */
export function clip(text: string, max = 60): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
