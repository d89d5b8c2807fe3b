// A conversation's tool runs travel with its export (file version 3) and come back on import, linked to the
// imported replies, in a single conversation's file, a bundle and a file large enough to be read off the
// event loop; a file from before tool runs still imports, and a file whose runs are hostile is refused
// with a reason.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONVERSATION_FILE_VERSION } from '../../shared/export.ts';
import { MAX_EXPORTED_TOOL_RUNS } from '../../shared/limits.ts';
import type { ToolRun } from '../../shared/tool-runs.ts';
import { OFF_LOOP_CHARS } from '../../electron/handlers/import-parse.ts';
import { TEST_PNG_BASE64 } from '../support/mcp-tools.ts';
import { createHarness, type Harness } from '../support/app-core.ts';

const SERVER = fileURLToPath(new URL('../support/mcp-stdio-server.ts', import.meta.url));

let h: Harness;
beforeAll(async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'quartet-export-runs-'));
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

/** A conversation whose reply called the server's tools: run, an image, a failure and a denial. */
async function conversationWithRuns(text = 'Go. [[call:local__echo]]') {
  const c = await h.call('createConversation', {
    format: 'chat',
    model: 'gpt-5-mini',
    params: {
      stream: false,
      mcpTools: ['echo', 'red_pixel', 'fail'].map((tool) => ({ server: 'local', tool })),
    },
  });
  const sent = await h.call('sendMessage', { requestId: crypto.randomUUID(), conversationId: c.id, text });
  const run = { conversationId: c.id, replyId: sent.reply.id, callId: sent.reply.toolCalls![0]!.id };
  for (const [tool, args] of [
    ['echo', '{"text":"hello"}'],
    ['red_pixel', '{}'],
    ['fail', '{}'],
  ] as const) {
    await h.call('callMcpTool', {
      requestId: crypto.randomUUID(),
      server: 'local',
      tool,
      arguments: args,
      run,
    });
  }
  await h.call('denyMcpTool', {
    server: 'local',
    tool: 'echo',
    arguments: '{"text":"secret plans"}',
    reason: 'not with that text',
    run,
  });
  return { id: c.id, replyId: sent.reply.id };
}

/** The conversation's runs as the inspector shows them, oldest first, without what an import renews. */
async function runsOf(conversationId: string): Promise<ToolRun[]> {
  const listed = (await h.call('listToolRuns', {})).filter((r) => r.conversationId === conversationId);
  const runs: ToolRun[] = [];
  for (const r of listed.reverse()) runs.push(await h.call('getToolRun', { id: r.id }));
  return runs;
}
/**
 * A run's image names the file it was stored as: an import links it to the file the export carried (a
 * result's image, test/handlers/mcp-tool-images.test.ts), and drops it for one the file does not carry
 * (the pixel here answered no sent result), so ids are left out of the comparison.
 */
const withoutFileIds = (content: readonly Record<string, unknown>[]) =>
  content.map((p) => (p['type'] === 'image' ? { ...p, id: undefined } : p));
const essence = (runs: ToolRun[]) =>
  runs.map(({ id: _i, conversationId: _c, replyId: _r, ...rest }) => ({
    ...rest,
    content: withoutFileIds(rest.content),
  }));

