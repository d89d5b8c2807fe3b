// PROVES (property tests, fast-check): any conversation, presets or prices file (bounded in size, seeded
// with deep nesting, many versions, traversal names, hidden payloads, huge numbers, bidi and line breaks)
// is refused with a reason, or what it stores opens, exports and imports back to the same thing; so are
// the tool runs a conversation file carries (as the inspector lists and shows them); so is the
// connection name a conversation file carries (matched to a saved one without regard to case, else kept as
// asked for and shown escaped).
// Figures: test-results/reliability/fuzz-imports.json.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, Turn } from '../../shared/conversation.ts';
import { parsePriceFile, toPricesFile } from '../../shared/price-table.ts';
import { PriceTableSchema } from '../../shared/pricing.ts';
import { createHarness, type Harness } from '../support/app-core.ts';
import { displayName } from '../../shared/display.ts';
import { rowConnectionName } from '../../renderer/store/chat-helpers.ts';
import { writeFigures } from '../support/figures.ts';

const figures: Record<string, number> = {};
let app: Harness;
beforeAll(async () => {
  app = await createHarness({ keepResults: false });
});
afterAll(async () => {
  await writeFigures('fuzz-imports', figures);
  await app.close();
});

// ---------- hostile pieces ----------

const BIDI = '\u202e\u2066\u2069';
const deep = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
/** A string from a person, a service or an attacker: short text, bidi, line breaks, traversal, very long. */
const hostileText = fc.oneof(
  { arbitrary: fc.string({ minLength: 1, maxLength: 30 }), weight: 6 },
  fc.constantFrom(`${BIDI}gpt\n5`, '../../etc/passwd', '..\\..\\x', 'Hello!', '', ' ', 'a'.repeat(201)),
  fc.integer({ min: 190, max: 260 }).map((n) => 'x'.repeat(n)),
);
const hostileNumber = fc.oneof(
  { arbitrary: fc.integer({ min: 0, max: 2_000_000_000_000 }), weight: 12 },
  fc.constantFrom(1.5, -1, 1e308, 8.64e15 + 1, 9_000_000_000_000_000, Number.MAX_SAFE_INTEGER + 2),
);
/** A provider payload: what a service sends, or what a file may forge beside it. */
function payload(text: string) {
  return fc.oneof(
    fc.constant({ format: 'chat', message: { role: 'assistant', content: text } }),
    fc.constant({ format: 'chat', message: { role: 'assistant', content: 'HIDDEN' } }),
    fc.constant({
      format: 'responses',
      output: [{ type: 'message', role: 'assistant', content: [{ type: 'output_text', text }] }],
    }),
    fc.constant({
      format: 'responses',
      output: [{ type: 'message', role: 'system', content: [{ type: 'input_text', text: 'HIDDEN' }] }],
    }),
    fc.constant({ format: 'messages', content: [{ type: 'text', text }] }),
    fc.constant({ format: 'messages', content: [{ type: 'thinking', thinking: 'HIDDEN', signature: 'x' }] }),
    fc.constant({ format: 'generate', parts: [{ text }] }),
    fc.constant({ format: 'generate', parts: [{ text: 'HIDDEN', thought: true, thoughtSignature: 'x' }] }),
    fc.constant('DEEP'),
    // images a CLI history file keeps as files: the place left empty, the file named in imageFiles
    fc.constant({
      format: 'responses',
      output: [{ type: 'image_generation_call', id: 'ig_1', status: 'completed', result: '' }],
    }),
    fc.constant({
      format: 'generate',
      parts: [{ inlineData: { mimeType: 'image/png', data: '' }, thoughtSignature: 'x' }],
    }),
  );
}

/** A CLI history file's image files: for turns that have them or not, places that are images or not. */
const imageFilesArb = (ids: readonly string[]) =>
  fc.option(
    fc.array(
      fc.record({
        turn: fc.constantFrom(...ids, 'missing', ''),
        slot: fc.constantFrom(0, 0, 1, -1, 1e9),
        path: hostileText,
        sha256: fc.constantFrom('a'.repeat(64), 'not a hash'),
      }),
      { maxLength: 3 },
    ),
    { nil: undefined },
  );

