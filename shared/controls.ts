import type { TextFormat } from './formats.ts';

/**
 * Every request control as data, the one place that says which controls each format sends, under which
 * name and within which range. Read by the parameter schema (shared/conversation.ts), the request
 * builders (electron/core/formats), the parameters panel and Compare (renderer/features/params) and the
 * test that holds the builders to it (test/core/controls-table.test.ts). Adding a control: see
 * docs/contributing.md, "Add a request control".
 *
 * Unset means "service default": the field is left out of the request.
 */

export type ControlKind = 'number' | 'integer' | 'choice' | 'boolean' | 'list';

/**
 * Where the panel draws a control: with its own widget, in the thinking group, under "More controls", or
 * with image making in the Tools section (the responses image tool, generate content's image output).
 */
export type ControlSection = 'main' | 'thinking' | 'more' | 'image';

interface ControlBase {
  kind: ControlKind;
  section: ControlSection;
  /** the label's translation key (renderer/i18n/<language>/params.ts), or `label` for a vendor's own word */
  labelKey?: string;
  /** a vendor's own name for the control, the same in every language ("Top P") */
  label?: string;
  /** the schema's message for a bad value (English; the page says it with `problemKey`) */
  message?: string;
  /** the key in renderer/i18n/<language>/problems.ts that translates `message` */
  problemKey?: string;
}

export interface NumberControlSpec extends ControlBase {
  kind: 'number' | 'integer';
  min: number;
  max: number;
}
export interface ChoiceControlSpec extends ControlBase {
  kind: 'choice';
  choices: readonly string[];
}
export interface BooleanControlSpec extends ControlBase {
  kind: 'boolean';
}
export interface ListControlSpec extends ControlBase {
  kind: 'list';
  /** at most this many items (the smallest limit of the formats that send it) */
  maxItems: number;
  /** each item at most this many characters */
  maxItemChars: number;
  /** the message for too many items */
  countMessage: string;
  countProblemKey: string;
}
export type ControlSpec = NumberControlSpec | ChoiceControlSpec | BooleanControlSpec | ListControlSpec;

export const REASONING_EFFORTS = ['minimal', 'low', 'medium', 'high'] as const;
export const REASONING_SUMMARIES = ['auto', 'concise', 'detailed'] as const;
export const THINKING_LEVELS = ['low', 'high'] as const;
/** The responses image tool's settings (its reference's values; `auto` lets the model choose). */
export const IMAGE_TOOL_SIZES = ['auto', '1024x1024', '1536x1024', '1024x1536'] as const;
export const IMAGE_TOOL_QUALITIES = ['auto', 'low', 'medium', 'high'] as const;
export const IMAGE_TOOL_FORMATS = ['png', 'jpeg', 'webp'] as const;
export const IMAGE_TOOL_BACKGROUNDS = ['auto', 'opaque', 'transparent'] as const;
/** Generate content's image output (imageConfig). */
export const IMAGE_ASPECT_RATIOS = [
  '1:1',
  '2:3',
  '3:2',
  '3:4',
  '4:3',
  '4:5',
  '5:4',
  '9:16',
  '16:9',
  '21:9',
] as const;
export const IMAGE_RESOLUTIONS = ['1K', '2K', '4K'] as const;
const oneOf = (what: string, choices: readonly string[]) => `${what} must be one of ${choices.join(', ')}.`;

const PENALTY = (which: string) => `${which} penalty must be a number from -2 to 2.`;
const THINKING_BUDGET =
  'The thinking budget must be a whole number: 0 (off), -1 (dynamic) or a number of tokens.';

/**
 * The controls, in the order the panel shows them and the parameter schema lists them. A control's key is
 * its field in Params.
 */
