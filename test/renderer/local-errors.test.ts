// A failed write to the data folder reaches the page named (disk full, read-only, database held) with what
// is kept, in the page's language, whatever part of the page shows the error's message.
import { afterEach, expect, it } from 'vitest';
import type { Bridge } from '../../shared/contract.ts';
import { setActiveLocale } from '../../renderer/i18n/active.ts';
import { withLocalFailureText } from '../../renderer/bridge/local-errors.ts';
import { storageFailureMessage } from '../../electron/handlers/errors.ts';
import { LOCAL_FAILURES, type LocalFailure } from '../../shared/errors.ts';

afterEach(() => setActiveLocale('en'));

function failingWith(local: LocalFailure): Bridge {
  const base = {
    host: 'web',
    on: () => () => undefined,
    updateSettings: () =>
      Promise.resolve({
        ok: false,
        error: { kind: 'internal', message: storageFailureMessage(local), local },
      }),
    getSettings: () =>
      Promise.resolve({ ok: true, value: { theme: 'system', tabs: {}, compareColumns: [] } }),
  };
  return withLocalFailureText(base as unknown as Bridge);
}

const CASES: LocalFailure[] = [
  ...LOCAL_FAILURES.map((cause) => ({ cause })),
  { cause: 'disk-full', keptIn: '/data/unsaved-images' },
];

it('says the host’s own English sentence on the English page', async () => {
  for (const local of CASES) {
    const r = await failingWith(local).updateSettings({ theme: 'dark' });
    expect(!r.ok && r.error.message).toBe(storageFailureMessage(local));
  }
});

it('names the cause and what is kept in Chinese on the Chinese page, and leaves other results alone', async () => {
  setActiveLocale('zh-CN');
  const messages = new Set<string>();
  for (const local of CASES) {
    const r = await failingWith(local).updateSettings({ theme: 'dark' });
    expect(r.ok).toBe(false);
    if (r.ok) continue;
    expect(r.error.message).toMatch(/\p{Script=Han}/u);
    expect(r.error.local).toEqual(local);
    if (local.keptIn) expect(r.error.message).toContain(local.keptIn);
    messages.add(r.error.message);
  }
  expect(messages.size).toBe(CASES.length);
  const bridge = failingWith({ cause: 'db-busy' });
  expect(await bridge.getSettings({})).toMatchObject({ ok: true });
  expect(bridge.host).toBe('web');
});
