/**
 * Tool calls (function calling), format-neutral. A conversation defines functions; a reply may call some
 * of them (several at once: parallel calls); the user answers each call with a result, and the next request
 * carries the results in the format's own shape. Each format maps these to its fields (see
 * electron/core/formats/tools.ts); the simulator reads them back the same way.
 */
import { z } from 'zod';
import { schemaTextProblem } from './json-schema.ts';
import { AttachmentSchema, type Attachment } from './attachments.ts';
import { MCP_LIMITS } from './limits.ts';

/** Names every format accepts: chat and responses allow 64 of [a-zA-Z0-9_-]; generate wants a letter or _ first. */
export const TOOL_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/;
const TOOL_NAME =
  'A function name must be 1 to 64 letters, digits, underscores or dashes, starting with a letter or underscore.';
export const MAX_TOOLS = 32;
/** A result the user types goes into the prompt; the same cap as a text file. */
export const MAX_TOOL_RESULT_CHARS = 2_000_000;

export const MCP_SERVER_NAME_MESSAGE =
  'A server name is 1 to 64 letters, digits, dots, underscores or dashes (the key under "mcpServers").';
/** A tool server's name: a key of mcp.json's "mcpServers" (shared/mcp.ts). */
export const McpServerNameSchema = z
  .string({ error: MCP_SERVER_NAME_MESSAGE })
  .regex(/^[A-Za-z0-9_.-]{1,64}$/, MCP_SERVER_NAME_MESSAGE);
/** A conversation's switch for one tool of a server (its parameters' `mcpTools`). */
export const McpToolRefSchema = z.object({ server: McpServerNameSchema, tool: z.string().min(1).max(200) });
export type McpToolRef = z.infer<typeof McpToolRefSchema>;

export const ToolNameSchema = z.string({ error: TOOL_NAME }).regex(TOOL_NAME_PATTERN, TOOL_NAME);

/** Text that must parse as one JSON value (any value: an object, a list, a string). */
function jsonValueProblem(text: string): string | undefined {
  if (text.trim() === '') return 'empty; type a JSON value.';
  try {
    JSON.parse(text);
    return undefined;
  } catch (e) {
    return `not valid JSON (${e instanceof Error ? e.message : String(e)}).`;
  }
}

export const ToolDefSchema = z.object({
  name: ToolNameSchema,
  description: z.string().max(4_000, 'A function description is longer than 4,000 characters.').optional(),
  /** the JSON Schema of the arguments, as typed (an object schema) */
  parameters: z.string({ error: 'The parameters must be a JSON Schema (text).' }).superRefine((text, ctx) => {
    const problem = schemaTextProblem(text);
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message });
  }),
  /** "return this JSON every time": answered without asking (text of one JSON value) */
  fixedResult: z
    .string()
    .max(MAX_TOOL_RESULT_CHARS)
    .superRefine((text, ctx) => {
      const problem = jsonValueProblem(text);
      if (problem) ctx.addIssue({ code: 'custom', message: `Fixed result: ${problem}` });
    })
    .optional(),
});
export type ToolDef = z.infer<typeof ToolDefSchema>;
export type ToolDefInput = z.input<typeof ToolDefSchema>;

export const TOOL_CHOICE_MODES = ['auto', 'none', 'required'] as const;
/** auto (the model decides), none (no calls), required (at least one call), or one named function */
export const ToolChoiceSchema = z.union([z.enum(TOOL_CHOICE_MODES), z.object({ name: ToolNameSchema })]);
export type ToolChoice = z.infer<typeof ToolChoiceSchema>;

/**
 * The tool choice a request sends. A choice that forces a call (required, or one named function) is for the
 * turn that asks; on a request that carries the results of calls it goes as auto, as the vendors' guides
 * continue, since forcing again makes the model call again and the conversation never ends.
 */
export function toolChoiceSent(
  choice: ToolChoice | undefined,
  carriesResults: boolean,
): ToolChoice | undefined {
  const forces = choice === 'required' || typeof choice === 'object';
  return carriesResults && forces ? 'auto' : choice;
}

export const ToolsSchema = z
  .array(ToolDefSchema)
  .max(MAX_TOOLS, `At most ${MAX_TOOLS} functions.`)
  .superRefine((tools, ctx) => {
    const seen = new Set<string>();
    for (const t of tools) {
      if (seen.has(t.name)) ctx.addIssue({ code: 'custom', message: `Two functions are named ${t.name}.` });
      seen.add(t.name);
    }
  });

