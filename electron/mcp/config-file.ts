// mcp.json in the data folder: the only place a tool server is described. Read by both hosts and the CLI.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MCP_CONFIG_FILE, parseMcpConfig, type McpConfig } from '../../shared/mcp.ts';

export function mcpConfigPath(dataDir: string): string {
  return join(dataDir, MCP_CONFIG_FILE);
}

/** The file's servers and problems; a missing file is no servers and no problem. */
export async function readMcpConfig(path: string): Promise<McpConfig & { exists: boolean }> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { exists: false, servers: new Map(), problems: [] };
    return {
      exists: true,
      servers: new Map(),
      problems: [{ message: `The file could not be read (${code ?? (e as Error).message}).` }],
    };
  }
  return { exists: true, ...parseMcpConfig(text) };
}
