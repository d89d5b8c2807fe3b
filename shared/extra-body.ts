/**
 * The raw "extra body" of a conversation: JSON object text merged into each request after the built
 * fields. Shared so the page (as the user types), the host (before sending) and the CLI refuse the same
 * text with the same words, and say where the mistake is: the engines' own JSON.parse messages do not
 * always carry a position ("Unexpected token '}', ... is not valid JSON"), so a small scanner finds it.
 */

export const MAX_EXTRA_BODY_CHARS = 100_000;

export interface JsonProblem {
  line: number;
  column: number;
  message: string;
}

class Stop extends Error {
  readonly at: number;
  constructor(at: number, reason: string) {
    super(reason);
    this.at = at;
  }
}

/**
 * Deeper nesting than any request body or reply means (the scanner recurses once per level: 12,000 "["
 * overflowed the page's stack and blanked the app).
 */
export const MAX_JSON_DEPTH = 256;

/** Where the first syntax error of `text` is (offset) and what was expected; undefined for valid JSON. */
function scan(text: string): Stop | undefined {
  let i = 0;
  let depth = 0;
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
  };
  const expect = (what: string): never => {
    throw new Stop(i, i >= text.length ? `the text ends where ${what} was expected` : `expected ${what}`);
  };
  const str = () => {
    i++; // opening quote
    while (i < text.length) {
      const c = text[i]!;
      if (c === '"') return void i++;
      if (c === '\\') {
        const e = text[i + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
            i += 2;
            expect('four hex digits after \\u');
          }
          i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i += 2;
        else {
          i++;
          expect('an escape (\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\u)');
        }
      } else if (c < ' ') expect('no line break or control character inside a string');
      else i++;
    }
    expect('a closing "');
  };
  const value = (): void => {
    ws();
    const c = text[i];
    if ((c === '{' || c === '[') && ++depth > MAX_JSON_DEPTH) {
      throw new Stop(i, `nesting deeper than ${MAX_JSON_DEPTH} levels`);
    }
    if (c === '{') {
      i++;
      ws();
      if (text[i] === '}') {
        depth--;
        return void i++;
      }
      for (;;) {
        ws();
        if (text[i] !== '"') expect('a property name in double quotes');
        str();
        ws();
        if (text[i] !== ':') expect("':' after the property name");
        i++;
        value();
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === '}') {
          depth--;
          return void i++;
        }
        expect("',' or '}' after a property value");
      }
    }
    if (c === '[') {
      i++;
      ws();
      if (text[i] === ']') {
        depth--;
        return void i++;
      }
      for (;;) {
        value();
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === ']') {
          depth--;
          return void i++;
        }
        expect("',' or ']' after an array item");
      }
    }
    if (c === '"') return str();
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (m && m[0] !== '' && m[0] !== '-') return void (i += m[0].length);
    for (const word of ['true', 'false', 'null']) {
      if (text.startsWith(word, i)) return void (i += word.length);
    }
    expect('a value (an object, array, string, number, true, false or null)');
  };
  try {
    value();
    ws();
    if (i < text.length) expect('nothing after the JSON value');
    return undefined;
  } catch (e) {
    if (e instanceof Stop) return e;
    throw e;
  }
}

function lineColumn(text: string, at: number): { line: number; column: number } {
  const before = text.slice(0, at);
  const line = before.split('\n').length;
  return { line, column: at - before.lastIndexOf('\n') };
}

/**
 * Why `text` cannot be an extra body, or undefined when it can: it must be one JSON object, at most
 * 100,000 characters. Empty text is no extra body (callers store undefined instead).
 */
export function extraBodyProblem(text: string): JsonProblem | undefined {
  if (text.length > MAX_EXTRA_BODY_CHARS) {
    return {
      line: 1,
      column: 1,
      message: `Extra body: longer than ${MAX_EXTRA_BODY_CHARS.toLocaleString('en-US')} characters.`,
    };
  }
  const stop = scan(text);
  if (stop) {
    const { line, column } = lineColumn(text, stop.at);
    return {
      line,
      column,
      message: `Extra body: not valid JSON at line ${line}, column ${column}: ${stop.message}.`,
    };
  }
  const first = text.search(/\S/);
  if (text[first] !== '{') {
    const { line, column } = lineColumn(text, first);
    return {
      line,
      column,
      message: `Extra body: must be a JSON object ({ … }), found something else at line ${line}, column ${column}.`,
    };
  }
  return undefined;
}

/** The extra body as an object; undefined when absent. Call only with text extraBodyProblem accepted. */
export function parseExtraBody(text: string | undefined): Record<string, unknown> | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  return JSON.parse(text) as Record<string, unknown>;
}

/**
 * `extra` merged over `base`: objects merge key by key at every depth, anything else (arrays included)
 * from `extra` replaces what was built. Neither input is changed.
 */
export function mergeExtraBody(
  base: Record<string, unknown>,
  extra: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(extra)) {
    const b = Object.hasOwn(out, k) ? out[k] : undefined;
    // defineProperty: a "__proto__" key from JSON.parse is a field to send, not a prototype to set
    Object.defineProperty(out, k, {
      value: isPlainObject(b) && isPlainObject(v) ? mergeExtraBody(b, v) : v,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The paths (a.b.c) of every non-object value in `extra`: what the extra body set. */
export function extraBodyPaths(extra: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(extra).flatMap(([k, v]) =>
    isPlainObject(v) && Object.keys(v).length > 0 ? extraBodyPaths(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

/**
 * Which fields of a request body hold what the extra body of the open conversation (of the request's
 * format) sets. An exchange does not record the parameters it was built from, so this compares values:
 * it lists only fields whose value in the body is exactly the extra body's, and says so.
 */
export function extraBodyFieldsIn(requestBody: string, extraBody: string | undefined): string[] {
  if (extraBody === undefined || extraBody.trim() === '' || extraBodyProblem(extraBody)) return [];
  let body: unknown;
  try {
    body = JSON.parse(requestBody) as unknown;
  } catch {
    return [];
  }
  const extra = parseExtraBody(extraBody) ?? {};
  return extraBodyPaths(extra).filter((path) => {
    const keys = path.split('.');
    return JSON.stringify(valueAt(body, keys)) === JSON.stringify(valueAt(extra, keys));
  });
}

function valueAt(v: unknown, keys: string[]): unknown {
  let at = v;
  for (const k of keys) {
    if (typeof at !== 'object' || at === null || Array.isArray(at) || !Object.hasOwn(at, k)) return undefined;
    at = (at as Record<string, unknown>)[k];
  }
  return at;
}
