/**
 * Presets: a saved system prompt with parameters (tools and output schema included) and an optional first
 * message, with `{{variables}}` the user fills in before sending. One rule for the host (storage, import,
 * export) and the page (the variables form): what a variable is, how values go in, what a file holds.
 */
import { z } from 'zod';
import { ParamsSchema, type Params } from './conversation.ts';
import { PROBLEMS_NAMED } from './limits.ts';

export const PRESET_NAME_MAX = 100;
export const PRESET_DESCRIPTION_MAX = 1_000;
export const PRESET_MESSAGE_MAX = 200_000;
/** The most presets one import takes; the rest of a larger file is reported as skipped. */
export const PRESET_IMPORT_MAX = 1_000;
/** The largest presets file the host reads (a preset is text: this is hundreds of long ones). */
export const PRESET_FILE_MAX_CHARS = 20_000_000;
export const PRESET_FILE_VERSION = 1;
/** What the body column of a stored preset says it is (migration 005). */
export const PRESET_BODY_VERSION = 1;
/** Between the problems of one preset in a reason (the page splits on it to say each in its language). */
export const ISSUE_SEPARATOR = '; ';

const NAME_EMPTY = 'Give the preset a name.';
const NAME_LONG = `A preset name is at most ${PRESET_NAME_MAX} characters.`;

export const PresetNameSchema = z
  .string({ error: NAME_EMPTY })
  .trim()
  .min(1, NAME_EMPTY)
  .max(PRESET_NAME_MAX, NAME_LONG);

/** What a preset holds besides its id and name: the parts a file carries and the body column keeps. */
const PresetContent = {
  description: z
    .string({ error: 'The description must be text.' })
    .max(
      PRESET_DESCRIPTION_MAX,
      `A description is at most ${PRESET_DESCRIPTION_MAX.toLocaleString('en')} characters.`,
    )
    .optional(),
  params: ParamsSchema,
  /** the first user message, a template like the system prompt; it goes into the composer, never sent by itself */
  message: z
    .string({ error: 'The message template must be text.' })
    .max(
      PRESET_MESSAGE_MAX,
      `The message template is longer than ${PRESET_MESSAGE_MAX.toLocaleString('en')} characters.`,
    )
    .optional(),
};

export const PresetSchema = z.object({
  id: z.string().min(1).max(100),
  name: PresetNameSchema,
  ...PresetContent,
});
export type Preset = z.infer<typeof PresetSchema>;

/** A preset as the host keeps it. */
export type SavedPreset = Preset & { createdAt: number; updatedAt: number };

/** A stored preset the list cannot show (a newer release wrote it), kept untouched in the database. */
export interface UnreadablePreset {
  id: string;
  name: string;
  reason: string;
}

/** savePreset's input: without an id it is a new preset. */
export const PresetInputSchema = PresetSchema.extend({ id: PresetSchema.shape.id.optional() });
export type PresetInput = z.input<typeof PresetInputSchema>;

// ---------- variables ----------

/** `{{name}}` or `{{ name }}`: a letter or underscore first, then letters, digits, underscores. */
const VARIABLE = /\{\{[ \t]*([A-Za-z_][A-Za-z0-9_]*)[ \t]*\}\}/g;

/** The variables of a template, each once, in the order they first appear. */
export function templateVariables(text: string | undefined): string[] {
  if (!text) return [];
  return [...new Set(Array.from(text.matchAll(VARIABLE), (m) => m[1] as string))];
}

/** The variables of a preset: its system prompt's, then its message template's (each once). */
export function presetVariables(preset: Pick<Preset, 'params' | 'message'>): string[] {
  return [...new Set([...templateVariables(preset.params.system), ...templateVariables(preset.message)])];
}

/**
 * The template with each variable replaced by its value, in one pass: a value is inserted as it is, so a
 * value that itself holds `{{x}}` stays as typed (no recursive expansion). A variable without a value
 * stays as written.
 */
export function fillTemplate(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(VARIABLE, (whole, name: string) =>
    Object.hasOwn(values, name) ? (values[name] as string) : whole,
  );
}

