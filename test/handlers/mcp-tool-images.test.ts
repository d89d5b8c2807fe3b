// PROVES: an image a server tool returns goes back to the model as an image, in each format's own shape,
// through the app core against the simulator: the host stores it as a file when the call ends (the result
// the page gets refers to it, never holds its base64), the next request reads it from that file into the
// format's image block (the simulator's reply says what image it received), the exchange record elides
// its data as it does an attachment's, and the turn keeps it across a restart, an export and an import.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TextFormat } from '../../shared/formats.ts';
import { mcpResultImages, mcpResultText, type McpCallResult } from '../../shared/mcp.ts';
import type { ToolResult } from '../../shared/tools.ts';
import { createHarness, type Harness } from '../support/app-core.ts';
import { TEST_CHART_SIDE, testChartBase64 } from '../support/mcp-tools.ts';

const SERVER = fileURLToPath(new URL('../support/mcp-stdio-server.ts', import.meta.url));
const FN = 'local__chart';
const MODEL: Record<TextFormat, string> = {
  chat: 'gpt-5-mini',
  responses: 'gpt-5-mini',
  messages: 'claude-haiku-4-5',
  generate: 'gemini-2.5-flash',
};
const CHART = testChartBase64();
/** A stretch from the middle of the chart's base64: in a body only when its data was not elided. */
const CHART_MIDDLE = CHART.slice(200, 260);
const ELIDED = `<${CHART.length} base64 chars elided>`;
const IMAGE_SAID = `image/png ${TEST_CHART_SIDE}x${TEST_CHART_SIDE} (${Buffer.from(CHART, 'base64').length} bytes)`;

/**
 * Each format's follow-up as its public reference shapes it (the data elided in the record): messages a
 * tool_result whose content lists a text and a base64 image block; responses a function_call_output
 * whose output lists input_text and input_image; generate (gemini-2.5, which takes no media inside a
 * function response) the image after the functionResponse; chat a tool message with text only, then a
 * user message naming the call before its image_url part.
 */
const FOLLOW_UP: Record<TextFormat, (body: Record<string, unknown>) => unknown> = {
  messages: (b) => (b['messages'] as Record<string, unknown>[]).at(-1),
  responses: (b) => (b['input'] as Record<string, unknown>[]).at(-1),
  generate: (b) => (b['contents'] as Record<string, unknown>[]).at(-1),
  chat: (b) => (b['messages'] as Record<string, unknown>[]).slice(-2),
};
const EXPECTED: Record<TextFormat, (callId: string) => unknown> = {
  messages: (callId) => ({
    role: 'user',
    content: [
      {
        type: 'tool_result',
        tool_use_id: callId,
        content: [
          { type: 'text', text: 'the chart' },
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: ELIDED } },
        ],
      },
    ],
  }),
  responses: (callId) => ({
    type: 'function_call_output',
    call_id: callId,
    output: [
      { type: 'input_text', text: 'the chart' },
      { type: 'input_image', image_url: `data:image/png;base64,${ELIDED}` },
    ],
  }),
  // gemini-2.5 takes no media inside a function response: the image follows it, the call named
  generate: (callId) => ({
    role: 'user',
    parts: [
      { functionResponse: { id: callId, name: FN, response: { result: 'the chart' } } },
      { text: `Image returned by ${FN} (call ${callId}):` },
      { inlineData: { mimeType: 'image/png', data: ELIDED } },
    ],
  }),
  chat: (callId) => [
    {
      role: 'tool',
      tool_call_id: callId,
      content: 'the chart\n[The image this tool returned follows in the next user message.]',
    },
    {
      role: 'user',
      content: [
        { type: 'text', text: `Image returned by ${FN} (call ${callId}):` },
        { type: 'image_url', image_url: { url: `data:image/png;base64,${ELIDED}` } },
      ],
    },
  ],
};
/** What the simulator says it received: inside the result, or (chat) in the user message after it. */
const REPLY_SAYS: Record<TextFormat, string> = {
  messages: `${FN} → "the chart" with 1 file: ${IMAGE_SAID}`,
  responses: `${FN} → "the chart" with 1 file: ${IMAGE_SAID}`,
  generate: `Received 1 attachment: ${IMAGE_SAID}`,
  chat: `Received 1 attachment: ${IMAGE_SAID}`,
};

let h: Harness;
beforeAll(async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'quartet-mcp-images-'));
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

/** The result as the page sends it back (renderer/store/mcp-slice.ts mcpToolResult, for a done call). */
function resultOf(callId: string, result: McpCallResult): ToolResult {
  return { callId, name: FN, content: mcpResultText(result), images: mcpResultImages(result) };
}

async function chartConversation(format: TextFormat) {
  const c = await h.call('createConversation', {
    format,
    model: MODEL[format],
    params: { stream: format !== 'responses', mcpTools: [{ server: 'local', tool: 'chart' }] },
  });
  const first = await h.call('sendMessage', {
    requestId: `${format}-ask`,
    conversationId: c.id,
    text: `Draw it. [[call:${FN}]]`,
  });
  const call = first.reply.toolCalls![0]!;
  const result = await h.call('callMcpTool', {
    requestId: `${format}-run`,
    server: 'local',
    tool: 'chart',
    arguments: call.arguments,
    run: { conversationId: c.id, replyId: first.reply.id, callId: call.id },
  });
  return { c, call, result };
}

