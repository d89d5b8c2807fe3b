// The Streamable HTTP test MCP server on 127.0.0.1: stateless (a server per request), with an optional
// header it requires, as a server behind a token would.
import { createServer, type Server } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createTestMcpServer } from './mcp-tools.ts';

export interface TestHttpMcp {
  url: string;
  close(): Promise<void>;
}

export async function startHttpMcp(requiredToken?: string): Promise<TestHttpMcp> {
  const http: Server = createServer((req, res) => {
    if (requiredToken !== undefined && req.headers['authorization'] !== `Bearer ${requiredToken}`) {
      res.writeHead(401).end('unauthorized');
      return;
    }
    const server = createTestMcpServer('quartet-http-test');
    const transport = new StreamableHTTPServerTransport({}); // no session id generator: stateless;
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    void server
      .connect(transport)
      .then(() => transport.handleRequest(req, res))
      .catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const address = http.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    url: `http://127.0.0.1:${address.port}/mcp`,
    close: () =>
      new Promise((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}
