// `quartet ask --mcp NAME`: the servers of mcp.json named on the command line, their tools offered to the
// model under the names the app uses, and each call asked about on the terminal (unless --yes) and run.
import { DatabaseSync } from 'node:sqlite';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Params } from '../../shared/conversation.ts';
import { SettingsSchema } from '../../shared/contract.ts';
import { MCP_DENY_REASON_CHARS } from '../../shared/limits.ts';
import { mcpFunctionNames, mcpResultText, MCP_RESULT_WORDS, type McpToolRef } from '../../shared/mcp.ts';
import { argumentsValue, type ToolCall, type ToolImage, type ToolResult } from '../../shared/tools.ts';
import { FORMAT_IMAGE_LIMITS, imageFits } from '../../shared/attachments.ts';
import { compact } from '../../shared/compact.ts';
import type { TextFormat } from '../../shared/formats.ts';
import { randomUUID } from 'node:crypto';
import { decodeBase64Strict, inspectFile } from '../core/index.ts';
import type { McpRawResult } from '../mcp/result.ts';
import { fitted } from './attach.ts';
import type { ToolRunStatus } from '../../shared/tool-runs.ts';
import { ApiError } from '../core/index.ts';
import { mcpConfigPath } from '../mcp/config-file.ts';
import { createMcpManager, type McpManager } from '../mcp/manager.ts';
import { withMcpTools } from '../mcp/tool-params.ts';
import { defaultDataDir } from '../web/options.ts';
import { UsageError } from './args.ts';
import type { CliIO } from './io.ts';
import type { Terminal } from './terminal.ts';

type Env = Readonly<Record<string, string | undefined>>;

/** One call the model made, as the run went (printed with --json). */
export interface CliToolRun {
  callId: string;
  server: string;
  tool: string;
  arguments: string;
  status: ToolRunStatus;
  /** the text that went back to the model */
  result: string;
  /** the images that went back with it (their bytes are in the run's files, by id) */
  images?: ToolImage[];
}

export interface CliMcp {
  /** the parameters with every tool of the named servers added */
  params(base: Params): Promise<Params>;
  /**
   * Asks about and runs a reply's calls (approved ones at once, side by side); undefined when a call is
   * not a server tool's (a function of the history file's own, which the CLI cannot answer).
   */
  answer(
    calls: readonly ToolCall[],
    ownNames: readonly string[],
  ): Promise<{ results: ToolResult[]; runs: CliToolRun[] } | undefined>;
  close(): Promise<void>;
}

/** The app's step limit setting, read from its database (read-only); undefined when none is saved. */
export function savedStepLimit(env: Env): number | undefined {
  const file = join(defaultDataDir(undefined, env as NodeJS.ProcessEnv), 'quartet.db');
  if (!existsSync(file)) return undefined;
  let db: DatabaseSync | undefined;
  try {
    db = new DatabaseSync(file, { readOnly: true });
    const row = db.prepare("SELECT value FROM settings WHERE key = 'mcpStepLimit'").get() as
      { value: string } | undefined;
    if (!row) return undefined;
    const parsed = SettingsSchema.shape.mcpStepLimit.safeParse(JSON.parse(row.value));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  } finally {
    db?.close();
  }
}

interface Options {
  servers: readonly string[];
  yes: boolean;
  io: CliIO;
  term: Terminal;
  signal: AbortSignal;
  version: string;
  /** the conversation's format: a tool's image past its limits is fitted to them, as the app does */
  format: TextFormat;
  /** the run's files by id, where a tool's images are put (the request reads them from here) */
  files: Map<string, Uint8Array>;
}

/** Starts the named servers (refusing a name mcp.json does not list) and lists their tools. */
export async function openCliMcp(o: Options): Promise<CliMcp> {
  const dataDir = defaultDataDir(undefined, o.io.env as NodeJS.ProcessEnv);
  const manager = createMcpManager({
    configPath: mcpConfigPath(dataDir),
    version: o.version,
    // named on the command line, so run whatever the app's switch says
    isDisabled: () => false,
    setDisabled: () => undefined,
    log: {
      info: () => undefined,
      error: (message) => o.term.err(`quartet: ${message}\n`),
    },
  });
  try {
    const refs = await serverTools(manager, o.servers);
    return session(manager, refs, o);
  } catch (e) {
    await manager.close();
    throw e;
  }
}

