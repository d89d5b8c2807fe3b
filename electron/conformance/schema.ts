// A small field checker driven by the spec's §2 tables (shared/spec-tables.ts): every listed field must be
// present with its type, and documented constants must hold. Problems name the concrete path
// (`choices[0].finish_reason`), what the spec expects and what came back.
import { oneLine } from './probe.ts';
import { isRecord } from '../../shared/wire.ts';
import type { FieldType, SpecTable } from '../../shared/spec-tables.ts';

export type { FieldRule, FieldType, SpecTable } from '../../shared/spec-tables.ts';

export interface FieldProblem {
  path: string;
  kind: 'missing' | 'type' | 'constant' | 'empty';
  message: string;
}

export interface FieldCheck {
  problems: FieldProblem[];
  /** Values that differ from what the spec observed, e.g. `stop_reason "max_tokens" (spec observed "end_turn")`. */
  notes: string[];
  /** How many table rows were checked. */
  rows: number;
}

const TYPE_WORDS: Record<FieldType, string> = {
  string: 'a string',
  integer: 'an integer',
  boolean: 'a boolean',
  array: 'an array',
  object: 'an object',
  'string|null': 'a string or null',
  'object|null': 'an object or null',
};

/** A value in a few words, for the "got" side. */
export function describeValue(v: unknown): string {
  if (v === null) return 'null';
  if (v === undefined) return 'nothing';
  if (Array.isArray(v)) return `an array of ${v.length}`;
  if (typeof v === 'string') return `a string ${JSON.stringify(oneLine(v, 40))}`;
  if (typeof v === 'number') return Number.isInteger(v) ? `an integer (${v})` : `a number (${v})`;
  if (typeof v === 'boolean') return `a boolean (${v})`;
  if (typeof v === 'object') return 'an object';
  return typeof v;
}

export function hasType(v: unknown, type: FieldType): boolean {
  switch (type) {
    case 'string':
      return typeof v === 'string';
    case 'integer':
      return typeof v === 'number' && Number.isInteger(v);
    case 'boolean':
      return typeof v === 'boolean';
    case 'array':
      return Array.isArray(v);
    case 'object':
      return isRecord(v);
    case 'string|null':
      return v === null || typeof v === 'string';
    case 'object|null':
      return v === null || isRecord(v);
  }
}

function list(values: string | readonly string[]): readonly string[] {
  return typeof values === 'string' ? [values] : values;
}

function quoted(values: readonly string[]): string {
  return values.map((v) => JSON.stringify(v)).join(' or ');
}

interface Leaf {
  path: string;
  present: boolean;
  value: unknown;
  /** Missing on the way to the field: the report names this shorter path. */
  intermediate: boolean;
  /** Present on the way to the field but not the container the path walks through. */
  notA?: 'array' | 'object';
}

/** Every concrete place `segments` reach in `value` (an object). */
function resolve(value: Record<string, unknown>, segments: readonly string[], prefix: string): Leaf[] {
  const [head, ...rest] = segments;
  if (head === undefined) return [];
  const isArray = head.endsWith('[]');
  const name = isArray ? head.slice(0, -2) : head;
  const path = prefix === '' ? name : `${prefix}.${name}`;
  const child = value[name];
  if (child === undefined) {
    return [{ path, present: false, value: undefined, intermediate: rest.length > 0 || isArray }];
  }
  if (rest.length === 0 && !isArray) return [{ path, present: true, value: child, intermediate: false }];
  if (isArray) {
    if (!Array.isArray(child))
      return [{ path, present: true, value: child, intermediate: true, notA: 'array' }];
    return child.flatMap((item, i) => {
      const itemPath = `${path}[${i}]`;
      if (rest.length === 0) return [{ path: itemPath, present: true, value: item, intermediate: false }];
      if (!isRecord(item))
        return [{ path: itemPath, present: true, value: item, intermediate: true, notA: 'object' as const }];
      return resolve(item, rest, itemPath);
    });
  }
  if (!isRecord(child)) return [{ path, present: true, value: child, intermediate: true, notA: 'object' }];
  return resolve(child, rest, path);
}

/** Checks `value` against every row of `table`. */
export function checkFields(table: SpecTable, value: unknown): FieldCheck {
  const problems: FieldProblem[] = [];
  const notes: string[] = [];
  const reported = new Set<string>();
  const add = (p: FieldProblem): void => {
    if (reported.has(p.path)) return;
    reported.add(p.path);
    problems.push(p);
  };
  if (!isRecord(value)) {
    const message = `${table.name} should be a JSON object, got ${describeValue(value)}`;
    return { problems: [{ path: '', kind: 'type', message }], notes, rows: table.fields.length };
  }
  for (const rule of table.fields) {
    for (const leaf of resolve(value, rule.path.split('.'), '')) {
      if (leaf.notA !== undefined) {
        add({
          path: leaf.path,
          kind: 'type',
          message: `field "${leaf.path}" should be ${leaf.notA === 'array' ? 'an array' : 'an object'}, got ${describeValue(leaf.value)}`,
        });
        continue;
      }
      if (!leaf.present) {
        if (rule.optional && !leaf.intermediate) continue;
        const expected = leaf.intermediate ? '' : ` (spec: ${TYPE_WORDS[rule.type]})`;
        add({ path: leaf.path, kind: 'missing', message: `field "${leaf.path}" is missing${expected}` });
        continue;
      }
      if (!hasType(leaf.value, rule.type)) {
        add({
          path: leaf.path,
          kind: 'type',
          message: `field "${leaf.path}" should be ${TYPE_WORDS[rule.type]}, got ${describeValue(leaf.value)}`,
        });
        continue;
      }
      if (rule.nonEmpty && Array.isArray(leaf.value) && leaf.value.length === 0) {
        add({ path: leaf.path, kind: 'empty', message: `field "${leaf.path}" is an empty array` });
        continue;
      }
      if (rule.equals !== undefined && !list(rule.equals).includes(leaf.value as string)) {
        add({
          path: leaf.path,
          kind: 'constant',
          message: `field "${leaf.path}" should be ${quoted(list(rule.equals))}, got ${JSON.stringify(leaf.value)}`,
        });
        continue;
      }
      if (rule.observed !== undefined && !list(rule.observed).includes(leaf.value as string)) {
        const note = `${leaf.path} ${JSON.stringify(leaf.value)} (spec observed ${quoted(list(rule.observed))})`;
        if (!notes.includes(note)) notes.push(note);
      }
    }
  }
  return { problems, notes, rows: table.fields.length };
}

/** The problems in one line: the first few in full, then how many more. */
export function summariseProblems(table: SpecTable, problems: readonly FieldProblem[], max = 3): string {
  const shown = problems.slice(0, max).map((p) => p.message);
  const more = problems.length > max ? `; and ${problems.length - max} more` : '';
  return `${table.name}: ${shown.join('; ')}${more}`;
}
