import { z } from 'zod';
import { TextFormatSchema, type TextFormat } from './formats.ts';
import { AppErrorSchema } from './errors.ts';
import { AttachmentSchema, type Attachment } from './attachments.ts';
import { extraBodyProblem } from './extra-body.ts';
import {
  REASONING_EFFORTS,
  REASONING_SUMMARIES,
  THINKING_LEVELS,
  CONTROLS,
  CONTROL_KEYS,
  type ControlKey,
  type ControlSpec,
  type ControlValue,
} from './controls.ts';
import { schemaTextProblem } from './json-schema.ts';
import {
  MAX_TOOLS,
  McpToolRefSchema,
  ToolCallSchema,
  ToolChoiceSchema,
  ToolResultSchema,
  ToolsSchema,
} from './tools.ts';
import {
  MAX_CONVERSATION_TURNS,
  MAX_MESSAGE_CHARS,
  MAX_MODEL_ID_CHARS,
  MAX_REPLY_CHARS,
  MAX_TIME_MS,
  MAX_TITLE_CHARS,
  MAX_TOOL_CALLS,
  MAX_TURN_VERSIONS,
} from './limits.ts';
import { ATTACHMENT_LIMITS } from './attachments.ts';

export { REASONING_EFFORTS, REASONING_SUMMARIES, THINKING_LEVELS };

/**
 * A format-neutral conversation. Each assistant turn keeps the provider payload that must go back verbatim
 * on the next request (generate-content parts with `thoughtSignature`, messages content blocks with
 * thinking signatures, responses output items), so history is rebuilt exactly, not from display text.
 */

/** Raw provider state of one assistant turn; `format` says which request shape it may be replayed into. */
export const ProviderPayloadSchema = z.discriminatedUnion('format', [
  z.object({
    format: z.literal('chat'),
    message: z.object({
      role: z.literal('assistant'),
      content: z.string(),
      /** the reply's function calls as received (id, type, function.name, function.arguments) */
      tool_calls: z.array(z.record(z.string(), z.unknown())).optional(),
    }),
  }),
  z.object({
    format: z.literal('responses'),
    responseId: z.string().optional(),
    /** `output` items as received */
    output: z.array(z.unknown()),
  }),
  z.object({
    format: z.literal('messages'),
    /** content blocks as received, thinking and redacted_thinking blocks included */
    content: z.array(z.record(z.string(), z.unknown())),
  }),
  z.object({
    format: z.literal('generate'),
    /** candidates[0].content.parts as received: same parts, same order, same signatures */
    parts: z.array(z.record(z.string(), z.unknown())),
  }),
]);
export type ProviderPayload = z.infer<typeof ProviderPayloadSchema>;

// ---------- the limits a stored conversation keeps (an import reads a file with these) ----------

/** A token count: a whole number a sum of many stays exact in (a service's 1e308 is no count). */
const TokenCount = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
/** A time in milliseconds that a `Date` can hold. */
export const TimeSchema = z
  .number()
  .int('A time must be a whole number of milliseconds.')
  .min(-MAX_TIME_MS, 'A time is outside the dates Quartet can show.')
  .max(MAX_TIME_MS, 'A time is outside the dates Quartet can show.');
/** A duration in milliseconds. */
const Duration = z.number().int().min(0).max(MAX_TIME_MS);
/** An id of a stored record, as the contract takes it. */
const RecordId = z.string().min(1).max(100);

/** A connection's name, as Settings takes it. */
export const ConnectionNameSchema = z.string().trim().min(1, 'Give the connection a name.').max(100);
export const ConversationConnectionSchema = z.object({
  id: RecordId.optional(),
  name: ConnectionNameSchema,
});
export type ConversationConnection = z.infer<typeof ConversationConnectionSchema>;

const MODEL_ID = `A model id is 1 to ${MAX_MODEL_ID_CHARS} characters.`;
/**
 * A model id as a stored conversation keeps it: the contract's length. Characters no request can carry are
 * refused when sending (electron/core/turn/validate.ts), as for an id typed in the page; the page shows
 * control and bidi characters escaped (shared/display.ts).
 */
