// The one wrapper every operation goes through: known name, input parsed by the contract's schema,
// handler run, and a serialisable Result out. It never throws.
import {
  operations,
  type OperationName,
  type OperationOutput,
  type ParsedInput,
} from '../../shared/contract.ts';
import type { AppError, Result } from '../../shared/errors.ts';
import { ApiError } from '../core/index.ts';
import { storageError } from './errors.ts';
import type { Logger } from './logger.ts';
import type { CallContext } from './types.ts';

/** One handler per operation, typed from the contract: a missing or mistyped handler fails tsc. */
export type Handlers = {
  [K in OperationName]: (input: ParsedInput<K>, ctx: CallContext) => Promise<OperationOutput<K>>;
};

export type Dispatch = (name: string, input: unknown, ctx: CallContext) => Promise<Result<unknown>>;

const INTERNAL_MESSAGE = 'Something went wrong inside Quartet; the details are in its log.';

function isOperation(name: unknown): name is OperationName {
  return typeof name === 'string' && Object.hasOwn(operations, name);
}

function invalidInput(issues: { path: string; message: string }[]): AppError {
  const message = issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join(' ');
  return { kind: 'invalid-input', message, issues };
}

/** An ApiError as its info; anything else is a bug, logged with its stack and reported generically. */
function toPublicError(e: unknown, name: string, log: Logger): AppError {
  // a full disk, a read-only folder, a database held elsewhere: named, not a bug (errors.ts)
  if (!(e instanceof ApiError) || (e.info.kind === 'internal' && e.info.local === undefined)) {
    const named = storageError(e);
    if (named) {
      log.error(`${name}: ${named.info.message}`, e);
      return named.info;
    }
  }
  if (e instanceof ApiError) {
    if (e.info.kind === 'internal') log.error(`${name}: ${e.info.message}`, (e as { cause?: unknown }).cause);
    return e.info;
  }
  log.error(`${name} failed`, e);
  return { kind: 'internal', message: INTERNAL_MESSAGE };
}

export function createDispatch(handlers: Handlers, log: Logger): Dispatch {
  return async (name, input, ctx) => {
    if (!isOperation(name)) {
      const shown = typeof name === 'string' ? name.slice(0, 80) : typeof name;
      return {
        ok: false,
        error: { kind: 'invalid-input', message: `There is no operation called "${shown}".` },
      };
    }
    // An operation without fields may be called without an input object.
    const parsed = operations[name].input.safeParse(input === undefined ? {} : input);
    if (!parsed.success) {
      return {
        ok: false,
        error: invalidInput(
          parsed.error.issues.map((issue) => ({
            path: issue.path.map(String).join('.'),
            message: issue.message,
          })),
        ),
      };
    }
    try {
      // The table is typed per operation; the name and the parsed input belong together by construction.
      const handler = handlers[name] as (input: unknown, ctx: CallContext) => Promise<unknown>;
      return { ok: true, value: await handler(parsed.data, ctx) };
    } catch (e) {
      return { ok: false, error: toPublicError(e, name, log) };
    }
  };
}
