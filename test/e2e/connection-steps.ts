import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { startSimulator, type RunningSimulator } from '../../electron/simulator/index.ts';
import type { Harness } from './harness.ts';

/**
 * What the tests of a connection per conversation share: a second service, "Gateway B" (a simulator of the
 * test's own with a key of its own), saved as a user would in Settings before the page starts; an
 * operation called on the test's app core; a model picked by typing its id.
 */
export function gatewayPerTest(harness: () => Harness) {
  const key = `sk-gw-${randomBytes(12).toString('hex')}`;
  let sim: RunningSimulator | undefined;
  const call = async <T = { id: string }>(name: string, input: unknown): Promise<T> => {
    const r = await harness().host.core.dispatch(name, input, { emit: () => {} });
    if (!r.ok) throw new Error(`${name}: ${r.error.message}`);
    return r.value as T;
  };
  beforeEach(async () => {
    sim = await startSimulator({ port: 0, keys: [{ key, families: ['bearer', 'messages', 'generate'] }] });
    const b = await call('saveConnection', { name: 'Gateway B', baseUrl: sim.baseUrl });
    await call('setKey', { connectionId: b.id, slot: 'default', key });
    // the page reads the connections on its next start
    await harness().page.reload();
    await harness().ready();
  });
  afterEach(async () => {
    await sim?.close();
  });
  return {
    key,
    call,
    /** Gateway B's simulator (its requests) */
    sim(): RunningSimulator {
      if (!sim) throw new Error('Gateway B starts before each test');
      return sim;
    },
  };
}

/** Picks a model in a ModelPicker by typing its id and pressing Enter (taken as typed when not listed). */
export async function pickModel(scope: Locator | Page, id: string): Promise<void> {
  const input = scope.getByTestId('model-picker-input').first();
  await input.click();
  await input.fill(id);
  await input.press('Enter');
  await expect.poll(() => input.inputValue()).toBe(id);
}
