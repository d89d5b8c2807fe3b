// A guard that load cannot fool: the work the host does per reply, counted (characters scanned for
// redaction, characters the exchange record took in, characters written for the reply while it streamed),
// grows at most linearly with the reply. A quadratic pass (redaction searching from every backslash to the
// end of the record) once made a 20,000-token reply take 48 s; it counted 4x the work of 5,000 tokens'
// square. Counts, not times, so a busy machine cannot make this pass or fail.
import { afterEach, describe, expect, it } from 'vitest';
import type { TextFormat } from '../../shared/formats.ts';
import { hostWork, resetHostWork, type HostWork } from '../../electron/core/work.ts';
import { createHarness, type Harness } from '../support/app-core.ts';

let h: Harness;
afterEach(async () => {
  await h.expectNoKeyLeak();
  await h.close();
});

const MODELS: Record<TextFormat, string> = {
  chat: 'gpt-5-mini',
  responses: 'gpt-5-mini',
  messages: 'claude-sonnet-4-5',
  generate: 'gemini-2.5-flash',
};

async function workOf(format: TextFormat, tokens: number): Promise<HostWork & { chars: number }> {
  const c = await h.call('createConversation', {
    format,
    model: MODELS[format],
    params: { stream: true, maxTokens: 100_000 },
  });
  resetHostWork();
  const r = await h.call('sendMessage', {
    requestId: `${format}-${tokens}`,
    conversationId: c.id,
    // a paragraph break every 50 words: the record's JSON then holds escapes all along
    text: `go [[tokens:${tokens}]]`,
  });
  expect(r.reply.status).toBe('complete');
  return { ...hostWork, chars: r.reply.text.length };
}

describe("the host's work per reply", () => {
  it.each(['chat', 'responses', 'messages', 'generate'] as const)(
    'grows linearly with a streamed %s reply (20,000 tokens under 5x the work of 5,000)',
    async (format) => {
      h = await createHarness({ keepResults: false });
      const small = await workOf(format, 5_000);
      const big = await workOf(format, 20_000);
      expect(big.chars / small.chars).toBeGreaterThan(4);
      // deterministic counts: the same stream always costs the same
      expect(small.redactChars).toBeGreaterThan(0);
      expect(big.redactChars / small.redactChars).toBeLessThan(5);
      expect(small.recordChars).toBeGreaterThan(0);
      expect(big.recordChars / small.recordChars).toBeLessThan(5);
      // the writes made while streaming depend on timing; bounded by the growth rule whatever the pace
      for (const w of [small, big]) expect(w.partialWriteChars).toBeLessThanOrEqual(5 * w.chars);
    },
    120_000,
  );
});
