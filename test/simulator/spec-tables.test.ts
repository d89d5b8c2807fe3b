// The simulator's replies hold every row of the spec's response tables: the same tables the conformance
// check judges a real service by, so the simulator is held to the spec and not to its own idea of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../electron/simulator/index.ts';
import { checkFields } from '../../electron/conformance/schema.ts';
import {
  CHAT_COMPLETION,
  GENERATE_RESULT,
  IMAGE_RESULT,
  MESSAGE,
  MODEL_LIST,
  RESPONSE_OBJECT,
  type SpecTable,
} from '../../shared/spec-tables.ts';
import { bearer, generatePath, messagesHeaders, post } from './helpers.ts';

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator({ port: 0 });
});
afterAll(() => sim.close());

const PROMPT = 'Reply with the single word: ok';

const CASES: Array<{ table: SpecTable; reply: () => Promise<Response> }> = [
  { table: MODEL_LIST, reply: () => fetch(`${sim.baseUrl}/v1/models`, { headers: bearer() }) },
  {
    table: CHAT_COMPLETION,
    reply: () =>
      post(sim, '/v1/chat/completions', {
        model: 'gpt-5-mini',
        messages: [{ role: 'user', content: PROMPT }],
      }),
  },
  { table: RESPONSE_OBJECT, reply: () => post(sim, '/v1/responses', { model: 'gpt-5-mini', input: PROMPT }) },
  {
    table: MESSAGE,
    reply: () =>
      post(
        sim,
        '/v1/messages',
        { model: 'claude-sonnet-4-5', max_tokens: 64, messages: [{ role: 'user', content: PROMPT }] },
        messagesHeaders(),
      ),
  },
  {
    table: GENERATE_RESULT,
    reply: () =>
      post(sim, generatePath('gemini-2.5-flash'), {
        contents: [{ role: 'user', parts: [{ text: PROMPT }] }],
      }),
  },
  {
    table: IMAGE_RESULT,
    reply: () =>
      post(sim, '/v1/images/generations', { model: 'gpt-image-1', prompt: 'a fox', size: '64x64' }),
  },
];

describe('the simulator against the spec tables', () => {
  it.each(CASES.map((c) => [c.table.name, c] as const))(
    '%s: every row present, typed and constant',
    async (_name, c) => {
      const res = await c.reply();
      expect(res.status).toBe(200);
      const result = checkFields(c.table, await res.json());
      expect(result.problems).toEqual([]);
      expect(result.rows).toBeGreaterThanOrEqual(c.table.fields.filter((f) => !f.optional).length);
    },
  );
});