async function serverTools(manager: McpManager, names: readonly string[]): Promise<McpToolRef[]> {
  const overview = await manager.overview();
  const listed = overview.servers.map((s) => s.name);
  for (const name of names) {
    if (listed.includes(name)) continue;
    const there = listed.length > 0 ? `servers there: ${listed.join(', ')}` : 'it lists no servers';
    const file = overview.exists ? overview.path : `${overview.path} (no such file)`;
    const problems = overview.problems.map((p) => (p.server ? `${p.server}: ${p.message}` : p.message));
    throw new UsageError(
      `--mcp ${name}: ${file} lists no server named "${name}" (${there})${problems.length > 0 ? `; ${problems.join(' ')}` : ''}`,
    );
  }
  const refs: McpToolRef[] = [];
  for (const server of [...new Set(names)]) {
    try {
      for (const t of await manager.tools(server)) refs.push({ server, tool: t.name });
    } catch (e) {
      throw new ApiError({ kind: 'invalid-input', message: `--mcp ${server}: ${(e as Error).message}` });
    }
  }
  return refs;
}

type Decision = { run: true } | { run: false; reason: string };

function session(manager: McpManager, refs: McpToolRef[], o: Options): CliMcp {
  const always = new Set<string>();
  const log = { info: (m: string) => o.term.err(`quartet: ${m}\n`) };

  async function decide(ref: McpToolRef, args: string): Promise<Decision> {
    const key = `${ref.server}/${ref.tool}`;
    if (o.yes || always.has(key)) return { run: true };
    const asking = o.io.question;
    if (!asking) {
      throw new UsageError(
        `the model called ${key}, but standard input is not a terminal, so nobody can be asked before it runs; pass --yes to run the tools of --mcp servers without asking`,
      );
    }
    // Ctrl+C while a question waits is a stop, said as the command's other stops are
    const question = (prompt: string) =>
      asking(prompt, o.signal).catch((e: unknown) => {
        if (o.signal.aborted) throw new ApiError({ kind: 'aborted', message: MCP_RESULT_WORDS.stopped });
        throw e;
      });
    o.term.err(`\n${key} wants to run with:\n${pretty(args)}\n`);
    for (;;) {
      const answer = await question('Run it? [y]es, [n]o, [a]lways this tool in this run: ');
      const word = (answer ?? 'n').trim().toLowerCase();
      if (word === 'y' || word === 'yes') return { run: true };
      if (word === 'a' || word === 'always') {
        always.add(key);
        return { run: true };
      }
      if (word === 'n' || word === 'no') {
        const reason = answer === null ? null : await question('Why? (sent to the model): ');
        return { run: false, reason: (reason ?? '').trim().slice(0, MCP_DENY_REASON_CHARS) };
      }
    }
  }

  async function run(call: ToolCall, ref: McpToolRef, args: Record<string, unknown>): Promise<CliToolRun> {
    const key = `${ref.server}/${ref.tool}`;
    const base = { callId: call.id, server: ref.server, tool: ref.tool, arguments: call.arguments };
    o.term.err(`quartet: running ${key}\n`);
    try {
      const raw = await manager.call(ref.server, ref.tool, args, o.signal);
      const { images, notes } = await keepImages(raw, o);
      const said = mcpResultText({
        content: raw.content.flatMap((p) => (p.type === 'image' ? [] : [p])),
        truncated: raw.truncated,
      });
      const body = [said, ...notes].filter((t) => t !== '').join('\n');
      const text =
        body || (images.length > 0 ? MCP_RESULT_WORDS.imagesOnly(images.length) : MCP_RESULT_WORDS.empty);
      const shown = images.length > 0 ? ` and ${images.length} image${images.length === 1 ? '' : 's'}` : '';
      o.term.err(
        `quartet: ${key} ${raw.isError ? 'failed' : 'answered'} (${text.length} characters${shown})\n`,
      );
      return {
        ...base,
        status: raw.isError ? 'error' : 'done',
        result: text,
        ...(images.length > 0 ? { images } : {}),
      };
    } catch (e) {
      if (o.signal.aborted) throw new ApiError({ kind: 'aborted', message: MCP_RESULT_WORDS.stopped });
      const message = (e as Error).message;
      o.term.err(`quartet: ${key} failed: ${message}\n`);
      return { ...base, status: 'error', result: message };
    }
  }

  return {
    params: (base) => withMcpTools(manager, log, { ...base, mcpTools: refs }),
    async answer(calls, ownNames) {
      const names = mcpFunctionNames(ownNames, refs);
      if (calls.length === 0 || !calls.every((c) => names.has(c.name))) return undefined;
      // asked one by one in order; each approved call starts at once, so parallel calls run side by side
      const pending: Promise<CliToolRun>[] = [];
      for (const call of calls) {
        const ref = names.get(call.name) as McpToolRef;
        const base = { callId: call.id, server: ref.server, tool: ref.tool, arguments: call.arguments };
        const args = argumentsValue(call.arguments);
        if (args === null || typeof args !== 'object' || Array.isArray(args)) {
          const result = "The call's arguments are not a JSON object, so the tool was not run.";
          pending.push(Promise.resolve({ ...base, status: 'error' as const, result }));
          continue;
        }
        const decision = await decide(ref, call.arguments);
        if (decision.run) {
          const running = run(call, ref, args as Record<string, unknown>);
          // a later question may fail first (Ctrl+C): this one's rejection is then not a crash
          running.catch(() => undefined);
          pending.push(running);
        } else {
          o.term.err(`quartet: ${ref.server}/${ref.tool} denied\n`);
          const result = MCP_RESULT_WORDS.denied(decision.reason);
          pending.push(Promise.resolve({ ...base, status: 'denied' as const, result }));
        }
      }
      const runs = await Promise.all(pending);
      const results = runs.map((r, i) => ({
        callId: r.callId,
        name: (calls[i] as ToolCall).name,
        content: r.result,
        ...(r.status === 'error' ? { isError: true } : {}),
        ...(r.images ? { images: r.images } : {}),
      }));
      return { results, runs };
    },
    close: () => manager.close(),
  };
}

