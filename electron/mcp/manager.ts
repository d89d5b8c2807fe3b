// The host's tool servers: started on first use, their tools listed (and listed again when a server says
// they changed), called with a timeout and an output cap, stopped when disabled, reloaded or on quit. A
// server that dies is started again once; dying again marks it failed, with the tail of its stderr.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { createRedactor } from '../core/index.ts';
import { MCP_LIMITS } from '../../shared/limits.ts';
import {
  mcpEntrySummary,
  type McpConfigProblem,
  type McpEntry,
  type McpOverview,
  type McpServerInfo,
  type McpToolInfo,
} from '../../shared/mcp.ts';
import { readMcpConfig } from './config-file.ts';
import { capResult, type McpRawResult } from './result.ts';
import { IsolatedStdioTransport, TailBuffer } from './stdio-transport.ts';

export interface McpLog {
  info(message: string): void;
  error(message: string, error?: unknown): void;
}

export interface McpManagerOptions {
  configPath: string;
  log: McpLog;
  /** the user's switch per listed server (kept by the host; a server is enabled unless switched off) */
  isDisabled(name: string): boolean;
  setDisabled(name: string, disabled: boolean): void;
  version: string;
  /** tests shorten them */
  callTimeoutMs?: number;
  startTimeoutMs?: number;
}

/** A refusal the page or the CLI shows as it is (a server not listed, off, failed; a tool not listed). */
export class McpRefusal extends Error {}

interface Slot {
  name: string;
  entry: McpEntry;
  state: 'idle' | 'starting' | 'ready' | 'failed';
  client?: Client;
  tools: McpToolInfo[];
  error?: string;
  stderr: TailBuffer;
  restarted: boolean;
  starting?: Promise<void>;
  /** masks the entry's env and header values in what is shown or logged */
  redact: (text: string) => string;
}

export interface McpManager {
  overview(): Promise<McpOverview>;
  /** starts every enabled server that is not running (or failed) and waits for each to be ready or fail */
  startEnabled(): Promise<McpOverview>;
  reload(): Promise<McpOverview>;
  /** an enabled server's tools, started first when it is not running; refused when off or failed */
  tools(server: string): Promise<McpToolInfo[]>;
  setEnabled(name: string, enabled: boolean): Promise<McpServerInfo>;
  call(
    server: string,
    tool: string,
    args: Record<string, unknown>,
    signal?: AbortSignal,
  ): Promise<McpRawResult>;
  close(): Promise<void>;
}

function secretsOf(entry: McpEntry): string[] {
  return Object.values((entry.kind === 'stdio' ? entry.env : entry.headers) ?? {});
}

