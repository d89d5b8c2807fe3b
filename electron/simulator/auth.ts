// Who is calling: each interface family takes the key in its own place (spec §5), and the key's
// group must fit the family. Error messages never repeat the key.
import { SimError } from './errors.ts';
import { modelsForFamilies } from './models.ts';
import type { Caller } from './context.ts';
import type { KeyTable } from './keys.ts';
import type { IncomingHttpHeaders } from 'node:http';
import type { SimFamily, SimInterface, SimQuirks } from './types.ts';
import {
  GENERATE_KEY_HEADER,
  MESSAGES_KEY_HEADER,
  MESSAGES_VERSION,
  MESSAGES_VERSION_HEADER,
} from '../../shared/wire.ts';

const FAMILY_NAMES: Record<SimFamily, string> = {
  bearer: 'chat completions, responses and images (Authorization: Bearer)',
  messages: 'messages (x-api-key)',
  generate: 'generate content (?key=)',
};

interface Presented {
  bearer: string | undefined;
  apiKey: string | undefined;
  queryKey: string | undefined;
  otherAuthorization: boolean;
}

function presented(headers: IncomingHttpHeaders, url: URL): Presented {
  const authorization = headers.authorization;
  const bearer =
    authorization === undefined ? undefined : /^Bearer\s+(\S.*)$/i.exec(authorization)?.[1]?.trim();
  const apiKey = headers[MESSAGES_KEY_HEADER];
  return {
    bearer,
    apiKey: typeof apiKey === 'string' && apiKey !== '' ? apiKey : undefined,
    queryKey: url.searchParams.get('key') || undefined,
    otherAuthorization: authorization !== undefined && bearer === undefined,
  };
}

function unauthorized(family: SimFamily, message: string): SimError {
  return new SimError({ status: 401, message, family });
}

/** Looks the key up and checks its group serves `family`. */
function admit(keys: KeyTable, key: string, family: SimFamily): Caller {
  const families = keys.get(key);
  if (!families) {
    throw unauthorized(family, 'Incorrect API key provided: this key is not known to the service.');
  }
  if (!families.has(family)) {
    const message = `This key's group does not support ${FAMILY_NAMES[family]}; it serves ${[...families]
      .map((f) => FAMILY_NAMES[f])
      .join(', ')}.`;
    // Generate content tells a known key of the wrong group apart as PERMISSION_DENIED.
    throw family === 'generate'
      ? new SimError({ status: 403, message, family })
      : unauthorized(family, message);
  }
  return { key, families, models: modelsForFamilies(families) };
}

function checkMessagesVersion(headers: IncomingHttpHeaders, quirks: SimQuirks): void {
  if (quirks.lenientMessages) return;
  const version = headers[MESSAGES_VERSION_HEADER];
  if (version === undefined || version === '') {
    throw new SimError({
      status: 400,
      message: `anthropic-version: header is required (use ${MESSAGES_VERSION})`,
      family: 'messages',
    });
  }
  if (version !== MESSAGES_VERSION) {
    throw new SimError({
      status: 400,
      message: `anthropic-version: '${String(version)}' is not supported by this service; use ${MESSAGES_VERSION}`,
      family: 'messages',
    });
  }
}

/** Authenticates a request to `iface`, or throws a SimError in the right family's shape. */
export function authenticate(
  iface: SimInterface,
  headers: IncomingHttpHeaders,
  url: URL,
  keys: KeyTable,
  quirks: SimQuirks,
): Caller {
  const p = presented(headers, url);
  switch (iface) {
    case 'chat':
    case 'responses':
    case 'images': {
      if (p.bearer !== undefined) return admit(keys, p.bearer, 'bearer');
      if (p.otherAuthorization)
        throw unauthorized('bearer', "The Authorization header must be 'Bearer <key>'.");
      if (p.apiKey !== undefined || p.queryKey !== undefined) {
        throw unauthorized(
          'bearer',
          'This interface takes the key as Authorization: Bearer <key>, not x-api-key or ?key=.',
        );
      }
      throw unauthorized('bearer', 'Missing API key: send Authorization: Bearer <key>.');
    }
    case 'messages': {
      if (p.apiKey === undefined) {
        throw unauthorized(
          'messages',
          p.bearer !== undefined
            ? 'This interface takes the key in the x-api-key header; Authorization: Bearer is not accepted.'
            : 'x-api-key header is required.',
        );
      }
      const caller = admit(keys, p.apiKey, 'messages');
      checkMessagesVersion(headers, quirks);
      return caller;
    }
    case 'generate': {
      if (p.queryKey !== undefined) return admit(keys, p.queryKey, 'generate');
      // The real service also takes the key in this header, as its official client library sends it.
      const googKey = headers[GENERATE_KEY_HEADER];
      if (typeof googKey === 'string' && googKey !== '') return admit(keys, googKey, 'generate');
      throw unauthorized(
        'generate',
        p.bearer !== undefined || p.apiKey !== undefined
          ? 'This interface takes the key as the query parameter key=<API_KEY> or the x-goog-api-key header.'
          : 'Method requires an API key: pass key=<API_KEY> in the query or the x-goog-api-key header.',
      );
    }
    case 'models': {
      // The list is fetched with the key of the tab's family, sent the way that family sends it.
      if (p.bearer !== undefined) return admit(keys, p.bearer, 'bearer');
      if (p.apiKey !== undefined) {
        const caller = admit(keys, p.apiKey, 'messages');
        checkMessagesVersion(headers, quirks);
        return caller;
      }
      if (p.queryKey !== undefined) return admit(keys, p.queryKey, 'generate');
      throw unauthorized('bearer', 'Missing API key: send Authorization: Bearer <key>.');
    }
  }
}
