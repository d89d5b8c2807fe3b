// The models the simulator offers, and which of them a key group may use.
import type { SimFamily } from './types.ts';

export interface SimModel {
  id: string;
  kind: 'text' | 'image';
}

/** Every text model works through every text format: that is what the compare view shows. */
export const SIM_MODELS: SimModel[] = [
  { id: 'gpt-5-mini', kind: 'text' },
  { id: 'gpt-4.1', kind: 'text' },
  { id: 'claude-sonnet-4-5', kind: 'text' },
  { id: 'claude-haiku-4-5', kind: 'text' },
  { id: 'gemini-2.5-pro', kind: 'text' },
  { id: 'gemini-2.5-flash', kind: 'text' },
  { id: 'gpt-image-1', kind: 'image' },
];

// A fixed creation time keeps the model list byte-for-byte stable between runs.
const MODEL_CREATED = 1_735_689_600;

function ownerOf(id: string): string {
  if (id.startsWith('claude-')) return 'anthropic';
  if (id.startsWith('gemini-')) return 'google';
  return 'openai';
}

export function findModel(id: string): SimModel | undefined {
  return SIM_MODELS.find((m) => m.id === id);
}

/**
 * The models a key may use. A Bearer group may use them all (the gateway translates); a group that
 * only has the messages or generate-content family sees that maker's models, so lists differ per key.
 */
export function modelsForFamilies(families: ReadonlySet<SimFamily>): SimModel[] {
  if (families.has('bearer')) return SIM_MODELS;
  return SIM_MODELS.filter(
    (m) =>
      (families.has('messages') && m.id.startsWith('claude-')) ||
      (families.has('generate') && m.id.startsWith('gemini-')),
  );
}

export function modelListBody(models: SimModel[]): unknown {
  return {
    object: 'list',
    data: models.map((m) => ({ id: m.id, object: 'model', created: MODEL_CREATED, owned_by: ownerOf(m.id) })),
  };
}