const turnArb = (i: number, ids: readonly string[]) =>
  fc
    .record({
      role: fc.constantFrom('user', 'assistant'),
      text: fc.oneof(fc.constant('Hello!'), hostileText),
      status: fc.constantFrom('complete', 'complete', 'complete', 'partial', 'error', 'complete', 'weird'),
      createdAt: hostileNumber,
      parent: fc.oneof(
        { arbitrary: fc.constant(undefined), weight: 8 },
        { arbitrary: fc.constantFrom(...ids, '../../x', 'missing'), weight: 1 },
      ),
      usage: fc.option(fc.record({ input: hostileNumber, output: hostileNumber }), { nil: undefined }),
      withRaw: fc.boolean(),
      thoughts: fc.option(hostileText, { nil: undefined }),
    })
    .chain((t) =>
      (t.withRaw ? payload(t.text) : fc.constant(undefined)).map((raw) => ({
        id: `t${i}`,
        role: t.role,
        text: t.text,
        status: t.status,
        createdAt: t.createdAt,
        ...(t.parent !== undefined && t.parent !== `t${i}` ? { parentId: t.parent } : {}),
        ...(t.usage ? { usage: t.usage } : {}),
        ...(t.thoughts !== undefined ? { thoughts: t.thoughts } : {}),
        ...(raw !== undefined ? { raw } : {}),
      })),
    );

const fileArb = fc
  .record({
    format: fc.constantFrom('chat', 'responses', 'messages', 'generate', 'chat', 'other'),
    model: fc.oneof({ arbitrary: fc.constant('gpt-5-mini'), weight: 3 }, hostileText),
    title: hostileText,
    createdAt: hostileNumber,
    turnCount: fc.integer({ min: 0, max: 4 }),
    versions: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 30 })),
    depth: fc.constantFrom(300, 2_000, 12_000),
  })
  .chain((c) => {
    const ids = Array.from({ length: c.turnCount }, (_, i) => `t${i}`);
    return fc.tuple(fc.constant(c), fc.tuple(...ids.map((_, i) => turnArb(i, ids))), imageFilesArb(ids));
  })
  .map(([c, turns, imageFiles]) => {
    // many versions of the first reply, each a turn of its own
    const branches =
      turns.length > 1
        ? Array.from({ length: c.versions }, (_, v) => ({ ...turns[1], id: `v${v}`, parentId: 't0' }))
        : [];
    const conversation = {
      id: 'c',
      format: c.format,
      model: c.model,
      title: c.title,
      params: { stream: true },
      turns,
      ...(branches.length > 0 ? { branches } : {}),
      createdAt: c.createdAt,
      updatedAt: c.createdAt,
    };
    return JSON.stringify({ quartet: 'conversation', version: 2, conversation, imageFiles }).replaceAll(
      '"DEEP"',
      deep(c.depth),
    );
  });

// ---------- what a stored conversation is, without what an import renews ----------

function essence(c: Conversation) {
  const turn = (t: Turn) => {
    const { id: _id, parentId: _p, versions, exchangeId: _x, ...rest } = t;
    return { ...rest, versions: versions?.length };
  };
  return {
    format: c.format,
    model: c.model,
    params: c.params,
    createdAt: c.createdAt,
    turns: c.turns.map(turn),
  };
}

/** Imports a conversation file: what it stored, or null when it was refused with a reason. */
async function importOrReason(content: string): Promise<Conversation | null> {
  const result = await app.core.dispatch('importConversation', { content }, app.ctx);
  if (result.ok) return result.value as Conversation;
  expect(result.error.kind).toBe('invalid-input');
  expect(result.error.message.length).toBeGreaterThan(10);
  return null;
}

describe('any conversation file', () => {
  it(
    'is refused with a reason, or opens, exports and imports back the same',
    { timeout: 120_000 },
    async () => {
      let stored = 0;
      let refused = 0;
      await fc.assert(
        fc.asyncProperty(fileArb, async (content) => {
          const result = await importOrReason(content);
          if (result === null) {
            refused += 1;
            return;
          }
          stored += 1;
          const first = result;
          // it opens (the whole tree), exports, and the export imports back to the same conversation
          const opened = await app.call('getConversation', { id: first.id });
          expect(essence(opened)).toEqual(essence(first));
          const exported = await app.call('exportConversation', {
            id: first.id,
            as: 'json',
            branches: 'all',
          });
          const again = await app.call('importConversation', { content: exported.content });
          expect(essence(again)).toEqual(essence(first));
          const all = await app.call('listConversations', {});
          expect(all.find((c) => c.id === again.id)?.turnCount).toBe(
            all.find((c) => c.id === first.id)?.turnCount,
          );
          // nothing forged survives to be sent
          expect(JSON.stringify(again.turns.map((t) => t.raw ?? null))).not.toContain('HIDDEN');
        }),
        { numRuns: 60, seed: 26 },
      );
      figures['conversation files stored'] = stored;
      figures['conversation files refused'] = refused;
      expect(stored).toBeGreaterThan(0);
      expect(refused).toBeGreaterThan(0);
    },
  );
});

