// A reply larger than the size cap: reading stops, the first part is kept as partial with the reason,
// and the conversation goes on.
import { afterEach, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { INLINE_EXPORT_MAX_CHARS } from '../../electron/handlers/export-file.ts';
import { ConversationFileSchema } from '../../shared/export.ts';
import { VIEW_TURN_CHARS } from '../../electron/handlers/conversation-view.ts';
import { openStore } from '../../electron/store/index.ts';
import { MAX_REPLY_CHARS } from '../../shared/limits.ts';
import { createHarness, type Harness } from '../support/app-core.ts';

let h: Harness;
afterEach(async () => {
  await h.expectNoKeyLeak();
  await h.close();
});

describe('the reply size cap', () => {
  it('stops a streamed reply at the limit, keeps the first part as partial (too-large), and goes on', async () => {
    h = await createHarness();
    await h.call('updateSettings', { maxReplyChars: MAX_REPLY_CHARS.min });
    const c = await h.call('createConversation', {
      format: 'messages',
      model: 'claude-sonnet-4-5',
      params: { stream: true, maxTokens: 100_000 },
    });
    const big = await h.call('sendMessage', {
      requestId: 'a',
      conversationId: c.id,
      text: 'go on [[tokens:20000]]',
    });
    expect(big.reply).toMatchObject({ status: 'partial', endReason: 'too-large' });
    expect(big.reply.text.length).toBe(MAX_REPLY_CHARS.min);
    expect(big.reply.raw).toBeUndefined();
    expect(big.reply.error?.message).toMatch(/size limit in Settings/);
    // what the page was shown never passed the limit either
    const shown = h.eventsOf('delta', 'a').reduce((n, d) => n + (d.text?.length ?? 0), 0);
    expect(shown).toBeLessThanOrEqual(MAX_REPLY_CHARS.min);

    const next = await h.call('sendMessage', { requestId: 'b', conversationId: c.id, text: 'and briefly?' });
    expect(next.reply.status).toBe('complete');
    const stored = await h.call('getConversation', { id: c.id });
    expect(stored.turns.map((t) => t.status)).toEqual(['complete', 'partial', 'complete', 'complete']);
  });

  it('refuses a non-streamed body far beyond the limit without holding it', async () => {
    h = await createHarness();
    await h.call('updateSettings', { maxReplyChars: MAX_REPLY_CHARS.min });
    const c = await h.call('createConversation', {
      format: 'chat',
      model: 'gpt-5-mini',
      params: { stream: false },
    });
    h.sim.faults.add({
      kind: 'bigBody',
      bytes: 40 * 1024 * 1024,
      match: { interface: 'chat', stream: false },
    });
    const r = await h.call('sendMessage', { requestId: 'a', conversationId: c.id, text: 'hello' });
    expect(r.reply.status).toBe('error');
    expect(r.reply.error?.kind).toBe('invalid-response');
    expect(r.reply.error?.attempts).toBe(1);
  });

  it('refuses a limit outside its bounds with a message that says them', async () => {
    h = await createHarness();
    const e = await h.fail('updateSettings', { maxReplyChars: 5 });
    expect(e.kind).toBe('invalid-input');
    expect(e.message).toMatch(/from 10,000 to 100,000,000/);
  });
});

/** A conversation whose reply of `huge` characters was stored before replies were capped. */
async function storedByAnEarlierRelease(huge: string, withRaw: boolean) {
  h = await createHarness();
  const c = await h.call('createConversation', {
    format: 'chat',
    model: 'gpt-5-mini',
    params: { stream: false },
  });
  const store = openStore(join(h.dataDir, 'quartet.db'));
  try {
    store.messages.append(c.id, { id: 'u', role: 'user', text: 'hi', status: 'complete', createdAt: 1 });
    store.messages.append(c.id, {
      id: 'big',
      role: 'assistant',
      text: huge,
      ...(withRaw
        ? { raw: { format: 'chat' as const, message: { role: 'assistant' as const, content: huge } } }
        : {}),
      status: 'complete',
      createdAt: 2,
    });
  } finally {
    store.close();
  }
  return { c, huge };
}

describe('a conversation stored by an earlier release with a huge turn', () => {
  it('opens: the page gets each turn within the view limit, marked, and the host keeps the whole turn', async () => {
    const { c, huge } = await storedByAnEarlierRelease('a'.repeat(VIEW_TURN_CHARS * 3), true);
    const opened = await h.call('getConversation', { id: c.id });
    const big = opened.turns[1];
    expect(big?.text.length).toBeLessThan(VIEW_TURN_CHARS + 200);
    expect(big?.text).toMatch(/more characters are kept but not shown\]$/);
    expect(big?.raw).toBeUndefined();
    const kept = openStore(join(h.dataDir, 'quartet.db'));
    try {
      expect(kept.messages.get('big')?.text.length).toBe(huge.length);
    } finally {
      kept.close();
    }
  });
});

describe('exporting a conversation too large for one message', () => {
  it('writes the whole export into the data folder, turn by turn, and says where', async () => {
    const { c, huge } = await storedByAnEarlierRelease('b'.repeat(INLINE_EXPORT_MAX_CHARS), false);
    for (const as of ['json', 'markdown'] as const) {
      const out = await h.call('exportConversation', { id: c.id, as });
      expect(out.content).toBe('');
      expect(out.savedTo?.startsWith(join(h.dataDir, 'exports'))).toBe(true);
      const text = await readFile(out.savedTo ?? '', 'utf8');
      if (as === 'json') {
        const file = ConversationFileSchema.parse(JSON.parse(text));
        expect(file.conversation.turns.map((t) => t.text.length)).toEqual([2, huge.length]);
      } else {
        expect(text).toContain(huge);
      }
    }
  });
});
