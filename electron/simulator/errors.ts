// Errors in each family's vendor shape (wire-notes "Errors").
import type { SimFamily } from './types.ts';

export interface ErrorInfo {
  status: number;
  message: string;
  /** Overrides the type derived from the status (Bearer and messages families). */
  type?: string;
  code?: string | null;
  param?: string | null;
  /** Render in this family's shape instead of the interface's (the model list serves all three). */
  family?: SimFamily;
}

/** Thrown by request handlers; the server renders it in the interface's family shape. */
export class SimError extends Error {
  readonly info: ErrorInfo;
  constructor(info: ErrorInfo) {
    super(info.message);
    this.name = 'SimError';
    this.info = info;
  }
}

export function invalidRequest(message: string, param: string | null = null): SimError {
  return new SimError({ status: 400, message, param });
}

function bearerType(status: number): string {
  if (status === 429) return 'rate_limit_error';
  if (status === 403) return 'permission_error';
  if (status >= 500) return 'server_error';
  return 'invalid_request_error';
}

function bearerCode(status: number): string | null {
  if (status === 401) return 'invalid_api_key';
  if (status === 429) return 'rate_limit_exceeded';
  if (status === 529) return 'overloaded';
  return null;
}

function messagesType(status: number): string {
  switch (status) {
    case 401:
      return 'authentication_error';
    case 403:
      return 'permission_error';
    case 404:
      return 'not_found_error';
    case 413:
      return 'request_too_large';
    case 429:
      return 'rate_limit_error';
    case 529:
      return 'overloaded_error';
    default:
      return status >= 500 ? 'api_error' : 'invalid_request_error';
  }
}

function generateStatus(status: number): string {
  switch (status) {
    case 400:
    case 413:
      return 'INVALID_ARGUMENT';
    case 401:
      return 'UNAUTHENTICATED';
    case 403:
      return 'PERMISSION_DENIED';
    case 404:
      return 'NOT_FOUND';
    case 405:
      return 'UNIMPLEMENTED';
    case 409:
      return 'ABORTED';
    case 429:
      return 'RESOURCE_EXHAUSTED';
    case 503:
    case 529:
      return 'UNAVAILABLE';
    case 504:
      return 'DEADLINE_EXCEEDED';
    default:
      return status >= 500 ? 'INTERNAL' : 'FAILED_PRECONDITION';
  }
}

export function errorBody(family: SimFamily, info: ErrorInfo): unknown {
  switch (family) {
    case 'bearer':
      return {
        error: {
          message: info.message,
          type: info.type ?? bearerType(info.status),
          param: info.param ?? null,
          code: info.code === undefined ? bearerCode(info.status) : info.code,
        },
      };
    case 'messages':
      return {
        type: 'error',
        error: { type: info.type ?? messagesType(info.status), message: info.message },
      };
    case 'generate':
      return { error: { code: info.status, message: info.message, status: generateStatus(info.status) } };
  }
}

/** The text a status fault says when the test gave none. */
export function defaultStatusMessage(status: number): string {
  if (status === 429) return 'Rate limit reached (simulated). Retry later.';
  if (status === 529) return 'Overloaded (simulated).';
  if (status >= 500) return `The server had an error while processing your request (simulated ${status}).`;
  return `Simulated error ${status}.`;
}
