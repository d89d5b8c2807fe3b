// The page's view of the tool servers: list, switch on and off, reload mcp.json, run one tool. The page
// never names a command or an address: a server is only ever one of the file's names.
import { z } from 'zod';
import { argumentsValue } from '../../shared/tools.ts';
import type { Params } from '../../shared/conversation.ts';
import { MCP_RESULT_WORDS } from '../../shared/mcp.ts';
import { ApiError } from '../core/index.ts';
import { withMcpTools as withServerTools } from '../mcp/tool-params.ts';
import { createMcpManager, McpRefusal, type McpManager } from '../mcp/manager.ts';
import { mcpConfigPath } from '../mcp/config-file.ts';
import type { Handlers } from './dispatch.ts';
import { invalid } from './errors.ts';
import type { Logger } from './logger.ts';
import { runRequest } from './requests.ts';
import { checkPlace, recordToolRun, type ToolRunFacts } from './tool-runs.ts';
import { storeToolImages } from './tool-images.ts';
import type { Services } from './services.ts';
import type { Store } from '../store/index.ts';

/** Settings key of the servers the user switched off (beside the user's settings, never returned with them). */
export const MCP_DISABLED_KEY = 'app.mcpDisabled';
const NamesSchema = z.array(z.string()).max(1_000);

export function createHostMcp(
  dataDir: string,
  store: Store,
  log: Logger,
  version: string,
  timeouts: { callTimeoutMs?: number; startTimeoutMs?: number } = {},
): McpManager {
  const disabled = (): Set<string> => {
    const parsed = NamesSchema.safeParse(store.settings.get(MCP_DISABLED_KEY));
    return new Set(parsed.success ? parsed.data : []);
  };
  return createMcpManager({
    configPath: mcpConfigPath(dataDir),
    log,
    version,
    ...timeouts,
    isDisabled: (name) => disabled().has(name),
    setDisabled(name, off) {
      const names = disabled();
      if (off) names.add(name);
      else names.delete(name);
      store.settings.set(MCP_DISABLED_KEY, [...names]);
    },
  });
}

/** A refusal of the manager as the page's invalid-input error, said as it is. */
async function refusing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof McpRefusal) throw invalid(e.message);
    throw e;
  }
}

export function mcpHandlers(
  s: Services,
): Pick<Handlers, 'listMcpServers' | 'reloadMcpConfig' | 'setMcpServerEnabled' | 'callMcpTool'> {
  return {
    listMcpServers: ({ start }) => (start ? s.mcp.startEnabled() : s.mcp.overview()),
    reloadMcpConfig: () => s.mcp.reload(),
    setMcpServerEnabled: ({ name, enabled }) => refusing(() => s.mcp.setEnabled(name, enabled)),
    callMcpTool: ({ requestId, server, tool, arguments: text, run: place }, ctx) =>
      refusing(async () => {
        if (place) checkPlace(s, place);
        const startedAt = s.now();
        const t0 = performance.now();
        // what the inspector keeps of the run (nothing when the call answers no reply's call)
        const record = (facts: Pick<ToolRunFacts, 'status' | 'result' | 'error'>) => {
          if (place)
            recordToolRun(s, ctx, place, {
              server,
              tool,
              arguments: text,
              startedAt,
              ms: facts.result?.ms ?? performance.now() - t0,
              ...facts,
            });
        };
        let signal: AbortSignal | undefined;
        try {
          const args = argumentsValue(text);
          if (args === null || typeof args !== 'object' || Array.isArray(args)) {
            throw new McpRefusal("The call's arguments are not a JSON object, so the tool was not run.");
          }
          const result = await runRequest(s.requests, requestId, async (sig) => {
            signal = sig;
            const raw = await s.mcp.call(server, tool, args as Record<string, unknown>, sig);
            // its images become files here: the page and the record get references, never base64
            return storeToolImages(s, raw);
          });
          record({ status: result.isError ? 'error' : 'done', result });
          return result;
        } catch (e) {
          if (signal?.aborted) {
            record({ status: 'stopped' });
            // said as a stop, not as the SDK's abort error (which the page would read as a failure)
            throw new ApiError({ kind: 'aborted', message: MCP_RESULT_WORDS.stopped });
          }
          if (e instanceof McpRefusal) record({ status: 'error', error: e.message });
          throw e;
        }
      }),
  };
}

/** The request's parameters with the server tools it switched on (electron/mcp/tool-params.ts). */
export function withMcpTools(s: Services, params: Params): Promise<Params> {
  return withServerTools(s.mcp, s.log, params);
}
