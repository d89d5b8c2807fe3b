import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseConversationFile } from '../../shared/export.ts';
import { createHarness, type Harness } from '../support/app-core.ts';
import { defaultParams } from '../../shared/conversation.ts';

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(async () => {
  await h.expectNoKeyLeak();
  await h.close();
});

describe('conversations', () => {
  it('creates with defaults, lists by format and origin newest first, updates and deletes', async () => {
    const a = await h.call('createConversation', { format: 'chat', model: 'gpt-5-mini' });
    expect(a).toMatchObject({ title: 'New conversation', params: { stream: true }, turns: [] });
    const b = await h.call('createConversation', {
      format: 'messages',
      model: 'claude-haiku-4-5',
      title: 'Compare me',
      origin: 'compare',
    });
    // the defaults the page starts a tab with: messages gets its required max tokens
    expect(b.params).toEqual(defaultParams('messages'));
    expect(b.params.maxTokens).toBe(1024);
    await h.call('sendMessage', { requestId: 'r', conversationId: a.id, text: 'Bump this one to the top' });

    expect((await h.call('listConversations', {})).map((c) => c.id)).toEqual([a.id, b.id]);
    expect((await h.call('listConversations', { format: 'messages' })).map((c) => c.id)).toEqual([b.id]);
    expect((await h.call('listConversations', { origin: 'chat' })).map((c) => c.id)).toEqual([a.id]);

    const renamed = await h.call('updateConversation', { id: b.id, title: 'Renamed' });
    expect(renamed).toMatchObject({ id: b.id, title: 'Renamed', origin: 'compare', turnCount: 0 });
    const remodelled = await h.call('updateConversation', {
      id: b.id,
      model: 'claude-sonnet-4-5',
      params: { stream: false, maxTokens: 200 },
    });
    expect(remodelled.model).toBe('claude-sonnet-4-5');
    expect((await h.call('getConversation', { id: b.id })).params).toEqual({ stream: false, maxTokens: 200 });

    expect(await h.call('deleteConversation', { id: a.id })).toEqual({ deleted: true });
    expect(await h.call('deleteConversation', { id: a.id })).toEqual({ deleted: false });
    expect((await h.fail('getConversation', { id: a.id })).kind).toBe('not-found');
    expect(await h.call('searchConversations', { query: 'bump' })).toEqual([]);
    expect((await h.fail('updateConversation', { id: a.id, title: 'x' })).kind).toBe('not-found');
  });

  it('moves a Compare conversation to its tab, turns and all, and never back', async () => {
    const c = await h.call('createConversation', { format: 'chat', model: 'gpt-5-mini', origin: 'compare' });
    await h.call('sendMessage', { requestId: 'r1', conversationId: c.id, text: 'asked in Compare' });
    expect((await h.call('listConversations', { origin: 'chat' })).map((x) => x.id)).not.toContain(c.id);

    const moved = await h.call('updateConversation', { id: c.id, origin: 'chat' });
    expect(moved).toMatchObject({ id: c.id, origin: 'chat', turnCount: 2 });
    expect((await h.call('listConversations', { origin: 'chat' })).map((x) => x.id)).toContain(c.id);
    expect((await h.call('listConversations', { origin: 'compare' })).map((x) => x.id)).not.toContain(c.id);
    // it goes on there with its history
    const next = await h.call('sendMessage', {
      requestId: 'r2',
      conversationId: c.id,
      text: 'and in the tab',
    });
    expect(next.reply.status).toBe('complete');
    expect((await h.call('getConversation', { id: c.id })).turns).toHaveLength(4);

    const back = await h.fail('updateConversation', { id: c.id, origin: 'compare' });
    expect(back.kind).toBe('invalid-input');
  });

  it('titles a conversation from its first message, cut near 60 characters', async () => {
    const c = await h.call('createConversation', {
      format: 'chat',
      model: 'gpt-5-mini',
      params: { stream: false },
    });
    const text = 'Please explain   how the\nrefraction of light works in water droplets and rainbows today';
    await h.call('sendMessage', { requestId: 'r', conversationId: c.id, text });
    const title = (await h.call('getConversation', { id: c.id })).title;
    expect(title.length).toBeLessThanOrEqual(61);
    expect(title).toMatch(/^Please explain how the refraction of light works in water…$/);
    await h.call('sendMessage', { requestId: 's', conversationId: c.id, text: 'Another message' });
    expect((await h.call('getConversation', { id: c.id })).title).toBe(title);
  });

  it('searches turns with snippets, whatever the query syntax', async () => {
    const c = await h.call('createConversation', { format: 'generate', model: 'gemini-2.5-flash' });
    await h.call('sendMessage', { requestId: 'r', conversationId: c.id, text: 'Where do penguins live?' });
    const hits = await h.call('searchConversations', { query: 'pengu' });
    expect(hits.map((hit) => hit.role).sort()).toEqual(['assistant', 'user']);
    expect(hits[0]).toMatchObject({
      conversationId: c.id,
      format: 'generate',
      title: 'Where do penguins live?',
    });
    expect(hits[0]?.snippet).toContain('\u0001penguins\u0002');
    for (const query of ['"', '*', 'AND(', 'penguins"*) OR x', 'NEAR(a b', '🐧', '']) {
      await h.call('searchConversations', { query });
    }
    expect(await h.call('searchConversations', { query: 'penguins', format: 'chat' })).toEqual([]);
  });

  it('exports Markdown with headings, thoughts and usage', async () => {
    const c = await h.call('createConversation', {
      format: 'generate',
      model: 'gemini-2.5-flash',
      title: 'Birds | notes',
      params: { stream: false, includeThoughts: true, thinkingBudget: -1 },
    });
    const sent = await h.call('sendMessage', { requestId: 'r', conversationId: c.id, text: 'Name a bird' });
    const md = await h.call('exportConversation', { id: c.id, as: 'markdown' });
    expect(md).toMatchObject({ filename: 'birds-notes.md', mime: 'text/markdown' });
    expect(md.content).toMatch(/^# Birds \| notes\n/);
    expect(md.content).toContain('- Model: gemini-2.5-flash');
    expect(md.content).toContain('- Format: Generate Content (generate)');
    expect(md.content).toContain('## User\n\nName a bird');
    expect(md.content).toContain('## Assistant (');
    expect(md.content).toContain('<details>\n<summary>Thoughts</summary>\n\n> ');
    expect(md.content).toContain(sent.reply.text);
    expect(md.content).toMatch(/\*Usage: \d+ in · \d+ out/);
  });

  it('round-trips through the JSON file under new ids, twice without collisions', async () => {
    const c = await h.call('createConversation', {
      format: 'messages',
      model: 'claude-haiku-4-5',
      params: { stream: false, system: 'Be brief.' },
    });
    await h.call('sendMessage', { requestId: 'a', conversationId: c.id, text: 'first' });
    h.sim.faults.add({ kind: 'status', status: 500, match: { interface: 'messages' } });
    await h.call('sendMessage', { requestId: 'b', conversationId: c.id, text: 'second' });
    const original = await h.call('getConversation', { id: c.id });

    const file = await h.call('exportConversation', { id: c.id, as: 'json' });
    expect(file).toMatchObject({ filename: 'first.json', mime: 'application/json' });
    const parsed = parseConversationFile(file.content);
    // the file names the connection; its id belongs to this data folder only
    expect(parsed.ok && parsed.conversation).toEqual({ ...original, connection: { name: 'Test simulator' } });

    const one = await h.call('importConversation', { content: file.content });
    const two = await h.call('importConversation', { content: file.content });
    expect(new Set([original.id, one.id, two.id]).size).toBe(3);
    const turnIds = [...original.turns, ...one.turns, ...two.turns].map((t) => t.id);
    expect(new Set(turnIds).size).toBe(turnIds.length);
    const strip = (conv: typeof original) => ({
      ...conv,
      id: '',
      updatedAt: 0,
      turns: conv.turns.map(({ id: _id, exchangeId: _x, parentId: _p, error, ...t }) => {
        if (!error) return t;
        const { exchangeId: _e, ...rest } = error;
        return { ...t, error: rest };
      }),
    });
    // the copies are told apart by title; everything else is the original's
    expect(one.title).toBe(`${original.title} (imported)`);
    expect(two.title).toBe(`${original.title} (imported 2)`);
    expect(strip({ ...one, title: original.title })).toEqual(strip(original));
    expect(one.turns.every((t) => t.exchangeId === undefined)).toBe(true);
    expect((await h.call('listConversations', {})).length).toBe(3);
    // The imported conversation is searchable and can continue.
    expect((await h.call('searchConversations', { query: 'second' })).length).toBe(3);
    const next = await h.call('sendMessage', { requestId: 'c', conversationId: one.id, text: 'third' });
    expect(next.reply.status).toBe('complete');
  });

  it('refuses a malformed or newer file with the parser message, storing nothing', async () => {
    const cases: [string, RegExp][] = [
      ['{ not json', /not valid JSON/],
      [JSON.stringify({ hello: 'world' }), /not a Quartet conversation export/],
      [JSON.stringify({ quartet: 'conversation', version: 99, conversation: {} }), /newer Quartet/],
      [JSON.stringify({ quartet: 'conversation', version: 1, conversation: { id: 'x' } }), /malformed at/],
    ];
    for (const [content, message] of cases) {
      const error = await h.fail('importConversation', { content });
      expect(error.kind).toBe('invalid-input');
      expect(error.message).toMatch(message);
      expect(error.issues?.[0]?.path).toBe('content');
    }
    expect(await h.call('listConversations', {})).toEqual([]);
  });
});