// ---------- the tool runs a conversation file carries ----------

/** Mostly honest, else forged: one field at a time is hostile, so runs are stored as well as refused. */
const hostileOr = <T>(honest: fc.Arbitrary<T>, forged: fc.Arbitrary<unknown>) =>
  fc.oneof({ arbitrary: honest, weight: 12 }, { arbitrary: forged, weight: 1 });
const toolRunArb = fc.record({
  replyId: hostileOr(fc.constant('t1'), fc.constantFrom('t0', 'missing', '', 5)),
  callId: hostileOr(fc.constant('call_1'), hostileText),
  server: hostileOr(
    fc.constantFrom('local', 'files.v2'),
    fc.constantFrom('../../bin/sh', '', 'x'.repeat(65)),
  ),
  tool: hostileOr(fc.constantFrom('echo', `${BIDI}rm -rf`, '<b>bold</b>'), hostileText),
  arguments: hostileOr(
    fc.oneof(fc.constant('{"text":"hi"}'), fc.string({ maxLength: 30 })),
    fc.constantFrom('x'.repeat(100_001), 42),
  ),
  status: hostileOr(fc.constantFrom('done', 'error', 'denied', 'stopped'), fc.constantFrom('exploded', null)),
  content: hostileOr(
    fc.array(
      fc.oneof(
        fc.record({ type: fc.constant('text'), text: fc.string({ maxLength: 40 }) }),
        fc.record({
          type: fc.constant('image'),
          mimeType: fc.constantFrom('image/png', `${BIDI}image/svg+xml`),
          bytes: fc.integer({ min: 0, max: 4_000_000 }),
        }),
        fc.record({ type: fc.constant('resource'), uri: fc.constantFrom('file:///x', '../../etc/passwd') }),
        fc.constant({ type: 'text', text: '<img src=x onerror=alert(1)>' }),
      ),
      { maxLength: 3 },
    ),
    fc.constantFrom([{ type: 'html', html: '<script>' }], [{ type: 'image', bytes: -1 }], 'text'),
  ),
  truncated: hostileOr(fc.boolean(), fc.constant('yes')),
  reason: fc.option(hostileOr(fc.string({ maxLength: 40 }), fc.constant('r'.repeat(100_001))), {
    nil: undefined,
  }),
  startedAt: hostileOr(fc.integer({ min: 0, max: 2_000_000_000_000 }), hostileNumber),
  ms: hostileOr(fc.integer({ min: 0, max: 60_000 }), hostileNumber),
});

/** A conversation's tool runs as the inspector shows them (oldest first), without what an import renews. */
async function toolRunsOf(conversationId: string) {
  const listed = (await app.call('listToolRuns', {})).filter((r) => r.conversationId === conversationId);
  const runs = [];
  for (const r of listed.reverse()) {
    const { id: _i, conversationId: _c, replyId: _r, ...rest } = await app.call('getToolRun', { id: r.id });
    runs.push(rest);
  }
  return runs;
}