export const StoredModelIdSchema = z
  .string({ error: MODEL_ID })
  .max(MAX_MODEL_ID_CHARS, MODEL_ID)
  .refine((id) => id.trim() !== '', MODEL_ID);

/** Whether a service's model id can be kept as the model that answered (else the conversation's is). */
export function isUsableModelId(id: string | undefined): id is string {
  return id !== undefined && StoredModelIdSchema.safeParse(id).success;
}

/** The longest finish reason kept (a service's own word: `stop`, `end_turn`, `MAX_TOKENS`). */
export const MAX_FINISH_REASON_CHARS = 200;

export const UsageSchema = z.object({
  input: TokenCount.optional(),
  output: TokenCount.optional(),
  total: TokenCount.optional(),
  thinking: TokenCount.optional(),
  cacheRead: TokenCount.optional(),
  cacheWrite: TokenCount.optional(),
});
export type Usage = z.infer<typeof UsageSchema>;

export const TimingsSchema = z.object({
  /** time to first token (first text or thought delta), streaming only */
  firstTokenMs: Duration.optional(),
  /** time to the first image of the reply: its first partial image, or the final one when none came */
  firstImageMs: Duration.optional(),
  totalMs: Duration.optional(),
});
export type Timings = z.infer<typeof TimingsSchema>;

/**
 * An image a reply made (the responses image tool, a generate-content image part), as the page sees it:
 * the gallery image it was stored as (served by the hosts' media routes; its bytes never cross the
 * bridge), its pixel size and what the service said of it. The provider payload keeps the image itself.
 */
export const TurnImageSchema = z.object({
  id: RecordId,
  mimeType: z.string().max(100),
  width: z.number().int().min(0).max(1_000_000),
  height: z.number().int().min(0).max(1_000_000),
  /** the stored file's size (Compare's image figures show it) */
  bytes: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  revisedPrompt: z.string().max(MAX_MESSAGE_CHARS).optional(),
  settings: z
    .record(z.string().max(100), z.union([z.string().max(1000), z.number(), z.boolean()]))
    .optional(),
});
export type TurnImage = z.infer<typeof TurnImageSchema>;
/** At most this many images of one reply are shown and stored in the gallery. */
export const MAX_TURN_IMAGES = 16;

export const TURN_STATUSES = ['complete', 'partial', 'error'] as const;
export const TurnStatusSchema = z.enum(TURN_STATUSES);
export type TurnStatus = z.infer<typeof TurnStatusSchema>;

/**
 * Why a reply ended when it is not a normal stop, so the chat can say it instead of showing a bare
 * "cut off" or an empty bubble. The transport causes (stopped, network, timeout, service-error) come from
 * the host; the rest from the format's own finish reason; `too-large` from the reply size cap.
 */
export const END_REASONS = [
  'stopped',
  'network',
  'timeout',
  'service-error',
  'too-large',
  'refusal',
  'content-filter',
  'length',
  'empty',
  'too-many-calls',
] as const;
export const EndReasonSchema = z.enum(END_REASONS);
export type EndReason = z.infer<typeof EndReasonSchema>;

