// Tool runs are part of a conversation's record: a call run, failed, stopped or denied is stored with its
// conversation, announced to the page, listed beside the exchanges, kept across a restart and deleted
// with the conversation; and "always run" for a tool is kept per conversation until its tools change.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PNG_BASE64 } from '../support/mcp-tools.ts';
import { createHarness, type Harness } from '../support/app-core.ts';

const SERVER = fileURLToPath(new URL('../support/mcp-stdio-server.ts', import.meta.url));

let h: Harness;
beforeAll(async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'quartet-mcp-runs-'));
  await writeFile(
    join(dataDir, 'mcp.json'),
    JSON.stringify({ mcpServers: { local: { command: process.execPath, args: [SERVER] } } }),
  );
  h = await createHarness({ dataDir });
});
afterAll(async () => {
  await h.expectNoKeyLeak();
  await h.close();
});

/** A conversation with the server's tools on and a reply that called `fn`. */
async function replyCalling(tool: string, args = '{}') {
  const fn = `local__${tool}`;
  const c = await h.call('createConversation', {
    format: 'chat',
    model: 'gpt-5-mini',
    params: { stream: false, mcpTools: [{ server: 'local', tool }] },
  });
  const sent = await h.call('sendMessage', {
    requestId: crypto.randomUUID(),
    conversationId: c.id,
    text: `Go. [[call:${fn}]]`,
  });
  const call = sent.reply.toolCalls![0]!;
  return {
    c,
    reply: sent.reply,
    call,
    place: { conversationId: c.id, replyId: sent.reply.id, callId: call.id },
    args,
  };
}

describe('tool runs in the record', () => {
  it('a run, an image, a failure and a denial are recorded with their conversation, in time order', async () => {
    const echo = await replyCalling('echo');
    await h.call('callMcpTool', {
      requestId: 'run-echo',
      server: 'local',
      tool: 'echo',
      arguments: '{"text":"hello"}',
      run: echo.place,
    });
    const pixel = await h.call('callMcpTool', {
      requestId: 'run-pixel',
      server: 'local',
      tool: 'red_pixel',
      arguments: '{}',
      run: echo.place,
    });
    expect(pixel.content.some((p) => p.type === 'image')).toBe(true);
    await h.call('callMcpTool', {
      requestId: 'run-fail',
      server: 'local',
      tool: 'fail',
      arguments: '{}',
      run: echo.place,
    });
    await h.call('denyMcpTool', {
      server: 'local',
      tool: 'echo',
      arguments: '{"text":"secret plans"}',
      reason: 'not with that text',
      run: echo.place,
    });

    const listed = await h.call('listToolRuns', {});
    const mine = listed.filter((r) => r.conversationId === echo.c.id);
    expect(mine.map((r) => [r.tool, r.status])).toEqual([
      ['echo', 'denied'],
      ['fail', 'error'],
      ['red_pixel', 'done'],
      ['echo', 'done'],
    ]);
    // each announced to the page as it was recorded
    expect(h.eventsOf('toolRun').map((e) => e.summary.id)).toEqual(
      expect.arrayContaining(mine.map((r) => r.id)),
    );

    const ran = await h.call('getToolRun', { id: mine[3]!.id });
    expect(ran).toMatchObject({
      arguments: '{"text":"hello"}',
      content: [{ type: 'text', text: 'echo: hello' }],
    });
    const image = await h.call('getToolRun', { id: mine[2]!.id });
    // the record keeps the image's file (by id), type, size and sides, never its bytes
    expect(image.content[1]).toEqual({
      type: 'image',
      mimeType: 'image/png',
      bytes: Buffer.from(TEST_PNG_BASE64, 'base64').length,
      id: pixel.content.flatMap((p) => (p.type === 'image' ? [p.image.id] : []))[0],
      width: 1,
      height: 1,
    });
    expect(JSON.stringify(image)).not.toContain(TEST_PNG_BASE64.slice(0, 40));
    const denied = await h.call('getToolRun', { id: mine[0]!.id });
    expect(denied).toMatchObject({ status: 'denied', reason: 'not with that text', ms: 0 });
  });

  it('a stopped call is recorded as stopped', async () => {
    const slow = await replyCalling('slow');
    const running = h.call('callMcpTool', {
      requestId: 'run-slow',
      server: 'local',
      tool: 'slow',
      arguments: '{"ms":30000}',
      run: slow.place,
    });
    // the call is registered as it is dispatched, so Stop finds it at once
    expect(await h.call('abortRequest', { requestId: 'run-slow' })).toMatchObject({ aborted: true });
    await expect(running).rejects.toThrow(/aborted|stopped/i);
    const runs = (await h.call('listToolRuns', {})).filter((r) => r.conversationId === slow.c.id);
    expect(runs.map((r) => r.status)).toEqual(['stopped']);
  });

  it('a run for a reply of another conversation is refused and not recorded', async () => {
    const a = await replyCalling('echo');
    const b = await replyCalling('echo');
    const before = (await h.call('listToolRuns', {})).length;
    await expect(
      h.call('denyMcpTool', {
        server: 'local',
        tool: 'echo',
        arguments: '{}',
        reason: '',
        run: { ...a.place, replyId: b.reply.id },
      }),
    ).rejects.toThrow(/not in this conversation/);
    expect((await h.call('listToolRuns', {})).length).toBe(before);
  });

  it('runs and "always" survive a restart; runs go with their conversation', async () => {
    const echo = await replyCalling('echo');
    await h.call('callMcpTool', {
      requestId: 'run-kept',
      server: 'local',
      tool: 'echo',
      arguments: '{"text":"kept"}',
      run: echo.place,
    });
    expect(
      await h.call('setMcpAlways', { conversationId: echo.c.id, tools: [{ server: 'local', tool: 'echo' }] }),
    ).toEqual([{ server: 'local', tool: 'echo' }]);
    await h.restart();
    const runs = (await h.call('listToolRuns', {})).filter((r) => r.conversationId === echo.c.id);
    expect(runs.map((r) => r.tool)).toEqual(['echo']);
    expect(await h.call('getMcpAlways', { conversationId: echo.c.id })).toEqual([
      { server: 'local', tool: 'echo' },
    ]);

    await h.call('deleteConversation', { id: echo.c.id });
    expect((await h.call('listToolRuns', {})).filter((r) => r.conversationId === echo.c.id)).toEqual([]);
  });

  it('"always" keeps only tools switched on, and is cleared when the tools change', async () => {
    const echo = await replyCalling('echo');
    expect(
      await h.call('setMcpAlways', {
        conversationId: echo.c.id,
        tools: [
          { server: 'local', tool: 'echo' },
          { server: 'local', tool: 'crash' },
        ],
      }),
    ).toEqual([{ server: 'local', tool: 'echo' }]);
    // the same tools again (a title or model change sends the same parameters): kept
    await h.call('updateConversation', {
      id: echo.c.id,
      params: { stream: true, mcpTools: [{ server: 'local', tool: 'echo' }] },
    });
    expect(await h.call('getMcpAlways', { conversationId: echo.c.id })).toHaveLength(1);
    await h.call('updateConversation', {
      id: echo.c.id,
      params: {
        stream: true,
        mcpTools: [
          { server: 'local', tool: 'echo' },
          { server: 'local', tool: 'add' },
        ],
      },
    });
    expect(await h.call('getMcpAlways', { conversationId: echo.c.id })).toEqual([]);
  });
});
