// Which interface a path names (spec §9 path prefixes; wire-notes addresses).
import type { SimFamily, SimInterface } from './types.ts';
import { FIXED_PATHS, GENERATE_PATH_PREFIX, IMAGE_EDITS_PATH } from '../../shared/wire.ts';

export interface ServiceRoute {
  kind: 'service';
  iface: SimInterface;
  method: 'GET' | 'POST';
  /** generate content: the URL-decoded model segment. */
  pathModel?: string;
  /** generate content: streamGenerateContent. */
  streamPath?: boolean;
  /** images: POST /v1/images/edits, a multipart form */
  imageEdit?: true;
}

export type Route = ServiceRoute | { kind: 'notFound'; family: SimFamily; message: string };

const FIXED: Record<string, { iface: SimInterface; method: 'GET' | 'POST' }> = {
  [FIXED_PATHS.models]: { iface: 'models', method: 'GET' },
  [FIXED_PATHS.chat]: { iface: 'chat', method: 'POST' },
  [FIXED_PATHS.responses]: { iface: 'responses', method: 'POST' },
  [FIXED_PATHS.images]: { iface: 'images', method: 'POST' },
  [FIXED_PATHS.messages]: { iface: 'messages', method: 'POST' },
};

/** The family whose error shape a path that matched nothing should get. */
function familyOfPath(pathname: string): SimFamily {
  if (pathname.startsWith('/v1beta')) return 'generate';
  if (pathname.includes('/messages')) return 'messages';
  return 'bearer';
}

const DOUBLED = /^\/(v1|v1beta)\/\1(?=\/|$)/;

export function routeRequest(pathname: string, acceptDoubledPath: boolean): Route {
  let path = pathname;
  const doubled = DOUBLED.exec(path);
  if (doubled) {
    const prefix = doubled[1] ?? '';
    if (!acceptDoubledPath) {
      return {
        kind: 'notFound',
        family: familyOfPath(path),
        message: `No such path: ${path} (the /${prefix} prefix appears twice).`,
      };
    }
    path = path.slice(prefix.length + 1);
  }
  const fixed = FIXED[path];
  if (fixed) return { kind: 'service', ...fixed };
  if (path === IMAGE_EDITS_PATH) return { kind: 'service', iface: 'images', method: 'POST', imageEdit: true };
  if (path.startsWith(GENERATE_PATH_PREFIX)) {
    const rest = path.slice(GENERATE_PATH_PREFIX.length);
    const colon = rest.lastIndexOf(':');
    const method = rest.slice(colon + 1);
    if (colon > 0 && (method === 'generateContent' || method === 'streamGenerateContent')) {
      try {
        return {
          kind: 'service',
          iface: 'generate',
          method: 'POST',
          pathModel: decodeURIComponent(rest.slice(0, colon)),
          streamPath: method === 'streamGenerateContent',
        };
      } catch {
        // A malformed escape is no model name: fall through to 404.
      }
    }
  }
  return { kind: 'notFound', family: familyOfPath(path), message: `No such path: ${pathname}` };
}