export const TurnSchema = z
  .object({
    id: RecordId,
    role: z.enum(['user', 'assistant']),
    /** the visible text (for an assistant turn: the reply without thought summaries) */
    text: z.string().max(MAX_REPLY_CHARS.max),
    /** thought summaries, shown collapsed */
    thoughts: z.string().max(MAX_REPLY_CHARS.max).optional(),
    raw: ProviderPayloadSchema.optional(),
    /**
     * An imported reply whose provider payload was not kept: it did not agree with what the page shows
     * (shared/provider-payload.ts), so the reply goes back as its text.
     */
    payloadDropped: z.literal(true).optional(),
    status: TurnStatusSchema,
    error: AppErrorSchema.optional(),
    model: StoredModelIdSchema.optional(),
    finishReason: z.string().max(MAX_FINISH_REASON_CHARS).optional(),
    /** set only when the reply ended unusually */
    endReason: EndReasonSchema.optional(),
    /** the service's own explanation of that ending (messages `stop_details`, a refusal's text), if any */
    endDetail: z.string().max(MAX_REPLY_CHARS.max).optional(),
    usage: UsageSchema.optional(),
    timings: TimingsSchema.optional(),
    exchangeId: RecordId.optional(),
    /** an assistant reply's function calls, in order (several: parallel calls) */
    toolCalls: z
      .array(ToolCallSchema)
      .max(MAX_TOOL_CALLS, `A reply makes at most ${MAX_TOOL_CALLS} function calls.`)
      .optional(),
    /** the images a reply made, stored in the gallery (filled from it when the conversation is read) */
    images: z.array(TurnImageSchema).max(MAX_TURN_IMAGES).optional(),
    /** a user turn answering the previous reply's calls: one result per call (it may also carry text) */
    toolResults: z
      .array(ToolResultSchema)
      .max(MAX_TOOL_CALLS, `A message answers at most ${MAX_TOOL_CALLS} function calls.`)
      .optional(),
    /** files sent with a user turn, in the order they go on the wire */
    attachments: z.array(AttachmentSchema).max(ATTACHMENT_LIMITS.count).optional(),
    /**
     * Branches: the turn this one follows (absent on a conversation's first turn). Editing a message or
     * answering again adds a version beside the old one instead of replacing it.
     */
    parentId: RecordId.optional(),
    /** this turn's versions (itself included, oldest first), present only when there is more than one */
    versions: z.array(RecordId).max(MAX_TURN_VERSIONS).optional(),
    /** an assistant reply the user rewrote: it goes back as text, without its provider payload */
    edited: z.boolean().optional(),
    createdAt: TimeSchema,
  })
  .superRefine((turn, ctx) => {
    // a message as the composer takes it; a reply as the size cap keeps it (text and thoughts together)
    const size = turn.text.length + (turn.thoughts?.length ?? 0);
    if (turn.role === 'user' && size > MAX_MESSAGE_CHARS) {
      ctx.addIssue({ code: 'custom', path: ['text'], message: 'The message is larger than 10 MB.' });
    }
    if (turn.role === 'assistant' && size > MAX_REPLY_CHARS.max) {
      const max = MAX_REPLY_CHARS.max.toLocaleString('en');
      ctx.addIssue({
        code: 'custom',
        path: ['text'],
        message: `The reply is longer than ${max} characters.`,
      });
    }
  });
export type Turn = z.infer<typeof TurnSchema>;

/**
 * Every file a turn refers to: the files the user attached, then its tool results' images. Exports carry
 * and imports store them alike; the host reads them all when it builds a request.
 */
export function filesOfTurn(turn: Turn): Attachment[] {
  const images = (turn.toolResults ?? []).flatMap((r) => r.images ?? []);
  return images.length === 0 ? (turn.attachments ?? []) : [...(turn.attachments ?? []), ...images];
}

/** A control's schema, with its range and messages from the table (shared/controls.ts). */
function controlSchema(spec: ControlSpec): z.ZodType {
  switch (spec.kind) {
    case 'number':
    case 'integer': {
      const m = spec.message;
      const n = z.number({ error: m });
      return (spec.kind === 'integer' ? n.int(m) : n).min(spec.min, m).max(spec.max, m).optional();
    }
    case 'choice':
      return z.enum(spec.choices as unknown as [string, ...string[]], { error: spec.message }).optional();
    case 'boolean':
      return z.boolean().optional();
    case 'list': {
      const m = spec.message;
      return z
        .array(z.string({ error: m }).min(1, m).max(spec.maxItemChars, m), { error: m })
        .max(spec.maxItems, spec.countMessage)
        .optional();
    }
  }
}

/** Each control's schema, typed as the value the table says it holds. */
const CONTROL_SCHEMAS = Object.fromEntries(
  CONTROL_KEYS.map((k) => [k, controlSchema(CONTROLS[k])]),
) as unknown as { [K in ControlKey]: z.ZodOptional<z.ZodType<ControlValue<K>, ControlValue<K>>> };

