// The table of request controls (shared/controls.ts) is the one place that says what each format sends:
// a builder that sends a control the table does not list for its format, or misses one it lists, fails
// here; so does a schema whose range differs from the table's, or a label or message with no words in
// one of the page's languages.
import { describe, expect, it } from 'vitest';
import { buildRequest } from '../../electron/core/index.ts';
import { ParamsSchema, type Params } from '../../shared/conversation.ts';
import {
  CONTROLS,
  CONTROL_KEYS,
  FORMAT_WIRE,
  type ControlKey,
  type ControlSpec,
} from '../../shared/controls.ts';
import { TEXT_FORMATS } from '../../shared/formats.ts';
import { en } from '../../renderer/i18n/messages-en.ts';
import { zhCN } from '../../renderer/i18n/messages-zh-CN.ts';
import { user } from './helpers/turns.ts';

/** A value inside the control's range, and not the service's own default. */
function inRange(spec: ControlSpec): unknown {
  switch (spec.kind) {
    case 'number':
      return (spec.min + spec.max) / 2 + 0.25;
    case 'integer':
      // past the middle, within a narrow range's top (partial images: 0 to 3)
      return Math.min(spec.max, Math.floor((spec.min + spec.max) / 2) + 1_000);
    case 'choice':
      return spec.choices[spec.choices.length - 1];
    case 'boolean':
      return true;
    case 'list':
      return ['END'];
  }
}

const EVERY = Object.fromEntries(CONTROL_KEYS.map((k) => [k, inRange(CONTROLS[k])])) as Partial<Params>;

/**
 * Every leaf of a body with its dotted path. An array is one leaf, except one of typed entries (the
 * responses `tools`), whose entries are named by their type: `tools[image_generation].size`.
 */
function leaves(value: unknown, path = '', out = new Map<string, string>()): Map<string, string> {
  if (Array.isArray(value) && value.length > 0 && value.every(isTyped)) {
    for (const entry of value) leaves(entry, `${path}[${entry.type}]`, out);
  } else if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) leaves(v, path === '' ? k : `${path}.${k}`, out);
  } else out.set(path, JSON.stringify(value));
  return out;
}

function isTyped(v: unknown): v is { type: string } {
  return typeof v === 'object' && v !== null && typeof (v as { type?: unknown }).type === 'string';
}

/** What a builder-placed control sends: its value, or the shape its builder gives it when turned on. */
const BUILDER_SHAPES: Partial<Record<ControlKey, unknown>> = {
  imageGeneration: 'image_generation',
  imageOutput: ['TEXT', 'IMAGE'],
};

const body = (format: (typeof TEXT_FORMATS)[number], p: Partial<Params>) =>
  buildRequest(format, 'm', [user('hi')], { stream: false, ...p }, false);

