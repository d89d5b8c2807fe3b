/**
 * Tools of Model Context Protocol servers. The user lists servers in `mcp.json` in the data folder, in
 * the shape other MCP clients read (`{"mcpServers": {name: {command, args, env} | {url, headers}}}`); the
 * host starts them and calls their tools. The page only sees what is here: a server's name, kind, state
 * and tools, never its command line's environment or its headers, and it names a server only by a name
 * the file lists (so it can never add, change or start a command).
 */
import { z } from 'zod';
import { MCP_LIMITS } from './limits.ts';
import {
  MCP_SERVER_NAME_MESSAGE,
  McpServerNameSchema,
  TOOL_NAME_PATTERN,
  ToolImageSchema,
  type McpToolRef,
} from './tools.ts';

export { McpServerNameSchema, McpToolRefSchema, type McpToolRef } from './tools.ts';

export const MCP_CONFIG_FILE = 'mcp.json';

const SERVER_NAME = MCP_SERVER_NAME_MESSAGE;

const StringMap = z.record(z.string().max(200), z.string().max(10_000));

/** A server started as a command whose standard input and output carry the protocol. */
export const McpStdioEntrySchema = z.object({
  command: z.string({ error: '"command" must be text.' }).trim().min(1, '"command" is empty.').max(4_000),
  args: z.array(z.string().max(10_000), { error: '"args" must be a list of text.' }).max(200).optional(),
  /** the server's whole environment besides PATH: nothing of Quartet's or the host's is passed on */
  env: StringMap.optional(),
});

/** A server reached over Streamable HTTP. */
export const McpHttpEntrySchema = z.object({
  url: z
    .string({ error: '"url" must be text.' })
    .max(4_000)
    .refine(
      (u) => URL.canParse(u) && /^https?:$/.test(new URL(u).protocol),
      '"url" must be an http(s) address.',
    ),
  headers: StringMap.optional(),
});

export type McpStdioEntry = z.infer<typeof McpStdioEntrySchema>;
export type McpHttpEntry = z.infer<typeof McpHttpEntrySchema>;
export type McpEntry = ({ kind: 'stdio' } & McpStdioEntry) | ({ kind: 'http' } & McpHttpEntry);

export interface McpConfigProblem {
  /** the entry at fault; absent for the file as a whole */
  server?: string;
  message: string;
}

export interface McpConfig {
  servers: Map<string, McpEntry>;
  problems: McpConfigProblem[];
}

function issueText(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((i) => (i.path.length > 0 ? `${i.path.join('.')}: ${i.message}` : i.message))
    .join(' ');
}

/**
 * Reads the file's text: each entry alone, so one bad entry is reported with why and the others still
 * load. Text that is not the expected shape at all yields no servers and one problem.
 */
export function parseMcpConfig(text: string): McpConfig {
  const servers = new Map<string, McpEntry>();
  const problems: McpConfigProblem[] = [];
  if (text.length > MCP_LIMITS.configChars) {
    return {
      servers,
      problems: [{ message: `The file is larger than ${MCP_LIMITS.configChars} characters.` }],
    };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return { servers, problems: [{ message: `The file is not valid JSON (${(e as Error).message}).` }] };
  }
  const top =
    json !== null && typeof json === 'object' && !Array.isArray(json)
      ? (json as Record<string, unknown>)['mcpServers']
      : undefined;
  if (top === null || typeof top !== 'object' || Array.isArray(top)) {
    return { servers, problems: [{ message: 'The file needs an object "mcpServers" naming each server.' }] };
  }
  for (const [name, entry] of Object.entries(top as Record<string, unknown>)) {
    if (servers.size >= MCP_LIMITS.servers) {
      problems.push({
        server: name.slice(0, 64),
        message: `Only the first ${MCP_LIMITS.servers} servers are read.`,
      });
      break;
    }
    if (!McpServerNameSchema.safeParse(name).success) {
      problems.push({ server: name.slice(0, 64), message: SERVER_NAME });
      continue;
    }
    const parsed = entryOf(entry);
    if ('problem' in parsed) problems.push({ server: name, message: parsed.problem });
    else servers.set(name, parsed.entry);
  }
  return { servers, problems };
}

function entryOf(entry: unknown): { entry: McpEntry } | { problem: string } {
  if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) {
    return { problem: 'An entry is an object with "command" (a program) or "url" (Streamable HTTP).' };
  }
  const fields = entry as Record<string, unknown>;
  if ('command' in fields && 'url' in fields)
    return { problem: 'An entry has "command" or "url", not both.' };
  if ('command' in fields) {
    const r = McpStdioEntrySchema.safeParse(fields);
    return r.success ? { entry: { kind: 'stdio', ...r.data } } : { problem: issueText(r.error) };
  }
  if ('url' in fields) {
    const r = McpHttpEntrySchema.safeParse(fields);
    return r.success ? { entry: { kind: 'http', ...r.data } } : { problem: issueText(r.error) };
  }
  return { problem: 'An entry needs "command" (a program) or "url" (Streamable HTTP).' };
}

