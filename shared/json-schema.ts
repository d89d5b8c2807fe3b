/**
 * Structured output: the small JSON Schema subset the app understands. The page checks a reply against it,
 * the simulator answers with an instance of it, and both must agree on what the keywords mean, so both use
 * this one module. Keywords outside the subset are sent as typed and not checked here.
 */
import { extraBodyProblem, MAX_JSON_DEPTH, type JsonProblem } from './extra-body.ts';
import { PROBLEMS_NAMED } from './limits.ts';

/** What the reply check looks at; the panel lists them so a user knows what "matches" means. */
export const CHECKED_KEYWORDS = [
  'type',
  'properties',
  'required',
  'additionalProperties: false',
  'items',
  'enum',
  'minimum',
  'maximum',
] as const;

const TYPES = ['string', 'number', 'integer', 'boolean', 'array', 'object', 'null'] as const;

/** The reply a JSON mode request gets from the simulator (no schema says what to fill in). */
export const JSON_MODE_SAMPLE = { result: 'text', ok: true } as const;

type Schema = Record<string, unknown>;

function isObject(v: unknown): v is Schema {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Why `text` cannot be a schema (not JSON, with line and column; not an object), or undefined. The same
 * scanner as the extra body, so both fields say where a mistake is the same way.
 */
export function schemaTextProblem(text: string): JsonProblem | undefined {
  if (text.trim() === '') return { line: 1, column: 1, message: 'JSON Schema: empty; type a JSON object.' };
  const p = extraBodyProblem(text);
  return p ? { ...p, message: p.message.replace(/^Extra body:/, 'JSON Schema:') } : undefined;
}

/** The schema object; call only with text schemaTextProblem accepted. */
export function parseSchema(text: string): Schema {
  return JSON.parse(text) as Schema;
}

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

function typeMatches(v: unknown, type: string): boolean {
  const actual = typeOf(v);
  return actual === type || (type === 'number' && actual === 'integer');
}

function propKey(path: string, key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

/** How many of a reply's problems are named; the rest are counted ("and N more"). */
export const SCHEMA_PROBLEMS_SHOWN = PROBLEMS_NAMED;

/** Every place a value breaks a schema, the first `shown` of them named. */
export interface SchemaProblems {
  /** "path: problem" (the path from `$`), in document order */
  named: string[];
  /** how many more were found than are named */
  more: number;
}

/** Collects problems: names the first `shown`, counts the rest, so a reply with 10,000 bad items stays small. */
class Collector {
  readonly named: string[] = [];
  more = 0;
  readonly shown: number;
  constructor(shown: number) {
    this.shown = shown;
  }
  add(problem: string): void {
    if (this.named.length < this.shown) this.named.push(problem);
    else this.more += 1;
  }
}

function collect(value: unknown, schema: unknown, path: string, out: Collector): void {
  if (!isObject(schema)) return;
  const type = schema['type'];
  const types = Array.isArray(type)
    ? type.filter((t) => typeof t === 'string')
    : typeof type === 'string'
      ? [type]
      : [];
  if (types.length > 0 && !types.some((t) => typeMatches(value, t))) {
    // a value of the wrong type has no further problems worth naming
    out.add(`${path}: expected ${types.join(' or ')}, found ${typeOf(value)}`);
    return;
  }
  const en = schema['enum'];
  if (Array.isArray(en) && !en.some((e) => JSON.stringify(e) === JSON.stringify(value))) {
    out.add(`${path}: must be one of ${en.map((e) => JSON.stringify(e)).join(', ')}`);
  }
  if (typeof value === 'number') {
    const min = schema['minimum'];
    const max = schema['maximum'];
    if (typeof min === 'number' && value < min) out.add(`${path}: ${value} is less than the minimum ${min}`);
    if (typeof max === 'number' && value > max) out.add(`${path}: ${value} is more than the maximum ${max}`);
  }
  if (Array.isArray(value) && schema['items'] !== undefined) {
    for (let i = 0; i < value.length; i++) collect(value[i], schema['items'], `${path}[${i}]`, out);
  }
  if (isObject(value)) {
    const props = isObject(schema['properties']) ? schema['properties'] : {};
    const required = Array.isArray(schema['required']) ? schema['required'] : [];
    for (const key of required) {
      if (typeof key === 'string' && !Object.hasOwn(value, key)) {
        out.add(`${path}: the required property "${key}" is missing`);
      }
    }
    for (const [key, v] of Object.entries(value)) {
      if (Object.hasOwn(props, key)) collect(v, props[key], propKey(path, key), out);
      else if (schema['additionalProperties'] === false) {
        out.add(`${path}: the property "${key}" is not allowed (additionalProperties is false)`);
      }
    }
  }
}

/**
 * Every place `value` breaks `schema` (one pass over the value), the first `shown` named and the rest
 * counted. Only CHECKED_KEYWORDS are looked at. Call with values no deeper than MAX_JSON_DEPTH.
 */
export function schemaProblems(
  value: unknown,
  schema: unknown,
  shown: number = SCHEMA_PROBLEMS_SHOWN,
): SchemaProblems {
  const out = new Collector(shown);
  collect(value, schema, '$', out);
  return { named: out.named, more: out.more };
}

/** The first place `value` breaks `schema`, as "path: problem", or undefined when it matches. */
export function schemaProblem(value: unknown, schema: unknown): string | undefined {
  return schemaProblems(value, schema, 1).named[0];
}

/** The problems as one English sentence's tail: "a; b; c" or "a; …; t; and 5 more". */
export function schemaProblemsText(problems: SchemaProblems): string {
  const more = problems.more > 0 ? [`and ${problems.more.toLocaleString('en')} more`] : [];
  return [...problems.named, ...more].join('; ');
}

/**
 * A deterministic value that matches `schema`: objects with all their properties, strings "text", numbers
 * 0 (or the minimum), booleans true, an enum's first value, arrays with one item. The simulator's reply.
 */
export function schemaInstance(schema: unknown, depth = 0): unknown {
  if (!isObject(schema) || depth > 20) return null;
  const en = schema['enum'];
  if (Array.isArray(en) && en.length > 0) return en[0];
  const t = schema['type'];
  const type = Array.isArray(t) ? (t.find((x) => typeof x === 'string' && x !== 'null') ?? t[0]) : t;
  const inferred =
    typeof type === 'string' && (TYPES as readonly string[]).includes(type)
      ? type
      : isObject(schema['properties'])
        ? 'object'
        : schema['items'] !== undefined
          ? 'array'
          : 'null';
  switch (inferred) {
    case 'string':
      return 'text';
    case 'number':
    case 'integer': {
      const min = schema['minimum'];
      const max = schema['maximum'];
      if (typeof min === 'number') return inferred === 'integer' ? Math.ceil(min) : min;
      if (typeof max === 'number' && max < 0) return inferred === 'integer' ? Math.floor(max) : max;
      return 0;
    }
    case 'boolean':
      return true;
    case 'array':
      return [schemaInstance(schema['items'] ?? { type: 'string' }, depth + 1)];
    case 'object': {
      const props = isObject(schema['properties']) ? schema['properties'] : {};
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(props)) {
        Object.defineProperty(out, k, {
          value: schemaInstance(v, depth + 1),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return out;
    }
    default:
      return null;
  }
}

/** How a reply to a structured-output request reads: formatted JSON, and whether it is valid and matches. */
export interface JsonReplyCheck {
  ok: boolean;
  /** the reply re-indented, when it parses */
  formatted?: string;
  message: string;
  /** valid JSON nested deeper than MAX_JSON_DEPTH: shown as sent, not checked */
  tooDeep?: true;
  /** where it does not match the schema */
  problems?: SchemaProblems;
}

/**
 * Whether a parsed JSON value nests deeper than `limit`, found without recursion (re-indenting or checking
 * a value 12,000 levels deep overflowed the stack while a reply was drawn, and blanked the app).
 */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop() as [unknown, number];
    if (v === null || typeof v !== 'object') continue;
    if (depth + 1 > limit) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
}

/** Checks a reply: JSON at all, then (with a schema) each problem with its path (the first 20 named). */
export function checkJsonReply(text: string, schemaText: string | undefined): JsonReplyCheck {
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    const stop = extraBodyProblem(text);
    const where = stop ? ` (line ${stop.line}, column ${stop.column})` : '';
    return { ok: false, message: `Not valid JSON${where}.` };
  }
  if (nestsDeeperThan(value, MAX_JSON_DEPTH)) {
    return {
      ok: false,
      tooDeep: true,
      message: `Valid JSON nested deeper than ${MAX_JSON_DEPTH} levels: not checked.`,
    };
  }
  const formatted = JSON.stringify(value, null, 2);
  if (schemaText === undefined) return { ok: true, formatted, message: 'Valid JSON.' };
  if (schemaTextProblem(schemaText))
    return {
      ok: true,
      formatted,
      message: 'Valid JSON (the schema is not valid JSON, so it was not checked).',
    };
  const problems = schemaProblems(value, parseSchema(schemaText));
  return problems.named.length > 0
    ? {
        ok: false,
        formatted,
        message: `Valid JSON, does not match the schema: ${schemaProblemsText(problems)}.`,
        problems,
      }
    : { ok: true, formatted, message: 'Valid JSON, matches the schema.' };
}
