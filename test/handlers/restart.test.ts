import { afterEach, beforeEach, expect, it } from 'vitest';
import { simulatedReply } from '../../electron/simulator/index.ts';
import { createHarness, type Harness } from '../support/app-core.ts';
import { TOOL_EXAMPLES } from '../../shared/tools.ts';

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(async () => {
  await h.expectNoKeyLeak();
  await h.close();
});

for (const stream of [false, true]) {
  it(`continues a generate-content conversation with thoughts after a restart (stream: ${stream})`, async () => {
    const conversation = await h.call('createConversation', {
      format: 'generate',
      model: 'gemini-2.5-flash',
      params: { stream, includeThoughts: true, thinkingBudget: -1 },
    });
    const first = await h.call('sendMessage', {
      requestId: 'a',
      conversationId: conversation.id,
      text: 'First question',
    });
    expect(first.reply.status).toBe('complete');
    expect(first.reply.thoughts).toBeTruthy();
    const parts = first.reply.raw?.format === 'generate' ? first.reply.raw.parts : [];
    expect(parts.some((p) => typeof p['thoughtSignature'] === 'string')).toBe(true);

    // A relaunch: the turns, signatures included, now come from the database only.
    await h.restart();
    for (const [i, text] of ['Second question', 'Third question'].entries()) {
      const next = await h.call('sendMessage', { requestId: `r${i}`, conversationId: conversation.id, text });
      expect(next.reply.error).toBeUndefined();
      expect(next.reply.status).toBe('complete');
      expect(next.reply.text).toBe(simulatedReply(text, 'gemini-2.5-flash', i + 2));
    }
    const stored = await h.call('getConversation', { id: conversation.id });
    expect(stored.turns).toHaveLength(6);
    expect(stored.turns[1]?.raw).toEqual(first.reply.raw);
  });
}

// The service checks the signature of a function call (a text part's it does not): a stored call whose
// signature is lost is refused, so a call that goes on over a restart (tools.test.ts) proves its signature
// came back from the database.
it('the simulator really refuses a replayed call without its signature (the restart tests prove something)', async () => {
  const conversation = await h.call('createConversation', {
    format: 'generate',
    model: 'gemini-2.5-flash',
    params: { stream: false, thinkingBudget: 512, tools: [TOOL_EXAMPLES[0]!] },
  });
  const first = await h.call('sendMessage', {
    requestId: 'a',
    conversationId: conversation.id,
    text: '[[call:get_weather]]',
  });
  const call = first.reply.toolCalls?.[0];
  if (!call) throw new Error('expected a call');
  // Damage the stored payload: drop the signatures.
  const db = await import('node:sqlite');
  await h.core.close();
  const raw = new db.DatabaseSync(`${h.dataDir}/quartet.db`);
  const row = raw.prepare("SELECT id, raw FROM messages WHERE role = 'assistant'").get();
  const payload = JSON.parse(String(row?.['raw'])) as { parts: Record<string, unknown>[] };
  for (const part of payload.parts) delete part['thoughtSignature'];
  raw.prepare('UPDATE messages SET raw = ? WHERE id = ?').run(JSON.stringify(payload), String(row?.['id']));
  raw.close();
  await h.open();
  const next = await h.call('sendMessage', {
    requestId: 'b',
    conversationId: conversation.id,
    text: '',
    toolResults: [{ callId: call.id, name: call.name, content: '{"temp":21}' }],
  });
  expect(next.reply.status).toBe('error');
  expect(next.reply.error?.status).toBe(400);
});

it('continues a sandbox conversation after a restart: the sandbox keeps its signing secret', async () => {
  const s = await createHarness({ sandbox: true, connect: false });
  try {
    const conversation = await s.call('createConversation', {
      format: 'generate',
      model: 'gemini-2.5-pro',
      params: { stream: true, includeThoughts: true },
    });
    const first = await s.call('sendMessage', {
      requestId: 'a',
      conversationId: conversation.id,
      text: 'One',
    });
    expect(first.reply.status).toBe('complete');
    // The relaunch starts a new sandbox simulator, on a new port, with no memory of what it issued.
    await s.restart();
    const next = await s.call('sendMessage', {
      requestId: 'b',
      conversationId: conversation.id,
      text: 'Two',
    });
    expect(next.reply.error).toBeUndefined();
    expect(next.reply.text).toBe(simulatedReply('Two', 'gemini-2.5-pro', 2));
  } finally {
    await s.close();
  }
});