export const CONTROLS = {
  temperature: {
    kind: 'number',
    section: 'main',
    labelKey: 'params.temperature',
    min: 0,
    max: 2,
    message: 'Temperature must be a number from 0 to 2.',
    problemKey: 'problems.params.temperature',
  },
  maxTokens: {
    kind: 'integer',
    section: 'main',
    labelKey: 'params.maxTokens',
    min: 1,
    max: 1_000_000,
    message: 'Max tokens must be a whole number from 1 to 1,000,000.',
    problemKey: 'problems.params.maxTokens',
  },
  includeThoughts: { kind: 'boolean', section: 'thinking', labelKey: 'params.thinking.includeThoughts' },
  /** generate: 0 off, -1 dynamic, else tokens; messages: tokens (at least 1,024) */
  thinkingBudget: {
    kind: 'integer',
    section: 'thinking',
    labelKey: 'params.thinking.budgetTokens',
    min: -1,
    max: 1_000_000,
    message: THINKING_BUDGET,
    problemKey: 'problems.params.thinkingBudget',
  },
  topP: {
    kind: 'number',
    section: 'more',
    label: 'Top P',
    min: 0,
    max: 1,
    message: 'Top P must be a number from 0 to 1.',
    problemKey: 'problems.params.topP',
  },
  topK: {
    kind: 'integer',
    section: 'more',
    label: 'Top K',
    min: 1,
    max: 1_000_000,
    message: 'Top K must be a whole number from 1 to 1,000,000.',
    problemKey: 'problems.params.topK',
  },
  stop: {
    kind: 'list',
    section: 'more',
    labelKey: 'params.stop',
    maxItems: 4,
    maxItemChars: 1_000,
    message: 'Stop sequences must be a list of up to 4 non-empty texts (each at most 1,000 characters).',
    problemKey: 'problems.params.stop',
    countMessage: 'At most 4 stop sequences.',
    countProblemKey: 'problems.params.stopCount',
  },
  seed: {
    kind: 'integer',
    section: 'more',
    labelKey: 'params.seed',
    min: -(2 ** 31),
    max: 2 ** 31 - 1,
    message: 'The seed must be a whole number (32-bit).',
    problemKey: 'problems.params.seed',
  },
  presencePenalty: {
    kind: 'number',
    section: 'more',
    labelKey: 'params.presencePenalty',
    min: -2,
    max: 2,
    message: PENALTY('Presence'),
    problemKey: 'problems.params.presence',
  },
  frequencyPenalty: {
    kind: 'number',
    section: 'more',
    labelKey: 'params.frequencyPenalty',
    min: -2,
    max: 2,
    message: PENALTY('Frequency'),
    problemKey: 'problems.params.frequency',
  },
  reasoningEffort: {
    kind: 'choice',
    section: 'more',
    labelKey: 'params.reasoningEffort',
    choices: REASONING_EFFORTS,
    message: `Reasoning effort must be one of ${REASONING_EFFORTS.join(', ')}.`,
    problemKey: 'problems.params.effort',
  },
  reasoningSummary: {
    kind: 'choice',
    section: 'more',
    labelKey: 'params.reasoningSummary',
    choices: REASONING_SUMMARIES,
    message: `The reasoning summary must be one of ${REASONING_SUMMARIES.join(', ')}.`,
    problemKey: 'problems.params.summary',
  },
  thinkingLevel: {
    kind: 'choice',
    section: 'more',
    labelKey: 'params.thinkingLevel',
    choices: THINKING_LEVELS,
    message: `The thinking level must be one of ${THINKING_LEVELS.join(', ')}.`,
    problemKey: 'problems.params.level',
  },
  /** responses: the image_generation tool in `tools` (the builder places it and its settings) */
  imageGeneration: { kind: 'boolean', section: 'image', labelKey: 'params.image.generation' },
  imageSize: {
    kind: 'choice',
    section: 'image',
    labelKey: 'params.image.size',
    choices: IMAGE_TOOL_SIZES,
    message: oneOf('The image size', IMAGE_TOOL_SIZES),
    problemKey: 'problems.params.imageSize',
  },
  imageQuality: {
    kind: 'choice',
    section: 'image',
    labelKey: 'params.image.quality',
    choices: IMAGE_TOOL_QUALITIES,
    message: oneOf('The image quality', IMAGE_TOOL_QUALITIES),
    problemKey: 'problems.params.imageQuality',
  },
  imageFormat: {
    kind: 'choice',
    section: 'image',
    labelKey: 'params.image.format',
    choices: IMAGE_TOOL_FORMATS,
    message: oneOf('The image format', IMAGE_TOOL_FORMATS),
    problemKey: 'problems.params.imageFormat',
  },
  imageBackground: {
    kind: 'choice',
    section: 'image',
    labelKey: 'params.image.background',
    choices: IMAGE_TOOL_BACKGROUNDS,
    message: oneOf('The image background', IMAGE_TOOL_BACKGROUNDS),
    problemKey: 'problems.params.imageBackground',
  },
  partialImages: {
    kind: 'integer',
    section: 'image',
    labelKey: 'params.image.partials',
    min: 0,
    max: 3,
    message: 'Partial images must be a whole number from 0 to 3.',
    problemKey: 'problems.params.partialImages',
  },
  /** generate: responseModalities TEXT and IMAGE (the builder places it) */
  imageOutput: { kind: 'boolean', section: 'image', labelKey: 'params.image.output' },
  aspectRatio: {
    kind: 'choice',
    section: 'image',
    labelKey: 'params.image.aspectRatio',
    choices: IMAGE_ASPECT_RATIOS,
    message: oneOf('The aspect ratio', IMAGE_ASPECT_RATIOS),
    problemKey: 'problems.params.aspectRatio',
  },
  imageResolution: {
    kind: 'choice',
    section: 'image',
    labelKey: 'params.image.resolution',
    choices: IMAGE_RESOLUTIONS,
    message: oneOf('The image size', IMAGE_RESOLUTIONS),
    problemKey: 'problems.params.imageResolution',
  },
} as const satisfies Record<string, ControlSpec>;

