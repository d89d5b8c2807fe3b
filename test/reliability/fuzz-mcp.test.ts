// PROVES (property tests, fast-check): the doors of the tool servers. Any text as mcp.json gives servers
// that each pass the entry schema, and problems that each say why, never a throw; any value as a tool
// result's `content` gives parts of the three known kinds within the output cap (text characters, images),
// never a throw, with `truncated` set when something was cut; the inspector's record of a run made from
// any such result reads back whole, without image bytes; and a tool result's images, whatever an import
// or the bridge names, are refused with a reason or kept only as images the host stored.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '../../shared/conversation.ts';
import { createHarness, type Harness } from '../support/app-core.ts';
import { capResult } from '../../electron/mcp/result.ts';
import { MCP_LIMITS } from '../../shared/limits.ts';
import {
  McpHttpEntrySchema,
  McpServerNameSchema,
  McpStdioEntrySchema,
  mcpResultText,
  parseMcpConfig,
} from '../../shared/mcp.ts';
import { ToolRunSchema, toolRunArguments, toolRunContent } from '../../shared/tool-runs.ts';

const entry = fc.oneof(
  fc.record(
    {
      command: fc.oneof(fc.string(), fc.constant('node'), fc.integer()),
      args: fc.oneof(fc.array(fc.string()), fc.string(), fc.jsonValue()),
      env: fc.oneof(fc.dictionary(fc.string(), fc.string()), fc.dictionary(fc.string(), fc.jsonValue())),
    },
    { requiredKeys: [] },
  ),
  fc.record(
    {
      url: fc.oneof(fc.webUrl(), fc.string(), fc.constant('file:///etc/passwd'), fc.constant('javascript:x')),
      headers: fc.oneof(fc.dictionary(fc.string(), fc.string()), fc.jsonValue()),
    },
    { requiredKeys: [] },
  ),
  fc.jsonValue(),
);

describe('mcp.json, any text', () => {
  it('servers that pass the schema, or problems that say why; never a throw', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.jsonValue().map((v) => JSON.stringify(v)),
          fc
            .dictionary(fc.oneof(fc.string(), fc.constantFrom('local', '__proto__', 'constructor')), entry)
            .map((servers) => JSON.stringify({ mcpServers: servers })),
        ),
        (text) => {
          const config = parseMcpConfig(text);
          for (const [name, e] of config.servers) {
            expect(McpServerNameSchema.safeParse(name).success).toBe(true);
            const schema = e.kind === 'stdio' ? McpStdioEntrySchema : McpHttpEntrySchema;
            expect(schema.safeParse(e).success).toBe(true);
          }
          for (const p of config.problems) expect(p.message.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 500 },
    );
  });
});

const part = fc.oneof(
  fc.record(
    { type: fc.constant('text'), text: fc.oneof(fc.string(), fc.integer()) },
    { requiredKeys: ['type'] },
  ),
  fc.record(
    {
      type: fc.constant('image'),
      mimeType: fc.constantFrom('image/png', 'image/svg+xml', 'text/html', ''),
      data: fc.oneof(fc.base64String(), fc.string(), fc.constant('A'.repeat(MCP_LIMITS.imageBytes * 2))),
    },
    { requiredKeys: ['type'] },
  ),
  fc.record(
    {
      type: fc.constant('resource'),
      resource: fc.oneof(fc.record({ uri: fc.string(), text: fc.string() }), fc.jsonValue()),
    },
    { requiredKeys: ['type'] },
  ),
  fc.record({ type: fc.constant('text'), text: fc.constant('y'.repeat(MCP_LIMITS.resultChars + 7)) }),
  fc.jsonValue(),
);

