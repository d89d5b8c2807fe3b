import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { simulatedReply } from '../../electron/simulator/index.ts';
import { createHarness, type Harness } from '../support/app-core.ts';

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(async () => {
  await h.expectNoKeyLeak();
  await h.close();
});

/** The user texts of the last request the simulator received (chat format). */
function lastChatPrompts(): string[] {
  const body = JSON.parse(h.sim.requests.at(-1)?.body ?? '{}') as {
    messages: { role: string; content: unknown }[];
  };
  return body.messages.filter((m) => m.role === 'user').map((m) => String(m.content));
}

async function chat(n: number) {
  const conversation = await h.call('createConversation', {
    format: 'chat',
    model: 'gpt-5-mini',
    params: { stream: false },
  });
  const sent = [];
  for (let i = 1; i <= n; i++) {
    sent.push(
      await h.call('sendMessage', {
        requestId: `s${i}`,
        conversationId: conversation.id,
        text: `message ${i}`,
      }),
    );
  }
  return { id: conversation.id, sent };
}

describe('versions of a message', () => {
  it('an edit makes "1 / 2"; switching branches changes the history the next message goes with', async () => {
    const { id, sent } = await chat(2);
    const edit = await h.call('sendMessage', {
      requestId: 'e',
      conversationId: id,
      text: 'message 2, edited',
      editTurnId: sent[1]?.userTurn.id,
    });
    expect(lastChatPrompts()).toEqual(['message 1', 'message 2, edited']);
    let shown = await h.call('getConversation', { id });
    expect(shown.turns.map((t) => t.text)).toEqual([
      'message 1',
      sent[0]?.reply.text,
      'message 2, edited',
      edit.reply.text,
    ]);
    expect(shown.turns[2]?.versions).toEqual([sent[1]?.userTurn.id, edit.userTurn.id]);
    expect(shown.turns[2]?.parentId).toBe(sent[0]?.reply.id);
    expect(shown.turns[0]?.versions).toBeUndefined();

    // Back to the first version: the next message follows it.
    shown = await h.call('selectBranch', { conversationId: id, turnId: sent[1]?.userTurn.id ?? '' });
    expect(shown.turns.map((t) => t.id)).toEqual([
      sent[0]?.userTurn.id,
      sent[0]?.reply.id,
      sent[1]?.userTurn.id,
      sent[1]?.reply.id,
    ]);
    const next = await h.call('sendMessage', { requestId: 'n', conversationId: id, text: 'message 3' });
    expect(lastChatPrompts()).toEqual(['message 1', 'message 2', 'message 3']);
    expect(next.reply.text).toBe(simulatedReply('message 3', 'gpt-5-mini', 3));
    // and the branch stays chosen across a restart
    await h.restart();
    expect((await h.call('getConversation', { id })).turns.at(-1)?.id).toBe(next.reply.id);
  });

  it('answering a middle reply again keeps the later turns on the old branch', async () => {
    const { id, sent } = await chat(3);
    const middle = sent[1]?.reply.id ?? '';
    const again = await h.call('regenerate', { requestId: 'r', conversationId: id, turnId: middle });
    expect(lastChatPrompts()).toEqual(['message 1', 'message 2']);
    expect(again.userTurn.id).toBe(sent[1]?.userTurn.id);
    expect(again.reply.versions).toEqual([middle, again.reply.id]);
    const shown = await h.call('getConversation', { id });
    expect(shown.turns.map((t) => t.id).at(-1)).toBe(again.reply.id);
    expect(shown.turns).toHaveLength(4);
    // the old reply still leads to message 3
    const old = await h.call('selectBranch', { conversationId: id, turnId: middle });
    expect(old.turns.map((t) => t.text).slice(-2)).toEqual(['message 3', sent[2]?.reply.text]);
    expect(h.rows(id)).toHaveLength(7);
  });

  it('refuses to answer again a message that is not a reply, or one of another conversation', async () => {
    const { id, sent } = await chat(1);
    const other = await chat(1);
    const notReply = await h.fail('regenerate', {
      requestId: 'r',
      conversationId: id,
      turnId: sent[0]?.userTurn.id,
    });
    expect(notReply).toMatchObject({
      kind: 'invalid-input',
      message: 'Only a reply can be asked for again.',
    });
    const elsewhere = await h.fail('regenerate', {
      requestId: 'r2',
      conversationId: id,
      turnId: other.sent[0]?.reply.id,
    });
    expect(elsewhere.kind).toBe('not-found');
    const selectElsewhere = await h.fail('selectBranch', {
      conversationId: id,
      turnId: other.sent[0]?.reply.id,
    });
    expect(selectElsewhere.kind).toBe('not-found');
    const editReplyAsUser = await h.fail('sendMessage', {
      requestId: 'x',
      conversationId: id,
      text: 'no',
      editTurnId: sent[0]?.reply.id,
    });
    expect(editReplyAsUser.message).toBe('Only your own messages can be edited.');
  });

  it('edits the first message into a second first version; the title stays', async () => {
    const { id, sent } = await chat(1);
    const edit = await h.call('sendMessage', {
      requestId: 'e',
      conversationId: id,
      text: 'another start',
      editTurnId: sent[0]?.userTurn.id,
    });
    expect(edit.userTurn.parentId).toBeUndefined();
    expect(edit.userTurn.versions).toHaveLength(2);
    expect(lastChatPrompts()).toEqual(['another start']);
    expect((await h.call('getConversation', { id })).title).toBe('message 1');
  });

  it('opens a search hit on its branch', async () => {
    const { id, sent } = await chat(2);
    await h.call('sendMessage', {
      requestId: 'e',
      conversationId: id,
      text: 'zebra crossing',
      editTurnId: sent[1]?.userTurn.id,
    });
    await h.call('selectBranch', { conversationId: id, turnId: sent[1]?.userTurn.id ?? '' });
    const [hit] = (await h.call('searchConversations', { query: 'zebra' })).filter((x) => x.role === 'user');
    const opened = await h.call('getConversation', { id, turnId: hit?.turnId });
    expect(opened.turns.map((t) => t.text).slice(2, 3)).toEqual(['zebra crossing']);
    // it becomes the branch on screen
    expect((await h.call('getConversation', { id })).turns[2]?.text).toBe('zebra crossing');
  });
});