describe("a tool's image goes back in the format's own shape", () => {
  for (const format of ['messages', 'responses', 'generate', 'chat'] as const) {
    it(`${format}: stored as a file, sent as the format's image, elided in the record`, async () => {
      const { c, call, result } = await chartConversation(format);
      // the page gets a reference: the file's id, type, size and sides, never the base64
      const [image] = mcpResultImages(result);
      expect(image).toMatchObject({
        kind: 'image',
        mimeType: 'image/png',
        width: TEST_CHART_SIDE,
        height: TEST_CHART_SIDE,
      });
      expect(JSON.stringify(result)).not.toContain(CHART_MIDDLE);

      const second = await h.call('sendMessage', {
        requestId: `${format}-answer`,
        conversationId: c.id,
        text: '',
        toolResults: [resultOf(call.id, result)],
      });
      expect(second.reply.status).toBe('complete');
      expect(second.reply.text).toContain(REPLY_SAYS[format]);
      const record = await h.call('getExchange', { id: second.reply.exchangeId! });
      expect(record.requestBody).not.toContain(CHART_MIDDLE);
      const body = JSON.parse(record.requestBody ?? '{}') as Record<string, unknown>;
      expect(FOLLOW_UP[format](body)).toEqual(EXPECTED[format](call.id));

      // the turn keeps the image by reference (the host's description, the same file)
      expect(second.userTurn.toolResults?.[0]?.images).toEqual([image]);
    });
  }

  it("an image past the format's limits is fitted before it goes, as an attachment would be", async () => {
    const c = await h.call('createConversation', {
      format: 'messages',
      model: MODEL.messages,
      params: { stream: false, mcpTools: [{ server: 'local', tool: 'wide' }] },
    });
    const first = await h.call('sendMessage', {
      requestId: 'wide-ask',
      conversationId: c.id,
      text: 'Draw it wide. [[call:local__wide]]',
    });
    const call = first.reply.toolCalls![0]!;
    const result = await h.call('callMcpTool', {
      requestId: 'wide-run',
      server: 'local',
      tool: 'wide',
      arguments: call.arguments,
    });
    const [wide] = mcpResultImages(result);
    expect(wide).toMatchObject({ width: 8200, height: 10 });
    const second = await h.call('sendMessage', {
      requestId: 'wide-answer',
      conversationId: c.id,
      text: '',
      toolResults: [
        { callId: call.id, name: 'local__wide', content: '(an image)', images: mcpResultImages(result) },
      ],
    });
    // messages refuses a side over 8000 px: the turn keeps a fitted copy, and that is what went
    const [kept] = second.userTurn.toolResults?.[0]?.images ?? [];
    expect(kept?.id).not.toBe(wide!.id);
    expect(kept).toMatchObject({ width: 8000, height: 10 });
    expect(second.reply.text).toMatch(/local__wide → "\(an image\)" with 1 file: image\/\w+ 8000x10/);
  });

  it('a result naming an image this host does not hold is refused, naming the tool', async () => {
    const { c, call, result } = await chartConversation('messages');
    const [image] = mcpResultImages(result);
    const error = await h.fail('sendMessage', {
      requestId: 'stranger',
      conversationId: c.id,
      text: '',
      toolResults: [{ ...resultOf(call.id, result), images: [{ ...image!, id: 'not-a-stored-file' }] }],
    });
    expect(error.kind).toBe('invalid-input');
    expect(error.message).toContain(`An image of the result of ${FN} is no longer stored`);
  });

  it('a fork keeps its own hold on the image: deleting the source leaves the fork sending it', async () => {
    const { c, call, result } = await chartConversation('responses');
    const sent = await h.call('sendMessage', {
      requestId: 'fork-answer',
      conversationId: c.id,
      text: '',
      toolResults: [resultOf(call.id, result)],
    });
    const fork = await h.call('forkConversation', { conversationId: c.id, turnId: sent.reply.id });
    await h.call('deleteConversation', { id: c.id });
    const again = await h.call('regenerate', { requestId: 'fork-again', conversationId: fork.id });
    expect(again.reply.text).toContain(REPLY_SAYS.responses);
  });

  it('survives a restart, and an export imports back with its image, which goes out again', async () => {
    const { c, call, result } = await chartConversation('messages');
    await h.call('sendMessage', {
      requestId: 'keep-answer',
      conversationId: c.id,
      text: '',
      toolResults: [resultOf(call.id, result)],
    });
    await h.restart();
    const after = await h.call('getConversation', { id: c.id });
    const kept = after.turns.find((t) => t.toolResults)?.toolResults?.[0]?.images ?? [];
    expect(kept.map((i) => i.id)).toEqual(mcpResultImages(result).map((i) => i.id));

    const file = await h.call('exportConversation', { id: c.id, as: 'json' });
    // the file carries the image's bytes beside the turn that names it
    const parsed = JSON.parse(file.content) as { files: { id: string; base64: string }[] };
    expect(parsed.files.map((f) => f.base64)).toContain(CHART);
    const imported = await h.call('importConversation', { content: file.content });
    const images = imported.turns.find((t) => t.toolResults)?.toolResults?.[0]?.images ?? [];
    expect(images).toHaveLength(1);
    expect(images[0]!.id).not.toBe(kept[0]!.id);
    // the tool run the file carried shows the image from the imported file
    const runs = (await h.call('listToolRuns', {})).filter((r) => r.conversationId === imported.id);
    const run = await h.call('getToolRun', { id: runs[0]!.id });
    expect(run.content.find((p) => p.type === 'image')).toMatchObject({ id: images[0]!.id });
    // the imported image opens: asking again sends it from its new file
    const again = await h.call('regenerate', { requestId: 'imported-again', conversationId: imported.id });
    expect(again.reply.text).toContain(REPLY_SAYS.messages);
  });
});
