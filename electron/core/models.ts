import { endpointUrl } from '../../shared/endpoints.ts';
import type { Exchange } from '../../shared/exchange.ts';
import { KEY_FAMILIES, type KeyFamily } from '../../shared/formats.ts';
import { ApiError, invalidInput } from './errors/api-error.ts';
import { asArray, asNumber, asRecord, asString } from './formats/util.ts';
import { compact } from '../../shared/compact.ts';
import { authorise, keyFor, requireKey, type Keys } from './http/auth.ts';
import type { BodyIO, Transport } from './http/transport.ts';
import { isRecord } from '../../shared/wire.ts';

export interface ModelInfo {
  id: string;
  ownedBy?: string;
  created?: number;
}

export interface ModelsContext {
  root: string;
  keys: Keys;
  transport: Transport;
}

/** The first family that has a key, Bearer first: a user with only a messages key can still list models. */
export function pickFamily(keys: Keys): KeyFamily | undefined {
  return KEY_FAMILIES.find((f) => keyFor(keys, f) !== undefined);
}

/** `{data:[{id, owned_by, created}]}`; a generate-style `{models:[{name:'models/x'}]}` is read too. */
export function parseModelList(data: unknown): ModelInfo[] {
  const body = asRecord(data);
  if (Array.isArray(body['data'])) {
    return body['data'].filter(isRecord).flatMap((m) => {
      const id = asString(m['id']);
      if (!id) return [];
      return [compact({ id, ownedBy: asString(m['owned_by']), created: asNumber(m['created']) })];
    });
  }
  if (Array.isArray(body['models'])) {
    return asArray(body['models'])
      .filter(isRecord)
      .flatMap((m) => {
        const name = asString(m['name']);
        return name ? [{ id: name.replace(/^models\//, '') }] : [];
      });
  }
  throw new ApiError({ kind: 'invalid-response', message: 'the model list has no data array' });
}

export async function listModels(
  ctx: ModelsContext,
  opts: { family?: KeyFamily; signal?: AbortSignal } = {},
): Promise<{ models: ModelInfo[]; exchange: Exchange }> {
  const family = opts.family ?? pickFamily(ctx.keys);
  if (family === undefined)
    throw invalidInput('No API key: fill in the default key or a key for one family.');
  const key = requireKey(ctx.keys, family);
  const { url, headers } = authorise(family, key, endpointUrl(ctx.root, 'models'), {});

  async function consume(_res: Response, io: BodyIO): Promise<ModelInfo[]> {
    const text = await io.text();
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      throw new ApiError({
        kind: 'invalid-response',
        message: `the model list is not JSON: '${text.trim().replace(/\s+/g, ' ').slice(0, 80)}'`,
      });
    }
    return parseModelList(data);
  }

  const { value, exchange } = await ctx.transport.call({
    interface: 'models',
    method: 'GET',
    url,
    headers,
    streamed: false,
    signal: opts.signal,
    consume,
  });
  return { models: value, exchange };
}