/** "a", "a and b", "a, b and c" */
function listOf(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

export type FilledPreset =
  { ok: true; params: Params; message?: string } | { ok: false; message: string; missing: string[] };

/**
 * The preset's system prompt and message template with the values in. Every variable needs a value (text
 * that is not only spaces); otherwise the message names the empty ones.
 */
export function fillPreset(
  preset: Pick<Preset, 'params' | 'message'>,
  values: Readonly<Record<string, string>>,
): FilledPreset {
  const missing = presetVariables(preset).filter((name) => (values[name] ?? '').trim() === '');
  if (missing.length > 0) {
    return {
      ok: false,
      missing,
      message: `Fill in ${listOf(missing.map((n) => `{{${n}}}`))}: every variable needs a value.`,
    };
  }
  const params: Params = { ...preset.params };
  if (params.system !== undefined) params.system = fillTemplate(params.system, values);
  return preset.message === undefined
    ? { ok: true, params }
    : { ok: true, params, message: fillTemplate(preset.message, values) };
}

// ---------- stored body ----------

/** The body column: everything but the id, the name and the times (the row has those). */
export function presetBody(preset: Omit<Preset, 'id' | 'name'>): string {
  return JSON.stringify({
    version: PRESET_BODY_VERSION,
    ...(preset.description !== undefined ? { description: preset.description } : {}),
    params: preset.params,
    ...(preset.message !== undefined ? { message: preset.message } : {}),
  });
}

export type StoredPresetResult = { ok: true; preset: SavedPreset } | { ok: false; reason: string };

/** A stored row as a preset, or why it cannot be read (a newer release wrote it; it is damaged). */
export function presetFromRow(row: {
  id: string;
  name: string;
  body: string;
  createdAt: number;
  updatedAt: number;
}): StoredPresetResult {
  let body: unknown;
  try {
    body = JSON.parse(row.body);
  } catch {
    return { ok: false, reason: 'Its stored text is damaged (not JSON).' };
  }
  const version = z.object({ version: z.number().int() }).safeParse(body);
  if (version.success && version.data.version > PRESET_BODY_VERSION) {
    return { ok: false, reason: 'A newer version of Quartet saved it; this one cannot read it.' };
  }
  const parsed = PresetSchema.safeParse({ ...(body as object), id: row.id, name: row.name });
  if (!parsed.success) return { ok: false, reason: `It is damaged: ${issueText(parsed.error.issues)}` };
  return { ok: true, preset: { ...parsed.data, createdAt: row.createdAt, updatedAt: row.updatedAt } };
}

// ---------- the export file ----------

/** One preset in a file: no id (an import makes new ones) and no times. */
export type PresetFileEntry = Omit<Preset, 'id'>;

export interface PresetsFile {
  quartet: 'presets';
  version: typeof PRESET_FILE_VERSION;
  presets: PresetFileEntry[];
}

export function toPresetsFile(presets: readonly Preset[]): PresetsFile {
  return {
    quartet: 'presets',
    version: PRESET_FILE_VERSION,
    presets: presets.map(({ name, description, params, message }) => ({
      name,
      ...(description !== undefined ? { description } : {}),
      params,
      ...(message !== undefined ? { message } : {}),
    })),
  };
}

/** A preset of a file that was not imported, and why. */
export interface SkippedPreset {
  /** its place in the file, from 1 */
  position: number;
  name?: string;
  reason: string;
}

export type ParsePresetsResult =
  { ok: true; presets: PresetFileEntry[]; skipped: SkippedPreset[] } | { ok: false; message: string };

/**
 * Every problem zod found, not only the first (a file with three bad fields was fixed and re-imported
 * three times): "a: …; b: …; and 2 more." with the first PROBLEMS_NAMED named.
 */
function issueText(issues: readonly z.core.$ZodIssue[]): string {
  if (issues.length === 0) return 'invalid.';
  const named = issues.slice(0, PROBLEMS_NAMED).map((issue) => {
    const where = issue.path.map(String).join('.');
    return (where ? `${where}: ${issue.message}` : issue.message).replace(/\.$/, '');
  });
  if (issues.length > PROBLEMS_NAMED)
    named.push(`and ${(issues.length - PROBLEMS_NAMED).toLocaleString('en')} more`);
  const text = named.join(ISSUE_SEPARATOR);
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** A name not in `taken` (compared without case): the name, else "name (2)", "name (3)"… within the length limit. */
export function freeName(name: string, taken: ReadonlySet<string>): string {
  const has = (n: string) => taken.has(n.toLocaleLowerCase('en'));
  if (!has(name)) return name;
  for (let n = 2; ; n++) {
    const suffix = ` (${n})`;
    const candidate = `${name.slice(0, PRESET_NAME_MAX - suffix.length).trimEnd()}${suffix}`;
    if (!has(candidate)) return candidate;
  }
}

/**
 * Reads a presets file: each preset is checked on its own, so one bad preset is skipped with its reason
 * and the rest come in. A name already taken (by `existing` or an earlier preset of the file) gets " (2)".
 * Only a file that is not a presets file at all is refused as a whole.
 */
export function parsePresetsFile(text: string, existing: Iterable<string> = []): ParsePresetsResult {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return { ok: false, message: `The file is not valid JSON (${(e as Error).message}).` };
  }
  const head = z
    .object({ quartet: z.literal('presets'), version: z.number().int(), presets: z.unknown() })
    .safeParse(data);
  if (!head.success) {
    const isConversation =
      typeof data === 'object' && data !== null && (data as { quartet?: unknown }).quartet === 'conversation';
    return {
      ok: false,
      message: isConversation
        ? 'This is a conversation export; import it from the conversation list instead.'
        : 'The file is not a Quartet presets export (it should start with "quartet": "presets").',
    };
  }
  if (head.data.version > PRESET_FILE_VERSION) {
    return {
      ok: false,
      message: `The file is from a newer Quartet (presets version ${head.data.version}; this one reads version ${PRESET_FILE_VERSION}).`,
    };
  }
  if (!Array.isArray(head.data.presets)) {
    return { ok: false, message: 'The file\'s "presets" is not a list.' };
  }
  const taken = new Set([...existing].map((n) => n.toLocaleLowerCase('en')));
  const presets: PresetFileEntry[] = [];
  const skipped: SkippedPreset[] = [];
  const entry = PresetSchema.omit({ id: true });
  for (const [i, item] of (head.data.presets as unknown[]).entries()) {
    const rawName = (item as { name?: unknown } | null)?.name;
    const name =
      typeof rawName === 'string' && rawName.trim() !== '' ? rawName.trim().slice(0, 200) : undefined;
    const at = { position: i + 1, ...(name !== undefined ? { name } : {}) };
    if (i >= PRESET_IMPORT_MAX) {
      skipped.push({
        ...at,
        reason: `One import takes at most ${PRESET_IMPORT_MAX.toLocaleString('en')} presets.`,
      });
      continue;
    }
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      skipped.push({ ...at, reason: 'It is not an object.' });
      continue;
    }
    const parsed = entry.safeParse(item);
    if (!parsed.success) {
      skipped.push({ ...at, reason: issueText(parsed.error.issues) });
      continue;
    }
    const unique = freeName(parsed.data.name, taken);
    taken.add(unique.toLocaleLowerCase('en'));
    presets.push({ ...parsed.data, name: unique });
  }
  return { ok: true, presets, skipped };
}