describe("a conversation's tool runs in its export", () => {
  it('go with the export and come back on import, linked to the imported reply', async () => {
    const original = await conversationWithRuns();
    const before = await runsOf(original.id);
    expect(before.map((r) => [r.tool, r.status])).toEqual([
      ['echo', 'done'],
      ['red_pixel', 'done'],
      ['fail', 'error'],
      ['echo', 'denied'],
    ]);

    const exported = await h.call('exportConversation', { id: original.id, as: 'json' });
    const file = JSON.parse(exported.content) as { version: number; toolRuns: Record<string, unknown>[] };
    expect(file.version).toBe(CONVERSATION_FILE_VERSION);
    expect(file.toolRuns).toHaveLength(4);
    // the record's ids mean nothing in another data folder; the image is its type and size, never bytes
    for (const run of file.toolRuns) {
      expect(run).not.toHaveProperty('id');
      expect(run).not.toHaveProperty('conversationId');
      expect(run.replyId).toBe(original.replyId);
    }
    expect(exported.content).not.toContain(TEST_PNG_BASE64.slice(0, 40));

    const imported = await h.call('importConversation', { content: exported.content });
    // the original goes: the copy's runs are its own
    await h.call('deleteConversation', { id: original.id });
    const after = await runsOf(imported.id);
    expect(essence(after)).toEqual(essence(before));
    const reply = imported.turns.find((t) => t.role === 'assistant')!;
    expect(after.every((r) => r.replyId === reply.id)).toBe(true);
    expect(after[3]).toMatchObject({ status: 'denied', reason: 'not with that text' });

    // exported again, the copy's file says the same
    const again = await h.call('exportConversation', { id: imported.id, as: 'json' });
    const strip = (runs: Record<string, unknown>[]) =>
      runs.map(({ replyId: _r, ...rest }) => ({
        ...rest,
        content: withoutFileIds(rest['content'] as Record<string, unknown>[]),
      }));
    expect(strip(JSON.parse(again.content).toolRuns)).toEqual(strip(file.toolRuns));
  });

  it('travel in a bundle, and through the reader off the event loop', async () => {
    // a long message makes the file big enough to be read by the worker
    const long = `${'word '.repeat(Math.ceil(OFF_LOOP_CHARS / 5))} [[call:local__echo]]`;
    const big = await conversationWithRuns(long);
    const small = await conversationWithRuns();
    const bundle = await h.call('exportConversations', { ids: [big.id, small.id] });
    expect(bundle.content.length).toBeGreaterThan(OFF_LOOP_CHARS);
    const result = await h.call('importConversations', { content: bundle.content });
    expect(result.skipped).toEqual([]);
    const [bigCopy, smallCopy] = result.imported;
    expect(essence(await runsOf(bigCopy!.id))).toEqual(essence(await runsOf(big.id)));
    expect(essence(await runsOf(smallCopy!.id))).toEqual(essence(await runsOf(small.id)));
  });

  it('a file from before tool runs imports with none; hostile runs are refused with a reason', async () => {
    const c = await conversationWithRuns();
    const file = JSON.parse((await h.call('exportConversation', { id: c.id, as: 'json' })).content);
    const { toolRuns, ...old } = file;
    const plain = await h.call('importConversation', {
      content: JSON.stringify({ ...old, version: 2 }),
    });
    expect(await runsOf(plain.id)).toEqual([]);

    const stored = (await h.call('listConversations', {})).length;
    const refused = async (runs: unknown) =>
      (await h.fail('importConversation', { content: JSON.stringify({ ...file, toolRuns: runs }) })).message;
    const first = toolRuns[0];
    // a run of a reply the file does not hold (a user turn is not a reply either)
    const userTurn = file.conversation.turns.find((t: { role: string }) => t.role === 'user').id;
    expect(await refused([{ ...first, replyId: 'elsewhere' }])).toMatch(
      /tool run \(local \/ echo\) of a reply it does not hold/,
    );
    expect(await refused([{ ...first, replyId: userTurn }])).toMatch(/of a reply it does not hold/);
    expect(await refused([{ ...first, status: 'exploded' }])).toMatch(/malformed at toolRuns\.0\.status/);
    expect(await refused([{ ...first, server: '../../bin/sh' }])).toMatch(/malformed at toolRuns\.0\.server/);
    expect(await refused([{ ...first, arguments: 'x'.repeat(100_001) }])).toMatch(
      /malformed at toolRuns\.0\.arguments/,
    );
    expect(await refused([{ ...first, startedAt: 1e300 }])).toMatch(/malformed at toolRuns\.0\.startedAt/);
    expect(await refused('many')).toMatch(/malformed at toolRuns/);
    const tooMany = Array.from({ length: MAX_EXPORTED_TOOL_RUNS + 1 }, () => first);
    expect(await refused(tooMany)).toMatch(`at most ${MAX_EXPORTED_TOOL_RUNS} tool runs`);
    // nothing of a refused file was stored
    expect((await h.call('listConversations', {})).length).toBe(stored);
  });
});
