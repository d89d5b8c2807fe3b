// An import of any size the app accepts never holds the host's event loop in one long task: the file is
// read in a worker thread, and the conversation is stored a few hundred turns per task. Counted, not
// timed: a ticker that runs whenever the loop is free reads how many turns are stored at each of its turns.
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Conversation, Turn } from '../../shared/conversation.ts';
import { MAX_CONVERSATION_TURNS } from '../../shared/limits.ts';
import {
  IMPORT_CHARS_PER_TASK,
  IMPORT_TURNS_PER_TASK,
  TOOL_RUNS_PER_TASK,
} from '../../electron/handlers/conversation-import.ts';
import { createHarness, type Harness } from '../support/app-core.ts';

let h: Harness;
beforeEach(async () => {
  h = await createHarness({ keepResults: false });
});
afterEach(async () => {
  await h.close();
});

/** A conversation at the turn limit: a chain of turns, each about 1 KB of text. */
function largest(): Conversation {
  const turns: Turn[] = Array.from({ length: MAX_CONVERSATION_TURNS }, (_, i) => ({
    id: `t${i}`,
    role: i % 2 === 0 ? 'user' : 'assistant',
    text: `turn ${i} ${'lorem ipsum '.repeat(80)}`,
    status: 'complete',
    createdAt: 1_700_000_000_000 + i,
  }));
  return {
    id: 'c',
    format: 'chat',
    model: 'gpt-5-mini',
    title: 'Largest',
    params: { stream: true },
    turns,
    createdAt: 1_700_000_000_000,
    updatedAt: 1_700_000_000_000,
  };
}

it(`stores ${MAX_CONVERSATION_TURNS.toLocaleString('en')} turns at most ${IMPORT_TURNS_PER_TASK} per task, the file read off the loop`, async () => {
  const content = JSON.stringify({
    quartet: 'conversations',
    version: 1,
    conversations: [{ quartet: 'conversation', version: 2, conversation: largest() }],
  });
  expect(content.length).toBeGreaterThan(10_000_000);
  const db = new DatabaseSync(join(h.dataDir, 'quartet.db'), { readOnly: true });
  const count = db.prepare('SELECT count(*) AS n FROM messages');
  /** the stored turns, read at each turn of the loop the import leaves free */
  const seen: number[] = [];
  let running = true;
  const tick = () => {
    if (!running) return;
    seen.push(Number((count.get() as { n: number }).n));
    setImmediate(tick);
  };
  setImmediate(tick);
  const result = await h.call('importConversations', { content });
  running = false;
  db.close();
  expect(result.imported).toHaveLength(1);
  expect(result.imported[0]?.turnCount).toBe(MAX_CONVERSATION_TURNS);
  // the loop turned while the worker read the file: before the first turn was stored it ran many times
  const beforeFirst = seen.findIndex((n) => n > 0);
  expect(beforeFirst).toBeGreaterThan(10);
  // and between two of its turns, at most one task's turns were stored
  let most = 0;
  for (let i = 1; i < seen.length; i++) most = Math.max(most, (seen[i] ?? 0) - (seen[i - 1] ?? 0));
  expect(most).toBeGreaterThan(0);
  expect(most).toBeLessThanOrEqual(IMPORT_TURNS_PER_TASK);
});

it("stores a file's tool runs in tasks bounded by count and by the size of their texts", async () => {
  const conversation = { ...largest(), turns: largest().turns.slice(0, 2) };
  const RESULT_CHARS = 60_000;
  const toolRuns = Array.from({ length: 300 }, (_, i) => ({
    replyId: 't1',
    callId: `call_${i}`,
    server: 'local',
    tool: 'echo',
    arguments: '{}',
    status: 'done',
    content: [{ type: 'text', text: 'r'.repeat(RESULT_CHARS) }],
    truncated: false,
    startedAt: 1_700_000_000_000 + i,
    ms: 5,
  }));
  const content = JSON.stringify({ quartet: 'conversation', version: 3, conversation, toolRuns });
  const db = new DatabaseSync(join(h.dataDir, 'quartet.db'), { readOnly: true });
  const count = db.prepare('SELECT count(*) AS n FROM tool_runs');
  const seen: number[] = [];
  let running = true;
  const tick = () => {
    if (!running) return;
    seen.push(Number((count.get() as { n: number }).n));
    setImmediate(tick);
  };
  setImmediate(tick);
  await h.call('importConversation', { content });
  running = false;
  db.close();
  let most = 0;
  for (let i = 1; i < seen.length; i++) most = Math.max(most, (seen[i] ?? 0) - (seen[i - 1] ?? 0));
  // long results: fewer runs per task than the count allows, each task about IMPORT_CHARS_PER_TASK
  expect(most).toBeGreaterThan(0);
  expect(most).toBeLessThan(TOOL_RUNS_PER_TASK);
  expect(most).toBeLessThanOrEqual(Math.ceil(IMPORT_CHARS_PER_TASK / RESULT_CHARS));
  expect((await h.call('listToolRuns', { limit: 500 })).length).toBe(300);
});
