import { afterEach, describe, expect, it } from 'vitest';
import { planPace } from '../../electron/simulator/pace.ts';
import { parsePace, startSimulator, type RunningSimulator } from '../../electron/simulator/index.ts';
import type { SimPace } from '../../electron/simulator/index.ts';
import { bearer, post } from './helpers.ts';

const running: RunningSimulator[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

async function sim(pace?: SimPace): Promise<RunningSimulator> {
  const s = await startSimulator(pace ? { pace } : {});
  running.push(s);
  return s;
}

/** Streams one chat reply; the time of the first text piece (the role chunk's empty one not counted) and of the end, from the request's start. */
async function timedStream(
  s: RunningSimulator,
  tokens: number,
): Promise<{ firstMs: number; totalMs: number; status: number }> {
  const t0 = performance.now();
  const res = await post(s, '/v1/chat/completions', {
    model: 'gpt-5-mini',
    stream: true,
    messages: [{ role: 'user', content: `go [[tokens:${tokens}]]` }],
  });
  if (!res.ok || !res.body) return { firstMs: NaN, totalMs: performance.now() - t0, status: res.status };
  let firstMs = NaN;
  const decoder = new TextDecoder();
  for await (const chunk of res.body) {
    if (Number.isNaN(firstMs) && /"content":"[^"]/.test(decoder.decode(chunk, { stream: true })))
      firstMs = performance.now() - t0;
  }
  return { firstMs, totalMs: performance.now() - t0, status: res.status };
}

describe('the simulator pace', () => {
  it('draws the same waits and failures for the same seed, and others for another', () => {
    const pace: SimPace = { firstTokenMs: 100, tokensPerSecond: 50, jitter: 0.5, errorRate: 0.3, seed: 7 };
    const draws = (p: SimPace) =>
      Array.from({ length: 20 }, (_, i) => {
        const plan = planPace(p, i);
        return [plan.firstMs, plan.gapMs(), plan.fault?.kind ?? null];
      });
    expect(draws(pace)).toEqual(draws(pace));
    expect(draws({ ...pace, seed: 8 })).not.toEqual(draws(pace));
    const firsts = draws(pace).map((d) => d[0] as number);
    // the jitter spreads each wait within ± half of itself
    expect(Math.min(...firsts)).toBeGreaterThanOrEqual(50);
    expect(Math.max(...firsts)).toBeLessThanOrEqual(150);
    expect(new Set(firsts).size).toBeGreaterThan(10);
    // about the asked share fails
    const failed = Array.from({ length: 1000 }, (_, i) => planPace(pace, i).fault).filter(Boolean).length;
    expect(failed).toBeGreaterThan(230);
    expect(failed).toBeLessThan(370);
  });

  it('answers slower in the measure it was paced, judged by ratios', async () => {
    const fast = await sim({ firstTokenMs: 20, tokensPerSecond: 400 });
    const slow = await sim({ firstTokenMs: 200, tokensPerSecond: 40 });
    await timedStream(fast, 5); // the first request of a process pays for warming up, not the pace
    // A loaded machine only ever adds time, and to the fast pace most in proportion (a stall of 50 ms
    // made one fast first token read 67 ms): it is judged by its quickest of three streams.
    const fastRuns = [];
    for (let i = 0; i < 3; i++) fastRuns.push(await timedStream(fast, 20));
    const a = {
      firstMs: Math.min(...fastRuns.map((r) => r.firstMs)),
      afterMs: Math.min(...fastRuns.map((r) => r.totalMs - r.firstMs)),
    };
    const b = await timedStream(slow, 20);
    expect(b.firstMs / a.firstMs).toBeGreaterThan(3);
    // 20 tokens at 40/s take about half a second after the first; at 400/s a tenth of that
    expect((b.totalMs - b.firstMs) / Math.max(1, a.afterMs)).toBeGreaterThan(3);
    expect(b.firstMs).toBeGreaterThanOrEqual(200);
  });

  it('fails with each kind asked for: 403, 429 with retry-after, silence, a cut stream', async () => {
    const refused = await sim({ errorRate: 1, errorKinds: ['refused'] });
    const res = await post(refused, '/v1/chat/completions', {
      model: 'gpt-5-mini',
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(res.status).toBe(403);
    const limited = await sim({ errorRate: 1, errorKinds: ['rate-limited'] });
    const r429 = await post(limited, '/v1/chat/completions', {
      model: 'gpt-5-mini',
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(r429.status).toBe(429);
    expect(r429.headers.get('retry-after')).toBe('1');
    const broken = await sim({ errorRate: 1, errorKinds: ['broken'] });
    const cut = await post(broken, '/v1/chat/completions', {
      model: 'gpt-5-mini',
      stream: true,
      messages: [{ role: 'user', content: 'go [[tokens:50]]' }],
    });
    const text = await cut.text().catch(() => 'cut');
    expect(text).not.toContain('[DONE]');
    const silent = await sim({ errorRate: 1, errorKinds: ['timeout'] });
    const quiet = await post(silent, '/v1/chat/completions', {
      model: 'gpt-5-mini',
      stream: true,
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(quiet.status).toBe(200);
    const reader = quiet.body!.getReader();
    const outcome = await Promise.race([
      reader.read().then(() => 'data'),
      new Promise((resolve) => setTimeout(resolve, 300, 'silent')),
    ]);
    expect(outcome).toBe('silent');
    await reader.cancel();
  });

  it('leaves the model list alone and takes a new pace on the control path', async () => {
    const s = await sim({ errorRate: 1, errorKinds: ['refused'] });
    expect((await fetch(`${s.baseUrl}/v1/models`, { headers: bearer() })).status).toBe(200);
    const bad = await fetch(`${s.baseUrl}/__sim/pace`, {
      method: 'POST',
      body: JSON.stringify({ jitter: 3 }),
    });
    expect(bad.status).toBe(400);
    const off = await fetch(`${s.baseUrl}/__sim/pace`, { method: 'POST', body: 'null' });
    expect(off.status).toBe(200);
    const ok = await post(s, '/v1/chat/completions', {
      model: 'gpt-5-mini',
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(ok.status).toBe(200);
  });

  it('refuses a pace out of range or with unknown fields', () => {
    expect(parsePace({ tokensPerSecond: 0 })).toMatch(/tokensPerSecond/);
    expect(parsePace({ errorKinds: ['nope'] })).toMatch(/errorKinds/);
    expect(parsePace({ speed: 1 })).toMatch(/unknown/);
    expect(parsePace({ firstTokenMs: 5, seed: 3 })).toEqual({ firstTokenMs: 5, seed: 3 });
  });
});