describe('a generate conversation with thought signatures', () => {
  it('continues on both branches: each reply goes back with its own signed parts', async () => {
    const c = await h.call('createConversation', {
      format: 'generate',
      model: 'gemini-2.5-flash',
      params: { stream: false, includeThoughts: true, thinkingBudget: -1 },
    });
    const first = await h.call('sendMessage', {
      requestId: 'a',
      conversationId: c.id,
      text: 'First question',
    });
    const parts = first.reply.raw?.format === 'generate' ? first.reply.raw.parts : [];
    expect(parts.some((p) => typeof p['thoughtSignature'] === 'string')).toBe(true);
    const again = await h.call('regenerate', { requestId: 'b', conversationId: c.id });
    expect(again.reply.status).toBe('complete');

    for (const [i, branch] of [first.reply.id, again.reply.id].entries()) {
      await h.call('selectBranch', { conversationId: c.id, turnId: branch });
      const next = await h.call('sendMessage', {
        requestId: `n${i}`,
        conversationId: c.id,
        text: `Follow-up ${i}`,
      });
      expect(next.reply.error).toBeUndefined();
      expect(next.reply.status).toBe('complete');
      const body = JSON.parse(h.sim.requests.at(-1)?.body ?? '{}') as {
        contents: { role: string; parts: Record<string, unknown>[] }[];
      };
      const raw = (i === 0 ? first : again).reply.raw;
      expect(body.contents[1]?.parts).toEqual(raw?.format === 'generate' ? raw.parts : undefined);
    }
  });
});