/**
 * A result's images kept in the run's files (checked from their bytes as the app's store checks them,
 * fitted to the format's limits), described by reference for the result; one that cannot be read is a
 * note in the result's text instead.
 */
async function keepImages(
  raw: McpRawResult,
  o: Pick<Options, 'format' | 'files'>,
): Promise<{ images: ToolImage[]; notes: string[] }> {
  const images: ToolImage[] = [];
  const notes: string[] = [];
  for (const part of raw.content) {
    if (part.type !== 'image') continue;
    const n = images.length + notes.length + 1;
    const name = `${raw.server}-${raw.tool}-${n}`.replace(/[^A-Za-z0-9_.-]/g, '_');
    const bytes = decodeBase64Strict(part.dataBase64);
    const described =
      bytes === null ? { problem: 'not valid base64' } : await inspectFile(name, part.mimeType, bytes);
    if (bytes === null || 'problem' in described || described.kind !== 'image') {
      const why = 'problem' in described ? described.problem : 'not an image';
      notes.push(`[an image the server sent (${part.mimeType}) could not be read: ${why}]`);
      continue;
    }
    let image: ToolImage = compact({
      id: randomUUID(),
      name,
      mimeType: described.mimeType,
      kind: 'image' as const,
      bytes: bytes.length,
      width: described.width,
      height: described.height,
    });
    let kept = bytes;
    if (!imageFits(FORMAT_IMAGE_LIMITS[o.format], image)) {
      const fit = await fitted(image, bytes, o.format);
      image = fit.attachment;
      kept = fit.bytes;
    }
    o.files.set(image.id, kept);
    images.push(image);
  }
  return { images, notes };
}

/** The arguments indented when they are JSON, as sent otherwise. */
function pretty(args: string): string {
  try {
    return JSON.stringify(JSON.parse(args), null, 2);
  } catch {
    return args;
  }
}