describe('a tool result, any content', () => {
  it('known parts within the cap, truncated when cut; never a throw', () => {
    fc.assert(
      fc.property(fc.oneof(fc.array(part, { maxLength: 12 }), fc.jsonValue()), (content) => {
        const { content: parts, truncated } = capResult(content);
        let chars = 0;
        let images = 0;
        for (const p of parts) {
          expect(['text', 'image', 'resource']).toContain(p.type);
          if (p.type === 'text') chars += p.text.length;
          if (p.type === 'resource') chars += p.text?.length ?? 0;
          if (p.type === 'image') {
            images += 1;
            expect(['image/png', 'image/jpeg', 'image/webp', 'image/gif']).toContain(p.mimeType);
            expect(p.dataBase64.length).toBeLessThanOrEqual(Math.ceil((MCP_LIMITS.imageBytes * 4) / 3) + 4);
          }
        }
        expect(chars).toBeLessThanOrEqual(MCP_LIMITS.resultChars);
        expect(images).toBeLessThanOrEqual(MCP_LIMITS.resultImages);
        const text = mcpResultText({
          content: parts.flatMap((p) => (p.type === 'image' ? [] : [p])),
          truncated,
        });
        expect(typeof text).toBe('string');
        if (Array.isArray(content) && content.some((c) => JSON.stringify(c)?.includes('y'.repeat(100)))) {
          expect(truncated).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe("a tool run's record, any result", () => {
  // the inspector's record of a run (shared/tool-runs.ts) is made from whatever the server sent, past the
  // host's cap: it must always read back (a record that does not is skipped, so the run would vanish),
  // and never hold an image's bytes
  it('reads back as a ToolRun, with images as their file, type and size only; never a throw', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.array(part, { maxLength: 12 }), fc.jsonValue()),
        fc.string({ maxLength: 300 }),
        (content, args) => {
          const capped = capResult(content);
          // as the host hands it on: each image stored as a file, referred to by id
          const stored = capped.content.map((p, i) =>
            p.type === 'image'
              ? {
                  type: 'image' as const,
                  image: {
                    id: `a${i}`,
                    name: `s-t-${i}.png`,
                    mimeType: p.mimeType,
                    kind: 'image' as const,
                    bytes: Math.floor((p.dataBase64.length * 3) / 4),
                  },
                }
              : p,
          );
          const record = toolRunContent({
            server: 's',
            tool: 't',
            ms: 3,
            isError: false,
            truncated: capped.truncated,
            content: stored,
          });
          const run = {
            id: 'r',
            conversationId: 'c',
            replyId: 'm',
            callId: 'k',
            server: 's',
            tool: 't',
            arguments: toolRunArguments(args).text,
            status: 'done',
            ...record,
            startedAt: 1,
            ms: 3,
          };
          const parsed = ToolRunSchema.safeParse(JSON.parse(JSON.stringify(run)));
          expect(parsed.success).toBe(true);
          for (const p of capped.content)
            if (p.type === 'image' && p.dataBase64.length > 40)
              expect(JSON.stringify(run)).not.toContain(p.dataBase64);
          if (capped.truncated) expect(record.truncated).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});

// The doors a tool result's images come in by: a conversation file (import) and the bridge (sendMessage's
// toolResults). Whatever they name, the host keeps only images it stored and checked from their bytes.
describe("a tool result's images, any value, through import and the bridge", () => {
  const PIXEL =
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
  let app: Harness;
  beforeAll(async () => {
    app = await createHarness({ keepResults: false });
  });
  afterAll(async () => {
    await app.close();
  });

  const hostile = fc.oneof(
    fc.string({ maxLength: 20 }),
    fc.constantFrom('img-1', '../../etc/passwd', '\u202eexe.png', 'x'.repeat(120), ''),
  );
  const imageArb = fc.record(
    {
      id: hostile,
      name: fc.oneof(hostile, fc.constant('chart.png')),
      mimeType: fc.constantFrom('image/png', 'image/svg+xml', 'text/html', ''),
      kind: fc.constantFrom('image', 'pdf', 'text', 'audio'),
      bytes: fc.oneof(fc.integer({ min: -5, max: 100 }), fc.constant(1e308)),
      width: fc.option(fc.integer({ min: -1, max: 9000 }), { nil: undefined }),
    },
    { requiredKeys: ['id'] },
  );
  const wellFormed = fc.constant({
    id: 'img-1',
    name: 'chart.png',
    mimeType: 'image/png',
    kind: 'image',
    bytes: 70,
  });
  const imagesArb = fc.oneof(
    fc.array(fc.oneof(imageArb, wellFormed), { maxLength: 6 }),
    fc.array(wellFormed, { minLength: 1, maxLength: 2 }),
    fc.jsonValue(),
  );
  const filesArb = fc.array(
    fc.record({
      id: fc.oneof(fc.constant('img-1'), hostile),
      base64: fc.oneof(fc.constant(PIXEL), fc.base64String({ maxLength: 40 }), fc.constant('<svg/>')),
    }),
    { maxLength: 3 },
  );

  function fileWith(images: unknown, files: unknown): string {
    const turn = (id: string, more: Record<string, unknown>) => ({
      id,
      status: 'complete',
      createdAt: 1_700_000_000_000,
      ...more,
    });
    return JSON.stringify({
      quartet: 'conversation',
      version: 2,
      conversation: {
        id: 'c',
        title: 'images',
        format: 'messages',
        model: 'claude-haiku-4-5',
        params: { stream: false },
        createdAt: 1_700_000_000_000,
        updatedAt: 1_700_000_000_000,
        turns: [
          turn('u1', { role: 'user', text: 'Draw it.' }),
          turn('a1', {
            role: 'assistant',
            text: '',
            toolCalls: [{ id: 'toolu_1', name: 'local__chart', arguments: '{}' }],
          }),
          turn('u2', {
            role: 'user',
            text: '',
            toolResults: [{ callId: 'toolu_1', name: 'local__chart', content: 'the chart', images }],
          }),
        ],
      },
      files,
    });
  }

  it('an import is refused with a reason, or keeps only images it stored, which export and import back', async () => {
    let stored = 0;
    let withImages = 0;
    await fc.assert(
      fc.asyncProperty(imagesArb, filesArb, async (images, files) => {
        const r = await app.core.dispatch(
          'importConversation',
          { content: fileWith(images, files) },
          app.ctx,
        );
        if (!r.ok) {
          expect(r.error.kind).toBe('invalid-input');
          expect(r.error.message.length).toBeGreaterThan(10);
          return;
        }
        stored += 1;
        const imported = r.value as Conversation;
        const kept = imported.turns.flatMap((t) => (t.toolResults ?? []).flatMap((x) => x.images ?? []));
        withImages += kept.length > 0 ? 1 : 0;
        for (const image of kept) expect(image).toMatchObject({ kind: 'image', mimeType: 'image/png' });
        const exported = await app.call('exportConversation', { id: imported.id, as: 'json' });
        const again = await app.call('importConversation', { content: exported.content });
        const back = again.turns.flatMap((t) => (t.toolResults ?? []).flatMap((x) => x.images ?? []));
        expect(back.map((i) => [i.mimeType, i.bytes])).toEqual(kept.map((i) => [i.mimeType, i.bytes]));
      }),
      { numRuns: 60, seed: 31 },
    );
    expect(stored).toBeGreaterThan(0);
    expect(withImages).toBeGreaterThan(0);
  });

  it('sendMessage refuses images the host does not hold, with a reason; never an internal error', async () => {
    const c = await app.call('createConversation', { format: 'chat', model: 'gpt-5-mini', params: {} });
    await fc.assert(
      fc.asyncProperty(imagesArb, async (images) => {
        const r = await app.core.dispatch(
          'sendMessage',
          {
            requestId: crypto.randomUUID(),
            conversationId: c.id,
            text: '',
            toolResults: [{ callId: 'call_1', name: 'f', content: 'x', images }],
          },
          app.ctx,
        );
        expect(r.ok).toBe(false);
        if (!r.ok) expect(r.error.kind).toBe('invalid-input');
      }),
      { numRuns: 60, seed: 31 },
    );
    // nothing was stored
    expect((await app.call('getConversation', { id: c.id })).turns).toEqual([]);
  });
});
