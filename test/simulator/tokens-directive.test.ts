import { describe, expect, it } from 'vitest';
import { simulatedReply } from '../../electron/simulator/index.ts';
import { countTokens, MAX_DIRECTIVE_TOKENS, tokensDirective } from '../../electron/simulator/replies.ts';

describe('[[tokens:N]] directive', () => {
  it('makes the reply exactly N tokens, deterministically', () => {
    for (const n of [1, 5, 12, 100, 10_000]) {
      const text = simulatedReply(`go [[tokens:${n}]]`, 'gpt-5-mini', 1);
      expect(countTokens(text)).toBe(n);
      expect(simulatedReply(`go [[tokens:${n}]]`, 'gpt-5-mini', 1)).toBe(text);
    }
  });

  it('is absent from ordinary prompts and capped', () => {
    expect(tokensDirective('a long markdown story')).toBeUndefined();
    expect(tokensDirective('[[tokens:999999999]]')).toBe(MAX_DIRECTIVE_TOKENS);
    expect(simulatedReply('hello', 'm', 1)).toBe('Reply 1 from m: you said "hello".');
  });

  it('streams through the chat format up to the request limit', async () => {
    const { startSimulator, SANDBOX_KEY } = await import('../../electron/simulator/index.ts');
    const sim = await startSimulator();
    try {
      const r = await fetch(`${sim.baseUrl}/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${SANDBOX_KEY}` },
        body: JSON.stringify({
          model: 'gpt-5-mini',
          messages: [{ role: 'user', content: 'x [[tokens:2000]]' }],
        }),
      });
      const body = (await r.json()) as { choices: { message: { content: string } }[] };
      expect(countTokens(body.choices[0]!.message.content)).toBe(2000);
    } finally {
      await sim.close();
    }
  });
});
