// Group "models": GET /v1/models answers, has the shape the spec promises (data[] of {id, object:'model'})
// and lists something.
import type { Exchange } from '../../shared/exchange.ts';
import { exchangeIdOf, failureLine } from './util.ts';
import type { CheckContext, ModelList } from './types.ts';

/** Why the body does not have the promised shape, or null when it does. */
export function modelListShapeProblem(body: string | undefined): string | null {
  let data: unknown;
  try {
    data = JSON.parse(body ?? '');
  } catch {
    return 'the body is not JSON';
  }
  const list = (data as { data?: unknown } | null)?.data;
  if (!Array.isArray(list)) return 'there is no data array';
  for (const [i, item] of list.entries()) {
    const entry = item as { id?: unknown; object?: unknown } | null;
    if (typeof entry?.id !== 'string') return `data[${i}] has no string id`;
    if (entry.object !== 'model') return `data[${i}].object is ${JSON.stringify(entry.object)}, not "model"`;
  }
  return null;
}

export async function checkModelList(ctx: CheckContext): Promise<ModelList> {
  let result: Awaited<ReturnType<CheckContext['client']['listModels']>>;
  try {
    result = await ctx.client.listModels(ctx.signal ? { signal: ctx.signal } : {});
  } catch (e) {
    const exchangeId = exchangeIdOf(e);
    ctx.report({
      id: 'models.status',
      group: 'models',
      name: 'Model list answers',
      status: 'fail',
      detail: `expected HTTP 200; ${failureLine(e)}`,
      ...(exchangeId ? { exchangeId } : {}),
    });
    return undefined;
  }
  const { models, exchange } = result;
  const exchangeId = exchange.id;
  ctx.report({
    id: 'models.status',
    group: 'models',
    name: 'Model list answers',
    status: 'pass',
    detail: `HTTP ${exchange.status ?? 200}${timing(exchange)}`,
    exchangeId,
  });
  const problem = modelListShapeProblem(exchange.responseBody);
  ctx.report({
    id: 'models.shape',
    group: 'models',
    name: 'Model list shape',
    status: problem ? 'fail' : 'pass',
    detail: problem
      ? `expected data[] of {id, object: "model"}; ${problem}`
      : 'data[] of {id, object: "model"}',
    exchangeId,
  });
  const shown = models.slice(0, 5).map((m) => m.id);
  ctx.report({
    id: 'models.count',
    group: 'models',
    name: 'Models listed',
    status: models.length > 0 ? 'pass' : 'warn',
    detail:
      models.length > 0
        ? `${models.length}: ${shown.join(', ')}${models.length > shown.length ? ', …' : ''}`
        : 'the list is empty: this key may not be allowed any model',
    exchangeId,
  });
  return models;
}

function timing(exchange: Exchange): string {
  return exchange.timings.totalMs !== undefined ? ` in ${Math.round(exchange.timings.totalMs)} ms` : '';
}
