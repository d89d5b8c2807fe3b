// Small checks of request bodies; each failure is a 400 in the interface's family shape.
import { invalidRequest, SimError } from './errors.ts';
import { findModel } from './models.ts';
import type { HandlerContext } from './context.ts';
import type { SimModel } from './models.ts';

export function requireString(body: Record<string, unknown>, field: string): string {
  const value = body[field];
  if (typeof value !== 'string' || value === '')
    throw invalidRequest(`${field} is required (a string)`, field);
  return value;
}

export function optionalString(body: Record<string, unknown>, field: string): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw invalidRequest(`${field} must be a string`, field);
  return value;
}

export function optionalBoolean(body: Record<string, unknown>, field: string): boolean | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw invalidRequest(`${field} must be a boolean`, field);
  return value;
}

export function optionalNumber(
  body: Record<string, unknown>,
  field: string,
  min: number,
  max: number,
  where = field,
): number | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    throw invalidRequest(`${where} must be a number from ${min} to ${max}`, where);
  }
  return value;
}

export function optionalInteger(
  body: Record<string, unknown>,
  field: string,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
  where = field,
): number | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw invalidRequest(
      `${where} must be an integer from ${min}${max === Number.MAX_SAFE_INTEGER ? '' : ` to ${max}`}`,
      where,
    );
  }
  return value;
}

export function requireArray(body: Record<string, unknown>, field: string): unknown[] {
  const value = body[field];
  if (!Array.isArray(value) || value.length === 0)
    throw invalidRequest(`${field} must be a non-empty array`, field);
  return value;
}

/**
 * The model a request names, checked against the catalogue, the caller's key and the interface kind.
 * A model the key may not use answers 404, as a model that does not exist does.
 */
export function requireModel(ctx: HandlerContext, id: string | undefined, kind: SimModel['kind']): SimModel {
  if (id === undefined || id === '') throw invalidRequest('model is required', 'model');
  const model = findModel(id);
  if (!model || !ctx.caller.models.includes(model)) {
    throw new SimError({
      status: 404,
      message: `The model '${id}' does not exist or this key may not use it.`,
      code: 'model_not_found',
      param: 'model',
    });
  }
  if (model.kind !== kind) {
    throw invalidRequest(
      kind === 'image'
        ? `The model '${id}' is a text model: use an image model for image generation.`
        : `The model '${id}' generates images: use a text model here.`,
      'model',
    );
  }
  return model;
}

export function optionalEnum<T extends string>(
  body: Record<string, unknown>,
  field: string,
  allowed: readonly T[],
  where = field,
): T | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw invalidRequest(`${where} must be one of ${allowed.join(', ')}`, where);
  }
  return value as T;
}

/**
 * A list of stop texts: an array of at most `max` strings (chat also takes a single string, as the
 * service does).
 */
export function optionalStopList(
  body: Record<string, unknown>,
  field: string,
  max: number,
  where = field,
  acceptString = false,
): string[] | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (acceptString && typeof value === 'string') return [value];
  if (!Array.isArray(value) || value.some((s) => typeof s !== 'string')) {
    throw invalidRequest(`${where} must be ${acceptString ? 'a string or ' : ''}an array of strings`, where);
  }
  if (value.length > max) throw invalidRequest(`${where} may hold at most ${max} items`, where);
  return value as string[];
}