export type ControlKey = keyof typeof CONTROLS;
export const CONTROL_KEYS = Object.keys(CONTROLS) as ControlKey[];
/** The controls under "More controls", in the panel's order. */
export const MORE_CONTROL_KEYS = CONTROL_KEYS.filter((k) => CONTROLS[k].section === 'more');
/** The image controls, in the panel's order (each format draws those it sends). */
export const IMAGE_CONTROL_KEYS = CONTROL_KEYS.filter((k) => CONTROLS[k].section === 'image');

/** The value a control holds in Params. */
export type ControlValue<K extends ControlKey> = (typeof CONTROLS)[K] extends { kind: 'number' | 'integer' }
  ? number
  : (typeof CONTROLS)[K] extends { kind: 'choice'; choices: readonly (infer T)[] }
    ? T
    : (typeof CONTROLS)[K] extends { kind: 'boolean' }
      ? boolean
      : string[];

/**
 * Where a control goes in one format's request: a dotted path in the body ("reasoning.effort").
 * `builder` marks one the format's builder places itself, because its value takes a shape or default the
 * table cannot say (messages' max tokens, filled with 1,024; messages' thinking, an object with a type);
 * every other one is written by `wireFields` exactly as set.
 */
export interface WireField {
  key: ControlKey;
  path: string;
  builder?: true;
}

/**
 * Each format's controls, in the order they appear in its request (the order is part of the bytes sent):
 * a control missing here is never sent by that format, and its panel does not show it.
 */