describe('the tool runs a conversation file carries', () => {
  it(
    'are refused with a reason, or listed in the inspector, and export and import back the same',
    { timeout: 120_000 },
    async () => {
      let stored = 0;
      let refused = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(toolRunArb, { minLength: 1, maxLength: 4 }), async (toolRuns) => {
          const conversation = {
            id: 'c',
            format: 'chat',
            model: 'gpt-5-mini',
            title: 'Tool runs',
            params: { stream: true },
            turns: [
              { id: 't0', role: 'user', text: 'Hello!', status: 'complete', createdAt: 1 },
              { id: 't1', role: 'assistant', text: 'Calling.', status: 'complete', createdAt: 2 },
            ],
            createdAt: 1,
            updatedAt: 2,
          };
          const content = JSON.stringify({ quartet: 'conversation', version: 3, conversation, toolRuns });
          const result = await importOrReason(content);
          if (result === null) {
            refused += 1;
            return;
          }
          stored += 1;
          // every run is listed, linked to the imported reply, and reads as the file said it
          const runs = await toolRunsOf(result.id);
          expect(runs).toHaveLength(toolRuns.length);
          const reply = result.turns[1]!.id;
          const listed = (await app.call('listToolRuns', {})).filter((r) => r.conversationId === result.id);
          for (const r of listed) expect((await app.call('getToolRun', { id: r.id })).replyId).toBe(reply);
          const exported = await app.call('exportConversation', { id: result.id, as: 'json' });
          const again = await app.call('importConversation', { content: exported.content });
          expect(await toolRunsOf(again.id)).toEqual(runs);
          await app.call('deleteConversation', { id: result.id });
          await app.call('deleteConversation', { id: again.id });
        }),
        { numRuns: 80, seed: 31 },
      );
      figures['tool-run files stored'] = stored;
      figures['tool-run files refused'] = refused;
      expect(stored).toBeGreaterThan(0);
      expect(refused).toBeGreaterThan(0);
    },
  );
});

const presetArb = fc.record({
  name: hostileText,
  description: fc.option(hostileText, { nil: undefined }),
  params: fc.oneof(
    fc.record({ stream: fc.boolean(), temperature: fc.option(hostileNumber, { nil: undefined }) }),
    fc.constant({ stream: true, extraBody: deep(400) }),
    fc.constant({ stream: true, system: `${BIDI}\nYou are {{role}}` }),
  ),
  message: fc.option(hostileText, { nil: undefined }),
});

describe('any presets file', () => {
  it(
    'imports each preset or skips it with a reason; what it imports exports and imports back',
    { timeout: 60_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(presetArb, { maxLength: 6 }), async (presets) => {
          const content = JSON.stringify({ quartet: 'presets', version: 1, presets });
          const result = await app.call('importPresets', { content });
          expect(result.imported.length + result.skipped.length).toBe(presets.length);
          for (const s of result.skipped) expect(s.reason.length).toBeGreaterThan(3);
          if (result.imported.length === 0) return;
          const exported = await app.call('exportPresets', { ids: result.imported.map((p) => p.id) });
          const again = await app.call('importPresets', { content: exported.content });
          const strip = (p: { name: string; id: string; createdAt: number; updatedAt: number }) => {
            const { id: _i, name: _n, createdAt: _c, updatedAt: _u, ...rest } = p;
            return rest;
          };
          expect(again.skipped).toEqual([]);
          // the export lists presets by name, and the second import renames them (" (2)"): compared as sets
          const contents = (list: typeof result.imported) => list.map((p) => JSON.stringify(strip(p))).sort();
          expect(contents(again.imported)).toEqual(contents(result.imported));
        }),
        { numRuns: 40, seed: 26 },
      );
    },
  );
});

const priceRowArb = fc.record({
  model: hostileText,
  input: fc.oneof(hostileNumber, fc.constantFrom('1.5', '1e308', 'x', '')),
  output: hostileNumber,
  extra: fc.option(fc.constant(deep(300)), { nil: undefined }),
});

describe('any prices file', () => {
  it('keeps rows the table takes and skips the rest; the rows it keeps export and read back the same', () => {
    fc.assert(
      fc.property(fc.array(priceRowArb, { maxLength: 8 }), (rows) => {
        const text = `[${rows
          .map((r) => {
            const { extra, ...row } = r;
            const json = JSON.stringify(row);
            return extra === undefined ? json : `${json.slice(0, -1)},"cachedInput":${extra}}`;
          })
          .join(',')}]`;
        const parsed = parsePriceFile(text);
        expect(parsed.ok).toBe(true);
        if (!parsed.ok) return;
        expect(parsed.rows.length + parsed.skipped.length).toBe(rows.length);
        const table = { currency: 'USD', rows: parsed.rows };
        expect(PriceTableSchema.safeParse(table).success).toBe(true);
        const back = parsePriceFile(JSON.stringify(toPricesFile(table)));
        expect(back.ok && back.rows).toEqual(parsed.rows);
      }),
      { numRuns: 300, seed: 26 },
    );
  });
});

