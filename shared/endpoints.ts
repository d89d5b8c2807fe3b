import type { Interface } from './formats.ts';

/**
 * Base-address handling. Users paste `https://host`, `https://host/`, `https://host/v1`,
 * `https://host/v1beta/`, `https://host/prefix/v1` ...; we reduce every form to one root (scheme, host and
 * any path prefix, without a trailing version segment) and derive each interface's final URL from it, so a
 * segment is never doubled or dropped.
 */
export type BaseUrlResult = { ok: true; root: string } | { ok: false; message: string };

const VERSION_SUFFIX = /\/(v1beta|v1)$/i;

export function normaliseBaseUrl(input: string): BaseUrlResult {
  const text = input.trim();
  if (text === '') return { ok: false, message: 'The base address is empty.' };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return {
      ok: false,
      message: `"${text.slice(0, 80)}" is not a URL; write it like https://api.example.com.`,
    };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return {
      ok: false,
      message: `The base address must start with http:// or https://, not ${url.protocol}//.`,
    };
  }
  if (url.username !== '' || url.password !== '') {
    return {
      ok: false,
      message: 'The base address must not contain a user name or password; put keys in the key slots.',
    };
  }
  if (url.search !== '' || url.hash !== '') {
    return { ok: false, message: 'The base address must not contain a query (?…) or fragment (#…).' };
  }
  // Collapse repeated slashes and drop trailing ones, then one trailing version segment.
  let path = url.pathname.replace(/\/{2,}/g, '/').replace(/\/+$/, '');
  path = path.replace(VERSION_SUFFIX, '');
  return { ok: true, root: `${url.protocol}//${url.host}${path}` };
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
  switch (iface) {
    case 'models':
      return `${root}/v1/models`;
    case 'chat':
      return `${root}/v1/chat/completions`;
    case 'responses':
      return `${root}/v1/responses`;
    case 'images':
      return `${root}/v1/images/generations`;
    case 'messages':
      return `${root}/v1/messages`;
    case 'generate': {
      const model = encodeModelSegment(opts.model ?? '{model}');
      return opts.stream
        ? `${root}/v1beta/models/${model}:streamGenerateContent?alt=sse`
        : `${root}/v1beta/models/${model}:generateContent`;
    }
  }
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