describe('each builder sends exactly the controls the table lists for its format', () => {
  for (const format of TEXT_FORMATS) {
    it(format, () => {
      const wire = FORMAT_WIRE[format];
      const full = leaves(body(format, EVERY));
      const bare = leaves(body(format, {}));
      // what setting every control changed in the request
      const changed = [...full.keys()].filter((p) => full.get(p) !== bare.get(p));
      for (const w of wire) {
        const sent = w.builder ? (BUILDER_SHAPES[w.key] ?? EVERY[w.key]) : EVERY[w.key];
        expect(full.get(w.path), `${format} sends ${w.key} as ${w.path}`).toBe(JSON.stringify(sent));
      }
      // anything else that changed is a control sent without the table's word (a builder-placed control
      // may add its own shape beside the value: messages' thinking.type)
      const covered = (leaf: string) =>
        wire.some((w) => w.path === leaf || (w.builder && leaf.startsWith(w.path.replace(/[^.]+$/, ''))));
      expect(changed.filter((leaf) => !covered(leaf))).toEqual([]);
    });
  }

  it('in the order the table lists them (the order is part of the bytes)', () => {
    for (const format of TEXT_FORMATS) {
      const order = [...leaves(body(format, EVERY)).keys()];
      const listed = FORMAT_WIRE[format].map((w) => w.path);
      expect(order.filter((p) => listed.includes(p))).toEqual(listed);
    }
  });

  it('sends the same bytes as the builders did before the table', () => {
    const p: Params = {
      stream: true,
      system: 's',
      maxTokens: 2000,
      temperature: 0.5,
      topP: 0.9,
      topK: 40,
      stop: ['END'],
      seed: 7,
      presencePenalty: 0.5,
      frequencyPenalty: -0.5,
      reasoningEffort: 'low',
      reasoningSummary: 'auto',
      thinkingLevel: 'high',
      includeThoughts: true,
      thinkingBudget: 1500,
    };
    const json = (f: (typeof TEXT_FORMATS)[number]) =>
      JSON.stringify(buildRequest(f, 'm', [user('hi')], p, true));
    expect(json('chat')).toBe(
      '{"model":"m","messages":[{"role":"system","content":"s"},{"role":"user","content":"hi"}],"max_completion_tokens":2000,"temperature":0.5,"top_p":0.9,"stop":["END"],"seed":7,"presence_penalty":0.5,"frequency_penalty":-0.5,"reasoning_effort":"low","stream":true,"stream_options":{"include_usage":true}}',
    );
    expect(json('responses')).toBe(
      '{"model":"m","input":"hi","instructions":"s","max_output_tokens":2000,"temperature":0.5,"top_p":0.9,"reasoning":{"effort":"low","summary":"auto"},"stream":true}',
    );
    expect(json('messages')).toBe(
      '{"model":"m","max_tokens":2000,"system":"s","messages":[{"role":"user","content":"hi"}],"temperature":0.5,"top_p":0.9,"top_k":40,"stop_sequences":["END"],"thinking":{"type":"enabled","budget_tokens":1500},"stream":true}',
    );
    expect(json('generate')).toBe(
      '{"contents":[{"role":"user","parts":[{"text":"hi"}]}],"systemInstruction":{"parts":[{"text":"s"}]},"generationConfig":{"temperature":0.5,"topP":0.9,"topK":40,"maxOutputTokens":2000,"stopSequences":["END"],"seed":7,"presencePenalty":0.5,"frequencyPenalty":-0.5,"thinkingConfig":{"includeThoughts":true,"thinkingBudget":1500,"thinkingLevel":"high"}}}',
    );
  });
});

describe('the schema takes its ranges and messages from the table', () => {
  const refused = (key: ControlKey, value: unknown) =>
    ParamsSchema.safeParse({ [key]: value }).error?.issues.map((i) => i.message);

  for (const key of CONTROL_KEYS) {
    it(key, () => {
      const spec: ControlSpec = CONTROLS[key];
      expect(ParamsSchema.safeParse({ [key]: EVERY[key] }).success).toBe(true);
      if (spec.kind === 'number' || spec.kind === 'integer') {
        expect(refused(key, spec.min - 1)).toEqual([spec.message]);
        expect(refused(key, spec.max + 1)).toEqual([spec.message]);
        if (spec.kind === 'integer') expect(refused(key, spec.min + 0.5)).toEqual([spec.message]);
      } else if (spec.kind === 'choice') {
        expect(refused(key, 'none of them')).toEqual([spec.message]);
      } else if (spec.kind === 'list') {
        expect(refused(key, [''])).toEqual([spec.message]);
        expect(refused(key, ['x'.repeat(spec.maxItemChars + 1)])).toEqual([spec.message]);
        expect(
          refused(
            key,
            Array.from({ length: spec.maxItems + 1 }, () => 'x'),
          ),
        ).toEqual([spec.countMessage]);
      } else expect(ParamsSchema.safeParse({ [key]: 'yes' }).success).toBe(false);
    });
  }
});

describe('every control has words in both languages', () => {
  it('labels and messages', () => {
    const dictionaries: Record<string, unknown>[] = [en, zhCN];
    for (const key of CONTROL_KEYS) {
      const spec: ControlSpec = CONTROLS[key];
      expect(spec.labelKey !== undefined || spec.label !== undefined, key).toBe(true);
      const keys = [spec.labelKey, spec.problemKey, spec.kind === 'list' ? spec.countProblemKey : undefined];
      for (const k of keys)
        if (k !== undefined) for (const d of dictionaries) expect(d[k], `${key}: ${k}`).toBeDefined();
      if (spec.kind !== 'boolean') expect(spec.message, key).toBeDefined();
      if (spec.message !== undefined) expect(spec.problemKey, key).toBeDefined();
    }
  });
});
