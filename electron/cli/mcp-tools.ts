// `quartet ask --mcp NAME`: the servers of mcp.json named on the command line, their tools offered to the
// model under the names the app uses, and each call asked about on the terminal (unless --yes) and run.
import { DatabaseSync } from 'node:sqlite';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Params } from '../../shared/conversation.ts';
import { SettingsSchema } from '../../shared/contract.ts';
import { MCP_DENY_REASON_CHARS } from '../../shared/limits.ts';
import { mcpFunctionNames, mcpResultText, MCP_RESULT_WORDS, type McpToolRef } from '../../shared/mcp.ts';
import { argumentsValue, type ToolCall, type ToolResult } from '../../shared/tools.ts';
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
      const result = await manager.call(ref.server, ref.tool, args, o.signal);
      const text = mcpResultText(result) || MCP_RESULT_WORDS.empty;
      o.term.err(`quartet: ${key} ${result.isError ? 'failed' : 'answered'} (${text.length} characters)\n`);
      return { ...base, status: result.isError ? 'error' : 'done', result: text };
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
      }));
      return { results, runs };
    },
    close: () => manager.close(),
  };
}

/** The arguments indented when they are JSON, as sent otherwise. */
function pretty(args: string): string {
  try {
    return JSON.stringify(JSON.parse(args), null, 2);
  } catch {
    return args;
  }
}
