// Group "models": GET /v1/models per key group (status, shape, count), and picking a model per format
// from the list when the user named none.
import { endpointUrl } from '../../shared/endpoints.ts';
import { KEY_FAMILIES, type KeyFamily, type TextFormat } from '../../shared/formats.ts';
import { authHeaders, describeAnswer, send } from './probe.ts';
import { emit, ms } from './report.ts';
import { checkFields, summariseProblems } from './schema.ts';
import { MODEL_LIST } from '../../shared/spec-tables.ts';
import type { Ctx } from './types.ts';
import { isRecord } from '../../shared/wire.ts';
import { isImageModel, isTextModel, makerLabel, suitsPurpose } from '../../shared/model-kinds.ts';

export type ModelKind = TextFormat | 'image';

export type Pick = { ok: true; id: string; how: string } | { ok: false; why: string };

/** The model a format uses: the one the user named, else one picked from its key's list. */
export function pickModel(ctx: Ctx, kind: ModelKind): Pick {
  const given = kind === 'responses' ? (ctx.models.responses ?? ctx.models.chat) : ctx.models[kind];
  const family: KeyFamily = kind === 'messages' ? 'messages' : kind === 'generate' ? 'generate' : 'bearer';
  const refused = ctx.refused[family];
  // Nothing can be called with a key the service refused: say that, not "name a model".
  if (refused !== undefined) return { ok: false, why: 'the key was refused (see Model list)' };
  const list = ctx.lists[family];
  if (given !== undefined && given !== '') {
    const note = list !== undefined && !list.includes(given) ? "; not in this key's model list" : '';
    return { ok: true, id: given, how: `as asked${note}` };
  }
  if (list === undefined) {
    return { ok: false, why: `no model: the model list is unavailable; ${ctx.hints.model(kind)}` };
  }
  if (kind === 'image') {
    const id = list.find((m) => suitsPurpose(m, 'images'));
    return id === undefined
      ? { ok: false, why: `no image model in the list; ${ctx.hints.model(kind)}` }
      : { ok: true, id, how: 'first image model in the list' };
  }
  const id = list.find((m) => suitsPurpose(m, kind));
  if (id !== undefined) return { ok: true, id, how: `first ${makerLabel(kind)} model in the list` };
  const first = list.find(isTextModel);
  if (first !== undefined) {
    return { ok: true, id: first, how: `first text model in the list: no ${makerLabel(kind)} model` };
  }
  return { ok: false, why: `no text model in the list; ${ctx.hints.model(kind)}` };
}

interface KeyGroup {
  key: string;
  /** The families that use this key; the list is fetched the way the first of them sends keys. */
  families: KeyFamily[];
}

function keyGroups(ctx: Ctx): KeyGroup[] {
  const groups: KeyGroup[] = [];
  for (const family of KEY_FAMILIES) {
    const key = ctx.keys[family];
    if (key === undefined) continue;
    const group = groups.find((g) => g.key === key);
    if (group) group.families.push(family);
    else groups.push({ key, families: [family] });
  }
  return groups;
}

function describeKinds(ids: readonly string[]): string {
  const images = ids.filter(isImageModel).length;
  const text = ids.filter(isTextModel).length;
  const other = ids.length - images - text;
  const parts = [`${text} text`, `${images} image`];
  if (other > 0) parts.push(`${other} other`);
  const sample = ids.slice(0, 5).join(', ') + (ids.length > 5 ? ', …' : '');
  return `${ids.length} models (${parts.join(', ')}): ${sample}`;
}

export async function checkModels(ctx: Ctx): Promise<void> {
  const groups = keyGroups(ctx);
  if (groups.length === 0) {
    emit(ctx, 'models', 'skipped', 'Skipped', 'info', 'skipped: no key configured');
    return;
  }
  const url = endpointUrl(ctx.root, 'models');
  for (const group of groups) {
    const family = group.families[0] ?? 'bearer';
    const suffix = groups.length > 1 ? `.${group.families.join('+')}` : '';
    const whose = groups.length > 1 ? ` (${group.families.join(' + ')} key)` : '';
    const answer = await send(ctx, {
      method: 'GET',
      url,
      headers: authHeaders(family, group.key),
      queryKey: family === 'generate' ? group.key : undefined,
    });
    if (answer.kind !== 'http' || answer.status !== 200 || answer.json === undefined) {
      if (answer.kind === 'http' && (answer.status === 401 || answer.status === 403)) {
        for (const f of group.families) ctx.refused[f] = `${answer.where} answered ${describeAnswer(answer)}`;
      }
      emit(
        ctx,
        'models',
        `list${suffix}`,
        `List${whose}`,
        'fail',
        `expected HTTP 200 with JSON from ${answer.where}; got ${describeAnswer(answer)}`,
      );
      continue;
    }
    emit(
      ctx,
      'models',
      `list${suffix}`,
      `List${whose}`,
      'pass',
      `${answer.where} answered HTTP 200 with JSON in ${ms(answer.ms)}`,
    );
    const fields = checkFields(MODEL_LIST, answer.json);
    emit(
      ctx,
      'models',
      `shape${suffix}`,
      `Shape${whose}`,
      fields.problems.length === 0 ? 'pass' : 'fail',
      fields.problems.length === 0
        ? `data[] of entries with id (string) and object "model", as spec ${MODEL_LIST.section}`
        : summariseProblems(MODEL_LIST, fields.problems),
    );
    const data = isRecord(answer.json) && Array.isArray(answer.json['data']) ? answer.json['data'] : [];
    const ids = data.flatMap((m) => (isRecord(m) && typeof m['id'] === 'string' ? [m['id']] : []));
    for (const f of group.families) ctx.lists[f] = ids;
    emit(
      ctx,
      'models',
      `count${suffix}`,
      `Count${whose}`,
      ids.length > 0 ? 'info' : 'warn',
      ids.length > 0 ? describeKinds(ids) : 'expected at least one model; got an empty list',
    );
  }
}
