// The tools of the test MCP servers (stdio and Streamable HTTP), written with the SDK's server side:
// deterministic answers, three images (a pixel, a noisy chart, one too wide for messages), one failure,
// one slow tool, one that waits to be stopped, one that kills its process, one that shows the environment
// it got, one that answers past the output cap, one that adds a tool (list_changed).
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { encodePng } from '../../electron/simulator/png.ts';

/** A 1x1 red PNG. */
export const TEST_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

/** A 64x64 PNG of deterministic noise: large enough (about 16 KB as base64) that records elide it. */
export const TEST_CHART_SIDE = 64;
export function testChartBase64(): string {
  const pixels = Buffer.alloc(TEST_CHART_SIDE * TEST_CHART_SIDE * 3);
  let x = 7;
  for (let i = 0; i < pixels.length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    pixels[i] = x >>> 24;
  }
  return encodePng({ width: TEST_CHART_SIDE, height: TEST_CHART_SIDE, channels: 3, pixels }).toString(
    'base64',
  );
}

export function createTestMcpServer(name = 'quartet-test'): McpServer {
  const server = new McpServer(
    { name, version: '1.0.0' },
    { capabilities: { tools: { listChanged: true } } },
  );
  server.registerTool(
    'add',
    { description: 'Adds two numbers.', inputSchema: { a: z.number(), b: z.number() } },
    ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }),
  );
  server.registerTool(
    'echo',
    { description: 'Says the text back.', inputSchema: { text: z.string() } },
    ({ text }) => ({ content: [{ type: 'text', text: `echo: ${text}` }] }),
  );
  server.registerTool('red_pixel', { description: 'A 1x1 red PNG.' }, () => ({
    content: [
      { type: 'text', text: 'one red pixel' },
      { type: 'image', mimeType: 'image/png', data: TEST_PNG_BASE64 },
    ],
  }));
  server.registerTool('chart', { description: 'A 64x64 chart, as a PNG.' }, () => ({
    content: [
      { type: 'text', text: 'the chart' },
      { type: 'image', mimeType: 'image/png', data: testChartBase64() },
    ],
  }));
  server.registerTool('wide', { description: 'A 8200x10 PNG: wider than messages takes.' }, () => ({
    content: [
      {
        type: 'image',
        mimeType: 'image/png',
        data: encodePng({
          width: 8200,
          height: 10,
          channels: 3,
          pixels: Buffer.alloc(8200 * 10 * 3, 90),
        }).toString('base64'),
      },
    ],
  }));
  server.registerTool('fail', { description: 'Always fails.' }, () => ({
    content: [{ type: 'text', text: 'the disk is on fire' }],
    isError: true,
  }));
  server.registerTool(
    'slow',
    { description: 'Answers after `ms` milliseconds.', inputSchema: { ms: z.number() } },
    async ({ ms }, extra) => {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        extra.signal.addEventListener('abort', () => {
          clearTimeout(timer);
          resolve();
        });
      });
      return { content: [{ type: 'text', text: `slept ${ms} ms` }] };
    },
  );
  // still running whenever a test presses Stop, however busy the machine (slow's `ms` is 0 when a model
  // fills the arguments from the schema)
  server.registerTool('hang', { description: 'Answers when cancelled, or after 50 s.' }, async (extra) => {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 50_000);
      extra.signal.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    return { content: [{ type: 'text', text: 'hung' }] };
  });
  server.registerTool('environment', { description: 'The names and values of its environment.' }, () => ({
    content: [{ type: 'text', text: JSON.stringify(process.env) }],
  }));
  server.registerTool('big', { description: 'Three hundred thousand characters.' }, () => ({
    content: [{ type: 'text', text: 'x'.repeat(300_000) }],
  }));
  server.registerTool('crash', { description: 'Ends its own process.' }, () => {
    process.stderr.write('crash: the test server ends itself\n');
    process.exit(3);
  });
  server.registerTool('grow', { description: 'Adds the tool `extra`.' }, () => {
    server.registerTool('extra', { description: 'Added later.' }, () => ({
      content: [{ type: 'text', text: 'extra' }],
    }));
    return { content: [{ type: 'text', text: 'grown' }] };
  });
  return server;
}
