// A conversation in each format calls a tool of a stdio server and of a Streamable HTTP server through the
// app core: the tool goes out in the format's own tool shape under its function name, the call is run by
// callMcpTool, and the result goes back in the format's own result shape and is answered.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TextFormat } from '../../shared/formats.ts';
import { mcpResultText } from '../../shared/mcp.ts';
import { createHarness, type Harness } from '../support/app-core.ts';
import { startHttpMcp, type TestHttpMcp } from '../support/mcp-http-server.ts';

const SERVER = fileURLToPath(new URL('../support/mcp-stdio-server.ts', import.meta.url));
const MODEL: Record<TextFormat, string> = {
  chat: 'gpt-5-mini',
  responses: 'gpt-5-mini',
  messages: 'claude-haiku-4-5',
  generate: 'gemini-2.5-flash',
};
/** Where each format's public shape puts the tool and the result (spec §2, wire-notes). */
const TOOL_SHAPE: Record<TextFormat, (body: Record<string, unknown>, name: string) => unknown> = {
  chat: (b, name) =>
    (b['tools'] as { type: string; function: { name: string } }[]).find((t) => t.function.name === name)
      ?.type,
  responses: (b, name) => (b['tools'] as { type: string; name: string }[]).find((t) => t.name === name)?.type,
  messages: (b, name) =>
    (b['tools'] as { name: string; input_schema: { type: string } }[]).find((t) => t.name === name)
      ?.input_schema.type,
  generate: (b, name) =>
    (b['tools'] as { functionDeclarations: { name: string }[] }[])[0]!.functionDeclarations.find(
      (d) => d.name === name,
    )
      ? 'function'
      : undefined,
};
const RESULT_SHAPE: Record<TextFormat, RegExp> = {
  chat: /"role":"tool","tool_call_id":"[^"]+","content":"echo: /,
  responses: /"type":"function_call_output","call_id":"[^"]+","output":"echo: /,
  messages: /"type":"tool_result","tool_use_id":"[^"]+","content":"echo: /,
  generate: /"functionResponse":\{[^}]*"name":"(local|remote)__echo"/,
};

let h: Harness;
let http: TestHttpMcp;
beforeAll(async () => {
  http = await startHttpMcp();
  const dataDir = await mkdtemp(join(tmpdir(), 'quartet-mcp-core-'));
  await writeFile(
    join(dataDir, 'mcp.json'),
    JSON.stringify({
      mcpServers: { local: { command: process.execPath, args: [SERVER] }, remote: { url: http.url } },
    }),
  );
  h = await createHarness({ dataDir });
});
afterAll(async () => {
  await h.expectNoKeyLeak();
  await h.close();
  await http.close();
});

describe('a server tool in a conversation', () => {
  for (const format of ['chat', 'responses', 'messages', 'generate'] as const) {
    for (const server of ['local', 'remote'] as const) {
      it(`${format}: ${server}'s tool is called, run and answered`, async () => {
        const fn = `${server}__echo`;
        const c = await h.call('createConversation', {
          format,
          model: MODEL[format],
          params: { stream: format !== 'responses', mcpTools: [{ server, tool: 'echo' }] },
        });
        const first = await h.call('sendMessage', {
          requestId: `${format}-${server}-1`,
          conversationId: c.id,
          text: `Say it back. [[call:${fn}]]`,
        });
        const calls = first.reply.toolCalls ?? [];
        expect(calls.map((x) => x.name)).toEqual([fn]);
        const sent = await h.call('getExchange', { id: first.reply.exchangeId! });
        const body = JSON.parse(sent.requestBody ?? '{}') as Record<string, unknown>;
        expect(TOOL_SHAPE[format](body, fn)).toEqual(format === 'messages' ? 'object' : 'function');

        const result = await h.call('callMcpTool', {
          requestId: `${format}-${server}-run`,
          server,
          tool: 'echo',
          arguments: calls[0]!.arguments,
        });
        expect(result.isError).toBe(false);
        const content = mcpResultText(result);
        expect(content).toMatch(/^echo: /);
        const second = await h.call('sendMessage', {
          requestId: `${format}-${server}-2`,
          conversationId: c.id,
          text: '',
          toolResults: [{ callId: calls[0]!.id, name: fn, content }],
        });
        expect(second.reply.status).toBe('complete');
        expect(second.reply.text).toContain(`${fn} → "echo: `);
        const followUp = await h.call('getExchange', { id: second.reply.exchangeId! });
        expect(followUp.requestBody).toMatch(RESULT_SHAPE[format]);
      });
    }
  }

  it('leaves out the tool of a server switched off, and the request still goes', async () => {
    await h.call('setMcpServerEnabled', { name: 'remote', enabled: false });
    const c = await h.call('createConversation', {
      format: 'chat',
      model: MODEL.chat,
      params: {
        stream: false,
        mcpTools: [
          { server: 'remote', tool: 'echo' },
          { server: 'local', tool: 'add' },
        ],
      },
    });
    const r = await h.call('sendMessage', { requestId: 'off-1', conversationId: c.id, text: 'Hello' });
    const body = JSON.parse(
      (await h.call('getExchange', { id: r.reply.exchangeId! })).requestBody ?? '{}',
    ) as { tools: { function: { name: string } }[] };
    expect(body.tools.map((t) => t.function.name)).toEqual(['local__add']);
    expect(h.logs.join('\n')).toMatch(
      /remote\/echo is left out of the request: The tool server remote is switched off/,
    );
    await h.call('setMcpServerEnabled', { name: 'remote', enabled: true });
  });
});
