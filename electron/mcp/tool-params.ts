// The server tools a request offers, built the same way for the hosts and the CLI, so a call's function
// name always maps back to the same server and tool.
import type { Params } from '../../shared/conversation.ts';
import { mcpFunctionNames } from '../../shared/mcp.ts';
import { MAX_TOOLS, type ToolDef } from '../../shared/tools.ts';
import { schemaTextProblem } from '../../shared/json-schema.ts';
import { McpRefusal, type McpLog, type McpManager } from './manager.ts';

/**
 * The parameters a request is built from: the conversation's own functions, then each server tool it
 * switched on, as a function under its name of mcpFunctionNames (the caller maps calls back by the same
 * names). A tool whose server is off, failed or no longer lists it is left out and logged; the request
 * still goes.
 */
export async function withMcpTools(
  mcp: Pick<McpManager, 'tools'>,
  log: Pick<McpLog, 'info'>,
  params: Params,
): Promise<Params> {
  const refs = params.mcpTools ?? [];
  if (refs.length === 0) return params;
  const own = params.tools ?? [];
  const added: ToolDef[] = [];
  for (const [name, ref] of mcpFunctionNames(
    own.map((t) => t.name),
    refs,
  )) {
    if (own.length + added.length >= MAX_TOOLS) break;
    try {
      const tool = (await mcp.tools(ref.server)).find((t) => t.name === ref.tool);
      if (!tool) throw new McpRefusal(`${ref.server} lists no tool called ${ref.tool}.`);
      if (schemaTextProblem(tool.inputSchema))
        throw new McpRefusal(`${ref.server}/${ref.tool} has an input schema Quartet cannot send.`);
      added.push({
        name,
        ...(tool.description === undefined ? {} : { description: tool.description }),
        parameters: tool.inputSchema,
      });
    } catch (e) {
      log.info(`mcp: ${ref.server}/${ref.tool} is left out of the request: ${(e as Error).message}`);
    }
  }
  return added.length === 0 ? params : { ...params, tools: [...own, ...added] };
}