function toolInfos(
  tools: readonly { name: string; description?: string | undefined; inputSchema: unknown }[],
): McpToolInfo[] {
  return tools.slice(0, MCP_LIMITS.toolsPerServer).map((t) => ({
    name: t.name.slice(0, 200),
    ...(t.description === undefined ? {} : { description: t.description.slice(0, 4_000) }),
    inputSchema: JSON.stringify(t.inputSchema ?? { type: 'object' }),
  }));
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

export function createMcpManager(options: McpManagerOptions): McpManager {
  const callTimeoutMs = options.callTimeoutMs ?? MCP_LIMITS.callTimeoutMs;
  const startTimeoutMs = options.startTimeoutMs ?? MCP_LIMITS.startTimeoutMs;
  const { log } = options;
  const slots = new Map<string, Slot>();
  let exists = false;
  let problems: McpConfigProblem[] = [];
  let loaded: Promise<void> | undefined;
  let closed = false;

  const load = async (): Promise<void> => {
    const config = await readMcpConfig(options.configPath);
    exists = config.exists;
    problems = config.problems;
    for (const p of problems) log.info(`mcp.json: ${p.server ? `${p.server}: ` : ''}${p.message}`);
    const stopping: Promise<void>[] = [];
    for (const [name, slot] of slots) {
      const next = config.servers.get(name);
      if (next === undefined || JSON.stringify(next) !== JSON.stringify(slot.entry)) {
        stopping.push(stop(slot));
        slots.delete(name);
      } else if (slot.state === 'failed') {
        // reloading the file is the user's way to try a failed server again
        slot.state = 'idle';
        slot.restarted = false;
        delete slot.error;
      }
    }
    await Promise.all(stopping);
    for (const [name, entry] of config.servers) {
      if (slots.has(name)) continue;
      slots.set(name, {
        name,
        entry,
        state: 'idle',
        tools: [],
        stderr: new TailBuffer(MCP_LIMITS.stderrTailChars),
        restarted: false,
        redact: createRedactor(secretsOf(entry)),
      });
    }
  };
  const ensureLoaded = () => (loaded ??= load());

  const infoOf = (slot: Slot): McpServerInfo => {
    const enabled = !options.isDisabled(slot.name);
    const tail = slot.redact(slot.stderr.text).trim();
    return {
      name: slot.name,
      kind: slot.entry.kind,
      summary: mcpEntrySummary(slot.entry),
      enabled,
      state: enabled ? slot.state : 'disabled',
      tools: slot.state === 'ready' ? slot.tools : [],
      ...(slot.error === undefined ? {} : { error: slot.error }),
      ...(slot.state === 'failed' && tail !== '' ? { stderrTail: tail } : {}),
    };
  };

  const overview = (): McpOverview => ({
    path: options.configPath,
    exists,
    problems,
    servers: [...slots.values()].map(infoOf),
  });

  async function stop(slot: Slot): Promise<void> {
    const client = slot.client;
    delete slot.client;
    if (slot.state !== 'failed') slot.state = 'idle';
    slot.tools = [];
    if (client) {
      log.info(`mcp: stopping ${slot.name}`);
      await client
        .close()
        .catch((e: unknown) =>
          log.error(`mcp: ${slot.name} did not stop cleanly`, slot.redact(messageOf(e))),
        );
    }
  }

  function died(slot: Slot, client: Client): void {
    if (slot.client !== client || closed) return; // stopped on purpose, or an older client
    delete slot.client;
    slot.tools = [];
    if (!slot.restarted) {
      slot.restarted = true;
      slot.state = 'idle';
      log.info(`mcp: ${slot.name} stopped by itself; starting it again once`);
      void ensureStarted(slot).catch(() => undefined);
    } else {
      slot.state = 'failed';
      slot.error = 'The server stopped again after being restarted once.';
      log.error(
        `mcp: ${slot.name} stopped again and is marked failed`,
        slot.redact(slot.stderr.text.slice(-500)),
      );
    }
  }

  async function start(slot: Slot): Promise<void> {
    slot.state = 'starting';
    const client = new Client(
      { name: 'quartet', version: options.version },
      {
        listChanged: {
          tools: {
            onChanged: (error, tools) => {
              if (slot.client !== client) return;
              if (error)
                log.error(
                  `mcp: ${slot.name}: listing its changed tools failed`,
                  slot.redact(messageOf(error)),
                );
              else if (tools) {
                slot.tools = toolInfos(tools);
                log.info(`mcp: ${slot.name} now lists ${slot.tools.length} tools`);
              }
            },
          },
        },
      },
    );
    const transport: Transport =
      slot.entry.kind === 'stdio'
        ? new IsolatedStdioTransport(slot.entry, slot.stderr)
        : new StreamableHTTPClientTransport(new URL(slot.entry.url), {
            requestInit: { headers: slot.entry.headers ?? {} },
          });
    log.info(`mcp: starting ${slot.name} (${slot.entry.kind}: ${mcpEntrySummary(slot.entry)})`);
    try {
      await client.connect(transport, { timeout: startTimeoutMs });
      const tools: McpToolInfo[] = [];
      let cursor: string | undefined;
      do {
        const page = await client.listTools(cursor === undefined ? {} : { cursor }, {
          timeout: startTimeoutMs,
        });
        tools.push(...toolInfos(page.tools));
        cursor = page.nextCursor;
      } while (cursor !== undefined && tools.length < MCP_LIMITS.toolsPerServer);
      if (closed) throw new Error('Quartet is shutting down.');
      slot.client = client;
      slot.tools = tools.slice(0, MCP_LIMITS.toolsPerServer);
      slot.state = 'ready';
      client.onclose = () => died(slot, client);
      log.info(`mcp: ${slot.name} is ready with ${slot.tools.length} tools`);
    } catch (e) {
      await client.close().catch(() => undefined);
      slot.state = 'failed';
      slot.error = slot.redact(`It could not start: ${messageOf(e)}`).slice(0, 1_000);
      log.error(`mcp: ${slot.name} could not start`, slot.redact(messageOf(e)));
      throw new McpRefusal(`The tool server ${slot.name} could not start: ${slot.error}`);
    }
  }

  function ensureStarted(slot: Slot): Promise<void> {
    if (slot.state === 'ready') return Promise.resolve();
    if (slot.state === 'failed') {
      return Promise.reject(
        new McpRefusal(`The tool server ${slot.name} failed: ${slot.error ?? 'see Settings.'}`),
      );
    }
    if (!slot.starting) {
      slot.starting = start(slot).finally(() => delete slot.starting);
    }
    return slot.starting;
  }

  const slotOf = async (name: string): Promise<Slot> => {
    await ensureLoaded();
    const slot = slots.get(name);
    if (!slot) throw new McpRefusal(`mcp.json lists no server called ${name}.`);
    return slot;
  };

  return {
    async overview() {
      await ensureLoaded();
      return overview();
    },
    async startEnabled() {
      await ensureLoaded();
      await Promise.allSettled(
        [...slots.values()].filter((s) => !options.isDisabled(s.name)).map((s) => ensureStarted(s)),
      );
      return overview();
    },
    async reload() {
      await ensureLoaded();
      loaded = load();
      await loaded;
      log.info(`mcp: reloaded ${options.configPath}: ${slots.size} servers`);
      return overview();
    },
    async tools(server) {
      const slot = await slotOf(server);
      if (options.isDisabled(server)) throw new McpRefusal(`The tool server ${server} is switched off.`);
      await ensureStarted(slot);
      return slot.tools;
    },
    async setEnabled(name, enabled) {
      const slot = await slotOf(name);
      options.setDisabled(name, !enabled);
      log.info(`mcp: ${name} ${enabled ? 'enabled' : 'disabled'}`);
      if (!enabled) await stop(slot);
      else if (slot.state === 'failed') {
        slot.state = 'idle';
        slot.restarted = false;
        delete slot.error;
      }
      return infoOf(slot);
    },
    async call(server, tool, args, signal) {
      const slot = await slotOf(server);
      if (options.isDisabled(server)) throw new McpRefusal(`The tool server ${server} is switched off.`);
      await ensureStarted(slot);
      if (!slot.tools.some((t) => t.name === tool)) {
        throw new McpRefusal(`The tool server ${server} lists no tool called ${tool}.`);
      }
      const client = slot.client;
      if (!client) throw new McpRefusal(`The tool server ${server} is not running.`);
      const t0 = performance.now();
      log.info(`mcp: calling ${server}/${tool}`);
      const done = (r: Omit<McpRawResult, 'server' | 'tool' | 'ms'>): McpRawResult => {
        const ms = Math.round(performance.now() - t0);
        log.info(`mcp: ${server}/${tool} ${r.isError ? 'failed' : 'answered'} in ${ms} ms`);
        return { server, tool, ms, ...r };
      };
      try {
        const result = await client.callTool({ name: tool, arguments: args }, undefined, {
          timeout: callTimeoutMs,
          ...(signal ? { signal } : {}),
        });
        const capped = capResult(result.content);
        return done({ ...capped, isError: result.isError === true });
      } catch (e) {
        if (signal?.aborted) throw e;
        const timedOut = /timed out|timeout/i.test(messageOf(e));
        const text = timedOut
          ? `The tool did not answer within ${Math.round(callTimeoutMs / 1000)} s and was stopped.`
          : slot.redact(`The tool call failed: ${messageOf(e)}`).slice(0, 2_000);
        return done({ content: [{ type: 'text', text }], isError: true, truncated: false });
      }
    },
    async close() {
      closed = true;
      await Promise.all([...slots.values()].map((s) => stop(s)));
    },
  };
}
