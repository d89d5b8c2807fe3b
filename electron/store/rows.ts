// Reading typed values out of node:sqlite rows. A wrong type means the schema and the code disagree,
// which is a bug: it throws instead of letting a bad value travel on.
import type { SQLOutputValue } from 'node:sqlite';

export type Row = Record<string, SQLOutputValue>;

export function str(row: Row, column: string): string {
  const value = row[column];
  if (typeof value !== 'string') throw new TypeError(`column ${column} is not text`);
  return value;
}

export function optStr(row: Row, column: string): string | undefined {
  const value = row[column];
  if (value === null || value === undefined) return undefined;
  if (typeof value !== 'string') throw new TypeError(`column ${column} is not text`);
  return value;
}

export function num(row: Row, column: string): number {
  const value = row[column];
  if (typeof value === 'bigint') return Number(value);
  if (typeof value !== 'number') throw new TypeError(`column ${column} is not a number`);
  return value;
}

export function optNum(row: Row, column: string): number | undefined {
  const value = row[column];
  if (value === null || value === undefined) return undefined;
  return num(row, column);
}

export function bool(row: Row, column: string): boolean {
  return num(row, column) !== 0;
}

/** A JSON column; undefined when NULL. The caller knows the shape it wrote. */
export function optJson<T>(row: Row, column: string): T | undefined {
  const text = optStr(row, column);
  return text === undefined ? undefined : (JSON.parse(text) as T);
}

/** JSON text for a column, NULL for undefined. */
export function toJson(value: unknown): string | null {
  return value === undefined ? null : JSON.stringify(value);
}
