/**
 * The inspector's record of one tool run: a call a reply made to an MCP server's tool, from the user's
 * answer to its result. Part of the conversation's record (stored with it, deleted with it) and shown in
 * the inspector beside the HTTP exchanges, in time order. Like the exchange record it keeps what helps
 * reading and elides what is large: an image is kept as its type, size and the id of the file the host
 * stored, never its bytes; the arguments and the result text keep MCP_LIMITS.resultChars characters.
 */
import { z } from 'zod';
import { MAX_TIME_MS, MCP_LIMITS } from './limits.ts';
import { McpServerNameSchema } from './tools.ts';
import type { McpCallResult } from './mcp.ts';

export const TOOL_RUN_STATUSES = ['done', 'error', 'denied', 'stopped'] as const;
export type ToolRunStatus = (typeof TOOL_RUN_STATUSES)[number];

const Text = z.string().max(MCP_LIMITS.resultChars);
const Ms = z.number().int().min(0).max(86_400_000);

export const ToolRunPartSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: Text }),
  /**
   * the image's bytes are not kept in the record: its type and size say what came back, and its file (the
   * id of the attachment the host stored, absent in records from before) shows it while a turn keeps it
   */
  z.object({
    type: z.literal('image'),
    mimeType: z.string().max(100),
    bytes: z.number().int().min(0),
    id: z.string().min(1).max(100).optional(),
    width: z.number().int().positive().optional(),
    height: z.number().int().positive().optional(),
  }),
  z.object({
    type: z.literal('resource'),
    uri: z.string().max(2_000),
    mimeType: z.string().max(100).optional(),
    text: Text.optional(),
  }),
]);
export type ToolRunPart = z.infer<typeof ToolRunPartSchema>;

export const ToolRunSchema = z.object({
  id: z.string().min(1).max(100),
  conversationId: z.string().min(1).max(100),
  /** the reply that made the call */
  replyId: z.string().min(1).max(100),
  callId: z.string().min(1).max(200),
  server: McpServerNameSchema,
  tool: z.string().min(1).max(200),
  /** the call's arguments as the model sent them (JSON text), cut to the cap */
  arguments: Text,
  status: z.enum(TOOL_RUN_STATUSES),
  content: z.array(ToolRunPartSchema).max(1_000),
  /** the result was cut to the output cap (by the host's cap or by this record's) */
  truncated: z.boolean(),
  /** why the user denied it */
  reason: Text.optional(),
  startedAt: z.number().int().min(0).max(MAX_TIME_MS),
  ms: Ms,
});
export type ToolRun = z.infer<typeof ToolRunSchema>;

/**
 * A tool run as a conversation's export carries it: without its record id and conversation (an import
 * gives it new ones); `replyId` names a turn of the same file, mapped to the imported turn's new id.
 */
export const ToolRunFileSchema = ToolRunSchema.omit({ id: true, conversationId: true });
export type ToolRunFile = z.infer<typeof ToolRunFileSchema>;

export function toToolRunFile(run: ToolRun): ToolRunFile {
  const { id: _id, conversationId: _c, ...rest } = run;
  return rest;
}

/** About how many characters a run takes in a file (its texts; the rest is a few dozen per part). */
export function toolRunChars(run: ToolRunFile): number {
  let n = 200 + run.arguments.length + (run.reason?.length ?? 0);
  for (const part of run.content) {
    n += 60 + (part.type === 'image' ? 0 : (part.text?.length ?? 0));
    if (part.type === 'resource') n += part.uri.length;
  }
  return n;
}

/** A row of the inspector's list. */
export type ToolRunSummary = Pick<
  ToolRun,
  'id' | 'conversationId' | 'server' | 'tool' | 'status' | 'startedAt' | 'ms'
>;

export function toolRunSummary(run: ToolRun): ToolRunSummary {
  const { id, conversationId, server, tool, status, startedAt, ms } = run;
  return { id, conversationId, server, tool, status, startedAt, ms };
}

/** Text cut to the record's cap, and whether it was. */
function capped(text: string): { text: string; cut: boolean } {
  return text.length > MCP_LIMITS.resultChars
    ? { text: text.slice(0, MCP_LIMITS.resultChars), cut: true }
    : { text, cut: false };
}

/** A call's result as the record keeps it: images as their file's id, type and size. One pass over the parts. */
export function toolRunContent(result: McpCallResult): { content: ToolRunPart[]; truncated: boolean } {
  let truncated = result.truncated;
  const content: ToolRunPart[] = [];
  for (const part of result.content.slice(0, 1_000)) {
    if (part.type === 'image') {
      const { id, mimeType, bytes, width, height } = part.image;
      content.push({
        type: 'image',
        mimeType: mimeType.slice(0, 100),
        bytes,
        id,
        ...(width === undefined ? {} : { width }),
        ...(height === undefined ? {} : { height }),
      });
    } else if (part.type === 'text') {
      const { text, cut } = capped(part.text);
      truncated ||= cut;
      content.push({ type: 'text', text });
    } else {
      const text = part.text === undefined ? undefined : capped(part.text);
      truncated ||= text?.cut === true;
      content.push({
        type: 'resource',
        uri: part.uri.slice(0, 2_000),
        ...(part.mimeType === undefined ? {} : { mimeType: part.mimeType.slice(0, 100) }),
        ...(text === undefined ? {} : { text: text.text }),
      });
    }
  }
  return { content, truncated: truncated || result.content.length > 1_000 };
}

/** The arguments as the record keeps them: the text, cut to the cap. */
export function toolRunArguments(text: string): { text: string; cut: boolean } {
  return capped(text);
}
