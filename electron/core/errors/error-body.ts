import { isRecord } from '../../../shared/wire.ts';
import { compact } from '../../../shared/compact.ts';
/**
 * Turns the body of a non-2xx reply into a message for a person. The service mimics three vendors, each
 * with its own JSON error shape; gateways in front of it answer with HTML pages, plain text or nothing.
 */
export interface ErrorBodyInfo {
  message: string;
  vendorType?: string;
  vendorCode?: string;
  /** the start of a body that was not a vendor's JSON error */
  snippet?: string;
}

const SNIPPET_CHARS = 120;

function str(v: unknown): string | undefined {
  if (typeof v === 'string' && v !== '') return v;
  if (typeof v === 'number') return String(v);
  return undefined;
}

function shorten(text: string, max = SNIPPET_CHARS): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > max ? `${oneLine.slice(0, max - 1)}…` : oneLine;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The readable text of an HTML page: the title when there is one, else its visible text. */
export function htmlText(html: string): string {
  const decode = (s: string) =>
    s.replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (m, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X'))
        return String.fromCodePoint(parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
      return ENTITIES[name.toLowerCase()] ?? m;
    });
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1];
  if (title !== undefined && title.trim() !== '') return shorten(decode(title));
  const body = html
    .replace(/<(script|style|head)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<[^>]*>/g, ' ');
  return shorten(decode(body));
}

/** Vendor JSON error shapes: messages `{type:'error', error:{type,message}}`, generate `{error:{code,message,status}}`, Bearer `{error:{message,type,param,code}}`. */
export function parseVendorError(data: unknown): ErrorBodyInfo | undefined {
  if (!isRecord(data)) return undefined;
  const err = data['error'];
  if (isRecord(err)) {
    const message = str(err['message']);
    if (data['type'] === 'error') {
      const vendorType = str(err['type']);
      return compact({ message: message ?? vendorType ?? 'error', vendorType });
    }
    if (typeof err['status'] === 'string') {
      // generate content: status is the canonical name, code the HTTP number
      const vendorType = err['status'];
      const vendorCode = str(err['code']);
      return compact({ message: message ?? vendorType, vendorType, vendorCode });
    }
    const vendorType = str(err['type']);
    const vendorCode = str(err['code']);
    const param = str(err['param']);
    return compact({
      message: `${message ?? vendorType ?? vendorCode ?? 'error'}${param && message && !message.includes(param) ? ` (param: ${param})` : ''}`,
      vendorType,
      vendorCode,
    });
  }
  if (typeof err === 'string' && err !== '') return { message: err };
  const message = str(data['message']) ?? str(data['detail']);
  if (message) return { message };
  return undefined;
}

/** Reads any error body: vendor JSON, HTML, plain text or empty. */
export function describeErrorBody(status: number, contentType: string, body: string): ErrorBodyInfo {
  const trimmed = body.trim();
  if (trimmed === '') {
    return { message: `the service answered with an empty body (HTTP ${status}${reason(status)})` };
  }
  const looksJson = contentType.includes('json') || trimmed.startsWith('{') || trimmed.startsWith('[');
  if (looksJson) {
    try {
      const parsed = parseVendorError(JSON.parse(trimmed));
      if (parsed) return parsed;
      return {
        message: `the service answered with unexpected JSON: ${shorten(trimmed, 80)}`,
        snippet: shorten(trimmed),
      };
    } catch {
      // not JSON after all: fall through to text handling
    }
  }
  if (contentType.includes('html') || /^<(!doctype|html|head|body|\?xml|center|h1)/i.test(trimmed)) {
    const text = htmlText(trimmed);
    return {
      message: `the gateway answered with an HTML page: '${text || 'no readable text'}'`,
      snippet: text,
    };
  }
  const text = shorten(trimmed);
  return { message: `the service answered with plain text: '${text}'`, snippet: text };
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
  529: 'Overloaded',
};

function reason(status: number): string {
  const r = REASONS[status];
  return r ? ` ${r}` : '';
}