export const FORMAT_WIRE: Record<TextFormat, readonly WireField[]> = {
  chat: [
    { key: 'maxTokens', path: 'max_completion_tokens' },
    { key: 'temperature', path: 'temperature' },
    { key: 'topP', path: 'top_p' },
    { key: 'stop', path: 'stop' },
    { key: 'seed', path: 'seed' },
    { key: 'presencePenalty', path: 'presence_penalty' },
    { key: 'frequencyPenalty', path: 'frequency_penalty' },
    { key: 'reasoningEffort', path: 'reasoning_effort' },
  ],
  responses: [
    { key: 'maxTokens', path: 'max_output_tokens' },
    { key: 'temperature', path: 'temperature' },
    { key: 'topP', path: 'top_p' },
    { key: 'reasoningEffort', path: 'reasoning.effort' },
    { key: 'reasoningSummary', path: 'reasoning.summary' },
    // the image tool is an entry of `tools`, after the functions, sent only when imageGeneration is on
    { key: 'imageGeneration', path: 'tools[image_generation].type', builder: true },
    { key: 'imageSize', path: 'tools[image_generation].size', builder: true },
    { key: 'imageQuality', path: 'tools[image_generation].quality', builder: true },
    { key: 'imageFormat', path: 'tools[image_generation].output_format', builder: true },
    { key: 'imageBackground', path: 'tools[image_generation].background', builder: true },
    { key: 'partialImages', path: 'tools[image_generation].partial_images', builder: true },
  ],
  messages: [
    { key: 'maxTokens', path: 'max_tokens', builder: true },
    { key: 'temperature', path: 'temperature' },
    { key: 'topP', path: 'top_p' },
    { key: 'topK', path: 'top_k' },
    { key: 'stop', path: 'stop_sequences' },
    { key: 'thinkingBudget', path: 'thinking.budget_tokens', builder: true },
  ],
  generate: [
    { key: 'temperature', path: 'generationConfig.temperature' },
    { key: 'topP', path: 'generationConfig.topP' },
    { key: 'topK', path: 'generationConfig.topK' },
    { key: 'maxTokens', path: 'generationConfig.maxOutputTokens' },
    { key: 'stop', path: 'generationConfig.stopSequences' },
    { key: 'seed', path: 'generationConfig.seed' },
    { key: 'presencePenalty', path: 'generationConfig.presencePenalty' },
    { key: 'frequencyPenalty', path: 'generationConfig.frequencyPenalty' },
    { key: 'includeThoughts', path: 'generationConfig.thinkingConfig.includeThoughts' },
    { key: 'thinkingBudget', path: 'generationConfig.thinkingConfig.thinkingBudget' },
    { key: 'thinkingLevel', path: 'generationConfig.thinkingConfig.thinkingLevel' },
    // sent only with image output on
    { key: 'imageOutput', path: 'generationConfig.responseModalities', builder: true },
    { key: 'aspectRatio', path: 'generationConfig.imageConfig.aspectRatio', builder: true },
    { key: 'imageResolution', path: 'generationConfig.imageConfig.imageSize', builder: true },
  ],
};

/** The name a control goes out under in a format, or undefined when that format does not send it. */
export function wireName(format: TextFormat, key: ControlKey): string | undefined {
  return FORMAT_WIRE[format].find((w) => w.key === key)?.path;
}

/** Whether a format's request carries this control. */
export function formatSends(format: TextFormat, key: ControlKey): boolean {
  return wireName(format, key) !== undefined;
}

/** The "More controls" a format has, in the panel's order. */
export function moreControls(format: TextFormat): ControlKey[] {
  return MORE_CONTROL_KEYS.filter((k) => formatSends(format, k));
}

/**
 * The controls of a format that its builder does not place itself, as request fields nested along their
 * paths, in the format's order; unset controls and empty lists are left out, and so is an object that would
 * be empty. The builder spreads the result where these fields go.
 */
export function wireFields(
  format: TextFormat,
  params: { readonly [K in ControlKey]?: unknown },
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const w of FORMAT_WIRE[format]) {
    const value = params[w.key];
    if (w.builder || value === undefined || (Array.isArray(value) && value.length === 0)) continue;
    const parts = w.path.split('.');
    let at = out;
    for (const part of parts.slice(0, -1)) {
      const next = Object.hasOwn(at, part) ? at[part] : undefined;
      if (typeof next === 'object' && next !== null) at = next as Record<string, unknown>;
      else at = at[part] = {};
    }
    at[parts[parts.length - 1] ?? w.path] = value;
  }
  return out;
}
