import type { Interface } from './formats.ts';
import {
  FIXED_PATHS,
  GENERATE_METHOD,
  GENERATE_PATH_PREFIX,
  GENERATE_STREAM_METHOD,
  GENERATE_STREAM_QUERY,
  IMAGE_EDITS_PATH,
} from './wire.ts';

/**
 * Base-address handling. Users paste `https://host`, `https://host/`, `https://host/v1`,
 * `https://host/v1beta/`, `https://host/prefix/v1` ...; we reduce every form to one root (scheme, host and
 * any path prefix, without a trailing version segment) and derive each interface's final URL from it, so a
 * segment is never doubled or dropped.
 */
export type BaseUrlResult =
  | {
      ok: true;
      root: string;
      /** set when a whole endpoint was pasted and reduced to its base: what was done, for the user */
      note?: string;
      /** the same as data, for the page to say in its own language */
      pasted?: PastedEndpoint;
    }
  | { ok: false; message: string; problem: BaseUrlProblem };

/** Which endpoint was pasted as the base address, and whether a key in its query was dropped. */
export interface PastedEndpoint {
  iface: Interface;
  keyDropped: boolean;
}

/** Why a base address is refused, as data (`message` says it in English). */
export type BaseUrlProblem =
  | { code: 'empty' }
  | { code: 'not-url'; text: string }
  | { code: 'scheme'; protocol: string }
  | { code: 'credentials' }
  | { code: 'query' };

/** The refusal in English, as the host and the command line say it. */
export function baseUrlProblemText(p: BaseUrlProblem): string {
  switch (p.code) {
    case 'empty':
      return 'The base address is empty.';
    case 'not-url':
      return `"${p.text}" is not a URL; write it like https://api.example.com.`;
    case 'scheme':
      return `The base address must start with http:// or https://, not ${p.protocol}//.`;
    case 'credentials':
      return 'The base address must not contain a user name or password; put keys in the key slots.';
    case 'query':
      return 'The base address must not contain a query (?…) or fragment (#…).';
  }
}

const refuse = (problem: BaseUrlProblem): BaseUrlResult => ({
  ok: false,
  message: baseUrlProblemText(problem),
  problem,
});

const VERSION_SUFFIX = /\/(v1beta|v1)$/i;

/** Endpoints people paste from a vendor's documentation, and what they are called. */
const PASTED_ENDPOINTS: { pattern: RegExp; iface: Interface; name: string }[] = [
  { pattern: /\/v1\/chat\/completions$/i, iface: 'chat', name: 'Chat Completions' },
  { pattern: /\/v1\/responses$/i, iface: 'responses', name: 'Responses' },
  { pattern: /\/v1\/messages$/i, iface: 'messages', name: 'Messages' },
  { pattern: /\/v1\/images\/generations$/i, iface: 'images', name: 'Images' },
  { pattern: /\/v1\/images\/edits$/i, iface: 'images', name: 'Image edits' },
  {
    pattern: /\/v1beta\/models\/[^/]+:(stream)?generateContent$/i,
    iface: 'generate',
    name: 'Generate Content',
  },
  { pattern: /\/v1(beta)?\/models$/i, iface: 'models', name: 'model list' },
];

export function normaliseBaseUrl(input: string): BaseUrlResult {
  const text = input.trim();
  if (text === '') return refuse({ code: 'empty' });
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refuse({ code: 'not-url', text: text.slice(0, 80) });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return refuse({ code: 'scheme', protocol: url.protocol });
  }
  if (url.username !== '' || url.password !== '') return refuse({ code: 'credentials' });
  // Collapse repeated slashes and drop trailing ones.
  let path = url.pathname.replace(/\/{2,}/g, '/').replace(/\/+$/, '');
  // A whole endpoint pasted as the base: keep its base, or every path would be doubled.
  const pasted = PASTED_ENDPOINTS.find((e) => e.pattern.test(path));
  if (pasted) path = path.replace(pasted.pattern, '');
  else if (url.search !== '' || url.hash !== '') return refuse({ code: 'query' });
  // Then one trailing version segment.
  path = path.replace(VERSION_SUFFIX, '');
  const root = `${url.protocol}//${url.host}${path}`;
  if (!pasted) return { ok: true, root };
  const keyDropped = url.searchParams.has('key');
  const keyNote = keyDropped ? ' The key in its query was not kept: put keys in the key slots.' : '';
  return {
    ok: true,
    root,
    note: `That is the ${pasted.name} endpoint: Quartet uses its base, ${root}, and adds each interface's path itself.${keyNote}`,
    pasted: { iface: pasted.iface, keyDropped },
  };
}

/** A model id as one path segment (`/`, `%`, `:` and spaces encoded). */
export function encodeModelSegment(model: string): string {
  return encodeURIComponent(model);
}

export interface EndpointOptions {
  model?: string;
  stream?: boolean;
}

/** The final URL of one interface, without any key (generate-content keys are added by the core). */
export function endpointUrl(root: string, iface: Interface, opts: EndpointOptions = {}): string {
  if (iface !== 'generate') return `${root}${FIXED_PATHS[iface]}`;
  // the preview's placeholder stays readable; a real id is one encoded path segment
  const model = opts.model === undefined ? '{model}' : encodeModelSegment(opts.model);
  return opts.stream
    ? `${root}${GENERATE_PATH_PREFIX}${model}${GENERATE_STREAM_METHOD}?${GENERATE_STREAM_QUERY}`
    : `${root}${GENERATE_PATH_PREFIX}${model}${GENERATE_METHOD}`;
}

/** The images interface's edits address (a multipart form). */
export function imageEditsUrl(root: string): string {
  return `${root}${IMAGE_EDITS_PATH}`;
}

/** Every interface's final address, for the settings preview. */
export function allEndpoints(root: string, model?: string): Record<Interface, string> {
  const opts = model === undefined ? {} : { model };
  return {
    models: endpointUrl(root, 'models'),
    chat: endpointUrl(root, 'chat'),
    responses: endpointUrl(root, 'responses'),
    images: endpointUrl(root, 'images'),
    messages: endpointUrl(root, 'messages'),
    generate: endpointUrl(root, 'generate', opts),
  };
}