/** What the page may know of where a server is: the program's name, or the address without its query. */
export function mcpEntrySummary(entry: McpEntry): string {
  if (entry.kind === 'stdio') return entry.command;
  const u = new URL(entry.url);
  return `${u.origin}${u.pathname}`;
}

export type McpServerState = 'disabled' | 'idle' | 'starting' | 'ready' | 'failed';

export interface McpToolInfo {
  name: string;
  description?: string;
  /** the tool's input JSON Schema, as JSON text */
  inputSchema: string;
}

export interface McpServerInfo {
  name: string;
  kind: 'stdio' | 'http';
  /** the program or address (mcpEntrySummary) */
  summary: string;
  enabled: boolean;
  state: McpServerState;
  tools: McpToolInfo[];
  /** why it failed */
  error?: string;
  /** the last lines the program wrote to standard error, with the entry's secrets masked */
  stderrTail?: string;
}

export interface McpOverview {
  /** where mcp.json is (or would be) */
  path: string;
  exists: boolean;
  problems: McpConfigProblem[];
  servers: McpServerInfo[];
}

/**
 * One part of a tool's result as the page gets it. An image is a file the host stored when the call
 * finished (the attachments' store), referred to by id: the page loads it from the media route and never
 * holds its bytes.
 */
export const McpContentPartSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string().max(MCP_LIMITS.resultChars) }),
  z.object({ type: z.literal('image'), image: ToolImageSchema }),
  z.object({
    type: z.literal('resource'),
    uri: z.string().max(2_000),
    mimeType: z.string().max(100).optional(),
    text: z.string().max(MCP_LIMITS.resultChars).optional(),
  }),
]);
export type McpContentPart = z.infer<typeof McpContentPartSchema>;

export const McpCallResultSchema = z.object({
  server: McpServerNameSchema,
  tool: z.string().min(1).max(200),
  content: z.array(McpContentPartSchema).max(1_000),
  /** the server said the call failed (or it timed out, or the server died) */
  isError: z.boolean(),
  /** parts or text were cut to the output cap */
  truncated: z.boolean(),
  ms: z.number().min(0),
});
export type McpCallResult = z.infer<typeof McpCallResultSchema>;

/** The images of a result, in order (they go back with the result's text). */
export function mcpResultImages(result: Pick<McpCallResult, 'content'>): z.infer<typeof ToolImageSchema>[] {
  return result.content.flatMap((p) => (p.type === 'image' ? [p.image] : []));
}

/**
 * The function name a server's tool is sent under: valid in every format (TOOL_NAME_PATTERN, the
 * strictest of the four), prefixed by its server so two servers' tools never collide, and unique among
 * `taken` (a numeric suffix when the cut name is already used).
 */
export function mcpFunctionName(ref: McpToolRef, taken: ReadonlySet<string>): string {
  const clean = (s: string) => s.replace(/[^A-Za-z0-9_-]/g, '_');
  let base = `${clean(ref.server)}__${clean(ref.tool)}`;
  if (!/^[A-Za-z_]/.test(base)) base = `_${base}`;
  base = base.slice(0, 64);
  let name = base;
  for (let n = 2; taken.has(name) || !TOOL_NAME_PATTERN.test(name); n += 1) {
    const suffix = `_${n}`;
    name = `${base.slice(0, 64 - suffix.length)}${suffix}`;
  }
  return name;
}

/**
 * The result's text that goes back to the model: texts and resources. Its images go beside it, in the
 * format's own image shape (mcpResultImages), so they are not said here.
 */
export function mcpResultText(result: Pick<McpCallResult, 'content' | 'truncated'>): string {
  const pieces: string[] = [];
  for (const part of result.content) {
    if (part.type === 'text') pieces.push(part.text);
    else if (part.type === 'resource')
      pieces.push(
        part.text !== undefined ? `[resource ${part.uri}]\n${part.text}` : `[resource ${part.uri}]`,
      );
  }
  if (result.truncated) pieces.push(`[The result was cut to ${MCP_LIMITS.resultChars} characters.]`);
  return pieces.join('\n');
}

/**
 * The function name of each tool a conversation switched on, given the names of its own functions: the
 * host sends the tools under these names and the page maps a call back to its server and tool with the
 * same function, so both always agree.
 */
export function mcpFunctionNames(
  ownNames: Iterable<string>,
  refs: readonly McpToolRef[],
): Map<string, McpToolRef> {
  const taken = new Set(ownNames);
  const out = new Map<string, McpToolRef>();
  for (const ref of refs) {
    const name = mcpFunctionName(ref, taken);
    taken.add(name);
    out.set(name, ref);
  }
  return out;
}

/** What goes back to the model for a call the user denied, stopped, or that answered nothing (English: the model reads it). */
export const MCP_RESULT_WORDS = {
  denied: (reason: string) => `The user denied this tool call. Reason: ${reason || 'none given'}.`,
  stopped: 'The user stopped this tool call before it finished.',
  empty: '(The tool returned nothing.)',
  /** a result of images only: its text (every format wants some) */
  imagesOnly: (n: number) => `(The tool returned ${n === 1 ? 'an image' : `${n} images`}.)`,
} as const;