/** One function call in a reply. `arguments` is the JSON text as received (it may not parse: shown as is). */
export const ToolCallSchema = z.object({
  /** the call's id (chat/responses call id, messages tool_use id; generate's optional id or one made up) */
  id: z.string().min(1).max(200),
  name: z.string().max(200),
  arguments: z.string(),
});
export type ToolCall = z.infer<typeof ToolCallSchema>;

/**
 * An image a tool returned, as a result carries it: a file in the data folder (the same store and
 * description as a user's attachment, kind image), never its bytes. The host reads them when a request
 * is built and sends them in each format's own image shape.
 */
export const ToolImageSchema = AttachmentSchema.refine((a) => a.kind === 'image', {
  message: "A tool result's image must be an image file.",
});
export type ToolImage = Attachment;

/** The user's answer to one call, carried by the user turn that follows the reply. */
export const ToolResultSchema = z.object({
  callId: z.string().min(1).max(200),
  name: z.string().max(200),
  /** the result as typed: JSON text or plain text */
  content: z.string().max(MAX_TOOL_RESULT_CHARS, 'A tool result is larger than 2 MB.'),
  /** the user marked it as a failure (messages `is_error`; elsewhere said in the content) */
  isError: z.boolean().optional(),
  /** images a server tool returned (by reference; they go back to the model in the format's image shape) */
  images: z
    .array(ToolImageSchema)
    .max(MCP_LIMITS.resultImages, `A tool result carries at most ${MCP_LIMITS.resultImages} images.`)
    .optional(),
});
export type ToolResult = z.infer<typeof ToolResultSchema>;

/** A streamed piece of a call: its index in the reply, then its id and name once known, then argument text. */
export interface ToolDelta {
  index: number;
  id?: string;
  name?: string;
  /** argument text to append */
  args?: string;
}

/** The result as a JSON value: parsed when it is JSON, else the text itself. */
export function resultValue(content: string): unknown {
  try {
    return JSON.parse(content) as unknown;
  } catch {
    return content;
  }
}

/** The arguments as a JSON value when they parse, else undefined (a cut-off or malformed call). */
export function argumentsValue(args: string): unknown {
  if (args.trim() === '') return {};
  try {
    return JSON.parse(args) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Why `results` do not answer `calls` exactly (each call once, no strangers), or undefined. The services
 * refuse unpaired results; saying so before sending names the call.
 */
export function pairingProblem(
  calls: readonly ToolCall[],
  results: readonly ToolResult[],
): string | undefined {
  const ids = new Set(calls.map((c) => c.id));
  const answered = new Set<string>();
  for (const r of results) {
    if (!ids.has(r.callId))
      return `The result for ${r.name} (${r.callId}) answers no call of the last reply.`;
    if (answered.has(r.callId)) return `The call ${r.callId} has two results.`;
    answered.add(r.callId);
  }
  const missing = calls.find((c) => !answered.has(c.id));
  return missing ? `The call to ${missing.name} (${missing.id}) has no result yet.` : undefined;
}

/** Ready examples for the tools panel. */
export const TOOL_EXAMPLES: readonly ToolDef[] = [
  {
    name: 'get_weather',
    description: 'Current weather for a city.',
    parameters: JSON.stringify(
      {
        type: 'object',
        properties: {
          city: { type: 'string', description: 'City name, e.g. Paris' },
          unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
        },
        required: ['city'],
        additionalProperties: false,
      },
      null,
      2,
    ),
  },
  {
    name: 'get_time',
    description: 'The current local time in a time zone.',
    parameters: JSON.stringify(
      {
        type: 'object',
        properties: { timezone: { type: 'string', description: 'IANA name, e.g. Europe/Paris' } },
        required: ['timezone'],
        additionalProperties: false,
      },
      null,
      2,
    ),
  },
  {
    name: 'search_docs',
    description: 'Search the product documentation and return the best matching passages.',
    parameters: JSON.stringify(
      {
        type: 'object',
        properties: {
          query: { type: 'string' },
          limit: { type: 'integer', minimum: 1, maximum: 10 },
        },
        required: ['query'],
        additionalProperties: false,
      },
      null,
      2,
    ),
  },
];
