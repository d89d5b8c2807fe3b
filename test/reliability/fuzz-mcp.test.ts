// PROVES (property tests, fast-check): the doors of the tool servers. Any text as mcp.json gives servers
// that each pass the entry schema, and problems that each say why, never a throw; any value as a tool
// result's `content` gives parts of the three known kinds within the output cap (text characters, images),
// never a throw, with `truncated` set when something was cut; and the inspector's record of a run made
// from any such result reads back whole, without image bytes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
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
