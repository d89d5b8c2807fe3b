import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { SANDBOX_KEY, startSimulator, type RunningSimulator } from '../../electron/simulator/index.ts';

// A sandbox restarted with the same secret must accept what it signed before, and still refuse forgeries.
const running: RunningSimulator[] = [];

/** The signature with its first four characters replaced, never by the same four. */
function forge(signature: string): string {
  const head = signature.startsWith('AAAA') ? 'BBBB' : 'AAAA';
  return head + signature.slice(4);
}
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

async function generate(sim: RunningSimulator, contents: unknown[]): Promise<Response> {
  return fetch(`${sim.baseUrl}/v1beta/models/gemini-2.5-flash:generateContent?key=${SANDBOX_KEY}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      contents,
      generationConfig: { thinkingConfig: { includeThoughts: true, thinkingBudget: -1 } },
    }),
  });
}

describe('signature secret', () => {
  it('a second simulator with the same secret accepts earlier signatures and refuses altered ones', async () => {
    const secret = randomBytes(32);
    const first = await startSimulator({ signatureSecret: secret });
    running.push(first);
    const user = { role: 'user', parts: [{ text: 'hello' }] };
    const reply = (await (await generate(first, [user])).json()) as {
      candidates: { content: { parts: Record<string, unknown>[] } }[];
    };
    const parts = reply.candidates[0]?.content.parts ?? [];
    expect(parts.some((p) => typeof p['thoughtSignature'] === 'string')).toBe(true);
    await first.close();

    const second = await startSimulator({ signatureSecret: secret });
    running.push(second);
    const next = { role: 'user', parts: [{ text: 'again' }] };
    const ok = await generate(second, [user, { role: 'model', parts }, next]);
    expect(ok.status).toBe(200);

    const forged = parts.map((p) =>
      p['thoughtSignature'] ? { ...p, thoughtSignature: forge(String(p['thoughtSignature'])) } : p,
    );
    const refused = await generate(second, [user, { role: 'model', parts: forged }, next]);
    expect(refused.status).toBe(400);

    const stranger = await startSimulator({ signatureSecret: randomBytes(32) });
    running.push(stranger);
    expect((await generate(stranger, [user, { role: 'model', parts }, next])).status).toBe(400);
  });
});
