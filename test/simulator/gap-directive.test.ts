import { describe, expect, it } from 'vitest';
import { gapDirective, MAX_GAP_MS } from '../../electron/simulator/replies.ts';

describe('[[gap:MS]] directive', () => {
  it('takes the last directive in the body, capped; none without one', () => {
    expect(gapDirective('{"content":"hello"}')).toBeUndefined();
    expect(gapDirective('a [[gap:5]] b [[gap:12]]')).toBe(12);
    expect(gapDirective('[[gap:999999]]')).toBe(MAX_GAP_MS);
  });

  it('spaces the events of a streamed reply, and only a streamed one', async () => {
    const { startSimulator, SANDBOX_KEY } = await import('../../electron/simulator/index.ts');
    const sim = await startSimulator();
    const call = (content: string, stream: boolean) =>
      fetch(`${sim.baseUrl}/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${SANDBOX_KEY}` },
        body: JSON.stringify({ model: 'gpt-5-mini', stream, messages: [{ role: 'user', content }] }),
      }).then((r) => r.text());
    try {
      let t0 = performance.now();
      await call('x [[tokens:20]]', true);
      const fastMs = performance.now() - t0;
      t0 = performance.now();
      const paced = await call('x [[tokens:20]] [[gap:15]]', true);
      const pacedMs = performance.now() - t0;
      const events = paced.split('\n\n').filter((e) => e.startsWith('data:')).length;
      expect(events).toBeGreaterThan(10);
      expect(pacedMs).toBeGreaterThanOrEqual((events - 2) * 15 - 5);
      expect(fastMs).toBeLessThan(pacedMs);
      t0 = performance.now();
      await call('x [[tokens:20]] [[gap:200]]', false);
      expect(performance.now() - t0).toBeLessThan(1000);
    } finally {
      await sim.close();
    }
  });
});