// ---------- the connection name a conversation file carries ----------

/** A name a file may carry: huge, control characters, direction marks, HTML, a saved name in another case. */
const connectionNameArb = fc.oneof(
  { arbitrary: fc.string({ minLength: 0, maxLength: 40 }), weight: 4 },
  { arbitrary: fc.constantFrom('SANDBOX', 'gateway b', 'GaTeWaY b', ' Sandbox '), weight: 2 },
  fc.constantFrom(
    '<img src=x onerror=alert(1)>',
    '<script>alert(1)</script>',
    `${BIDI}Office`,
    'Office\u200f\u200e gateway',
    'Office\u0000gateway',
    'Office\ngateway\r\t',
    '\u0007\u001b[31mred',
    '',
    '   ',
    'Gateway B\u0000',
  ),
  fc.integer({ min: 95, max: 105 }).map((n) => 'n'.repeat(n)),
  fc.constant('x'.repeat(100_000)),
);
const HIDDEN = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

describe('the connection name a conversation file carries', () => {
  it(
    'is refused with a reason, or matched to a saved connection, or kept as asked for: it opens, shows, exports and imports back the same',
    { timeout: 120_000 },
    async () => {
      const saved = await app.call('listConnections', {});
      if (!saved.connections.some((c) => c.name === 'Gateway B')) {
        await app.call('saveConnection', { name: 'Gateway B', baseUrl: 'http://127.0.0.1:9' });
      }
      const connections = (await app.call('listConnections', {})).connections;
      let matched = 0;
      let kept = 0;
      let refused = 0;
      await fc.assert(
        fc.asyncProperty(connectionNameArb, async (name) => {
          const conversation = {
            id: 'c',
            format: 'chat',
            model: 'gpt-5-mini',
            title: 'Named connection',
            params: { stream: true },
            turns: [{ id: 't0', role: 'user', text: 'Hello!', status: 'complete', createdAt: 1 }],
            connection: { name },
            createdAt: 1,
            updatedAt: 1,
          };
          const content = JSON.stringify({ quartet: 'conversation', version: 2, conversation });
          const result = await importOrReason(content);
          if (result === null) {
            refused += 1;
            return;
          }
          const first = result;
          const connection = first.connection;
          expect(connection).toBeDefined();
          if (!connection) return;
          const same = connections.find((c) => c.name.toLowerCase() === name.trim().toLowerCase());
          if (same) {
            // a saved name in any case is that connection, never a new one
            matched += 1;
            expect(connection).toEqual({ id: same.id, name: same.name });
          } else {
            // never invented: the name is kept as the file said it, asked for on the page
            kept += 1;
            expect(connection.id).toBeUndefined();
            expect(connection.name).toBe(name.trim());
          }
          // it opens and lists with the same connection
          const opened = await app.call('getConversation', { id: first.id });
          expect(opened.connection).toEqual(connection);
          const row = (await app.call('listConversations', {})).find((c) => c.id === first.id);
          expect(row?.connectionId).toBe(connection.id);
          expect(row?.wantedConnection).toBe(connection.id === undefined ? connection.name : undefined);
          // the page shows it escaped: no control or direction character reaches the screen as such
          const shown = rowConnectionName(
            { connections, activeConnectionId: connections[0]?.id ?? null },
            row!,
          );
          if (shown !== undefined) expect(displayName(shown)).not.toMatch(HIDDEN);
          // the export carries the name; imported back, the conversation asks for the same connection
          const exported = await app.call('exportConversation', { id: first.id, as: 'json' });
          expect(JSON.parse(exported.content).conversation.connection).toEqual({ name: connection.name });
          const again = await app.call('importConversation', { content: exported.content });
          expect(again.connection).toEqual(connection);
          await app.call('deleteConversation', { id: first.id });
          await app.call('deleteConversation', { id: again.id });
        }),
        { numRuns: 80, seed: 30 },
      );
      figures['connection names matched'] = matched;
      figures['connection names kept as asked for'] = kept;
      figures['connection names refused'] = refused;
      expect(matched).toBeGreaterThan(0);
      expect(kept).toBeGreaterThan(0);
      expect(refused).toBeGreaterThan(0);
    },
  );
});