describe('fork and edit reply', () => {
  it('forks the branch up to a turn into a new conversation that goes on by itself', async () => {
    const { id, sent } = await chat(2);
    const fork = await h.call('forkConversation', { conversationId: id, turnId: sent[0]?.reply.id ?? '' });
    expect(fork.id).not.toBe(id);
    expect(fork.title).toBe('message 1 (fork)');
    expect(fork.turns.map((t) => t.text)).toEqual(['message 1', sent[0]?.reply.text]);
    expect(fork.turns.map((t) => t.id)).not.toContain(sent[0]?.userTurn.id);
    expect(fork.turns[1]?.raw).toEqual(sent[0]?.reply.raw);
    expect(fork.turns[1]?.parentId).toBe(fork.turns[0]?.id);
    await h.call('sendMessage', { requestId: 'f', conversationId: fork.id, text: 'fork goes on' });
    expect(lastChatPrompts()).toEqual(['message 1', 'fork goes on']);
    expect((await h.call('getConversation', { id })).turns).toHaveLength(4);
    const missing = await h.fail('forkConversation', { conversationId: id, turnId: 'nope' });
    expect(missing.kind).toBe('not-found');
  });

  it('rewrites a reply as a version that goes back as plain text', async () => {
    const { id, sent } = await chat(1);
    const edited = await h.call('editReply', {
      conversationId: id,
      turnId: sent[0]?.reply.id ?? '',
      text: 'Steered.',
    });
    const reply = edited.turns[1];
    expect(reply).toMatchObject({
      role: 'assistant',
      text: 'Steered.',
      edited: true,
      status: 'complete',
      model: 'gpt-5-mini',
    });
    expect(reply?.raw).toBeUndefined();
    expect(reply?.versions).toEqual([sent[0]?.reply.id, reply?.id]);
    await h.call('sendMessage', { requestId: 'n', conversationId: id, text: 'go on' });
    const body = JSON.parse(h.sim.requests.at(-1)?.body ?? '{}') as {
      messages: { role: string; content: string }[];
    };
    expect(body.messages.find((m) => m.role === 'assistant')?.content).toBe('Steered.');
    expect(
      await h.fail('editReply', { conversationId: id, turnId: sent[0]?.userTurn.id, text: 'x' }),
    ).toMatchObject({
      kind: 'invalid-input',
    });
    expect(
      (await h.fail('editReply', { conversationId: id, turnId: sent[0]?.reply.id, text: '  ' })).message,
    ).toMatch(/empty/);
  });
});

describe('comparisons', () => {
  it('lists comparisons newest first with their columns, and deletes one whole', async () => {
    const make = (comparisonId: string, model: string) =>
      h.call('createConversation', {
        format: 'chat',
        model,
        origin: 'compare',
        comparisonId,
        params: { stream: false },
      });
    const a1 = await make('cmp-a', 'model-a');
    await make('cmp-a', 'model-b');
    const b1 = await make('cmp-b', 'model-a');
    await h.call('sendMessage', { requestId: 'x', conversationId: a1.id, text: 'Which is faster?' });
    const list = await h.call('listComparisons', {});
    expect(list.map((c) => [c.id, c.columns.length])).toEqual([
      ['cmp-a', 2],
      ['cmp-b', 1],
    ]);
    expect(list[0]?.title).toBe('Which is faster?');
    expect(list[0]?.columns[0]).toMatchObject({ comparisonId: 'cmp-a', origin: 'compare' });
    expect(await h.call('deleteComparison', { id: 'cmp-a' })).toEqual({ deleted: 2 });
    expect((await h.call('listComparisons', {})).map((c) => c.id)).toEqual(['cmp-b']);
    expect(await h.call('deleteComparison', { id: 'cmp-a' })).toEqual({ deleted: 0 });
    expect((await h.call('listConversations', {})).map((c) => c.id)).toEqual([b1.id]);
  });
});
