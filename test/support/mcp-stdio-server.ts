// The stdio test MCP server: `node test/support/mcp-stdio-server.ts [--fail-at-start]`.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createTestMcpServer } from './mcp-tools.ts';

process.stderr.write('test server: starting\n');
if (process.argv.includes('--fail-at-start')) {
  process.stderr.write(`test server: cannot open ${process.env['TEST_SECRET'] ?? 'its database'}\n`);
  process.exit(2);
}
await createTestMcpServer().connect(new StdioServerTransport());
