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

/** A function is offered and a call required, with thinking on: the reply's call part is signed. */
async function generate(sim: RunningSimulator, contents: unknown[]): Promise<Response> {
  return fetch(`${sim.baseUrl}/v1beta/models/gemini-2.5-flash:generateContent?key=${SANDBOX_KEY}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      contents,
      tools: [{ functionDeclarations: [{ name: 'get_time', parametersJsonSchema: { type: 'object' } }] }],
      toolConfig: { functionCallingConfig: { mode: 'ANY' } },
      generationConfig: { thinkingConfig: { includeThoughts: true, thinkingBudget: -1 } },
    }),
  });
}

// Function-call signatures are the ones the service checks (text-part ones it does not).
describe('signature secret', () => {
  it('a second simulator with the same secret accepts earlier signatures and refuses altered ones', async () => {
    const secret = randomBytes(32);
    const first = await startSimulator({ signatureSecret: secret });
    running.push(first);
    const user = { role: 'user', parts: [{ text: 'what time is it?' }] };
    const reply = (await (await generate(first, [user])).json()) as {
      candidates: { content: { parts: Record<string, unknown>[] } }[];
    };
    const parts = reply.candidates[0]?.content.parts ?? [];
    const call = parts.find((p) => p['functionCall'] !== undefined);
    expect(typeof call?.['thoughtSignature']).toBe('string');
    const { id } = call?.['functionCall'] as { id: string };
    const results = {
      role: 'user',
      parts: [{ functionResponse: { name: 'get_time', id, response: { time: '14:05' } } }],
    };
    await first.close();

    const second = await startSimulator({ signatureSecret: secret });
    running.push(second);
    const ok = await generate(second, [user, { role: 'model', parts }, results]);
    expect(ok.status).toBe(200);

    const forged = parts.map((p) =>
      p['thoughtSignature'] ? { ...p, thoughtSignature: forge(String(p['thoughtSignature'])) } : p,
    );
    const refused = await generate(second, [user, { role: 'model', parts: forged }, results]);
    expect(refused.status).toBe(400);

    const stranger = await startSimulator({ signatureSecret: randomBytes(32) });
    running.push(stranger);
    expect((await generate(stranger, [user, { role: 'model', parts }, results])).status).toBe(400);
  });
});