const SCHEMA_NAME = 'The schema name must be 1 to 64 letters, digits, underscores or dashes.';
export const OutputSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('json') }),
  z.object({
    mode: z.literal('schema'),
    name: z.string({ error: SCHEMA_NAME }).regex(/^[A-Za-z0-9_-]{1,64}$/, SCHEMA_NAME),
    schema: z.string({ error: 'The JSON Schema must be text (a JSON object).' }).superRefine((text, ctx) => {
      const problem = schemaTextProblem(text);
      if (problem) ctx.addIssue({ code: 'custom', message: problem.message });
    }),
  }),
]);
export type Output = z.infer<typeof OutputSchema>;

export const ParamsSchema = z.object({
  system: z.string().max(200_000, 'The system prompt is longer than 200,000 characters.').optional(),
  // the controls (shared/controls.ts) with stream after max tokens: a parsed set keeps its fields' order
  ...{ temperature: CONTROL_SCHEMAS.temperature, maxTokens: CONTROL_SCHEMAS.maxTokens },
  stream: z.boolean().default(true),
  ...CONTROL_SCHEMAS,
  /**
   * Structured output: plain JSON mode, or a JSON Schema (kept as the text the user typed). Each format
   * sends it under its own field; messages has no plain JSON mode, only a schema.
   */
  output: OutputSchema.optional(),
  /** functions the model may call (sent only when there is at least one) */
  tools: ToolsSchema.optional(),
  /** how the model may use them; absent means the format's default (auto) */
  toolChoice: ToolChoiceSchema.optional(),
  /** tools of the servers in mcp.json switched on for this conversation, sent beside `tools` (shared/mcp.ts) */
  mcpTools: z.array(McpToolRefSchema).max(MAX_TOOLS, `At most ${MAX_TOOLS} tools.`).optional(),
  /**
   * A JSON object merged into the request after the built fields (it wins; objects merge deeply). Kept as
   * the text the user typed, so their layout survives.
   */
  extraBody: z
    .string({ error: 'The extra body must be text (a JSON object).' })
    .superRefine((text, ctx) => {
      const problem = text.trim() === '' ? undefined : extraBodyProblem(text);
      if (problem) ctx.addIssue({ code: 'custom', message: problem.message });
    })
    .optional(),
});
export type Params = z.infer<typeof ParamsSchema>;
export type ParamsInput = z.input<typeof ParamsSchema>;

export const DEFAULT_MAX_TOKENS_MESSAGES = 1024;

/** A new conversation's parameters: streamed, and messages' required max tokens filled in. */
export function defaultParams(format: TextFormat): Params {
  return format === 'messages' ? { stream: true, maxTokens: DEFAULT_MAX_TOKENS_MESSAGES } : { stream: true };
}

const TOO_MANY_TURNS = `A conversation holds at most ${MAX_CONVERSATION_TURNS.toLocaleString('en')} messages.`;

export const ConversationSchema = z
  .object({
    id: RecordId,
    format: TextFormatSchema,
    model: StoredModelIdSchema,
    title: z.string().max(MAX_TITLE_CHARS, `A title is at most ${MAX_TITLE_CHARS} characters.`),
    params: ParamsSchema,
    /** the branch on screen, first turn to last */
    turns: z.array(TurnSchema).max(MAX_CONVERSATION_TURNS, TOO_MANY_TURNS),
    /** every other turn (other versions and what follows them), each with its parentId: exports of all branches */
    branches: z.array(TurnSchema).max(MAX_CONVERSATION_TURNS, TOO_MANY_TURNS).optional(),
    /**
     * The connection it goes through: its id in this data folder and its name (an export carries the name,
     * an import matches it). Without an id: a connection it asks for that is not here.
     */
    connection: ConversationConnectionSchema.optional(),
    /**
     * Replies on the branch made through another connection whose signatures or encrypted reasoning are
     * bound to the service that made them (shared/service-bound.ts): they go back without them.
     */
    boundElsewhere: z.number().int().min(0).max(MAX_CONVERSATION_TURNS).optional(),
    createdAt: TimeSchema,
    updatedAt: TimeSchema,
  })
  .superRefine((c, ctx) => {
    if (c.turns.length + (c.branches?.length ?? 0) > MAX_CONVERSATION_TURNS) {
      ctx.addIssue({ code: 'custom', path: ['branches'], message: TOO_MANY_TURNS });
    }
  });
export type Conversation = z.infer<typeof ConversationSchema>;
