// One fake Bridge for the renderer's store tests. Operations not given answer with an error, so a test
// sees what it did not expect; `emit` plays a host event through the real event routing.
import type {
  Bridge,
  HostEvents,
  Settings,
  OperationInput,
  OperationName,
  OperationOutput,
} from '../../shared/contract.ts';
import type { Result } from '../../shared/errors.ts';
import { createAppStore, type AppStore } from '../../renderer/store/index.ts';

/**
 * Fake operations, typed from the contract: a misspelled operation, a wrong input type or a result of the
 * wrong shape fails `tsc`, so a fake cannot drift from what the host really answers.
 */
export type Impl = {
  [K in OperationName]?: (
    input: OperationInput<K>,
  ) => Result<OperationOutput<K>> | Promise<Result<OperationOutput<K>>>;
};

export function fakeBridge(impl: Impl) {
  const calls: { op: string; input: Record<string, unknown> }[] = [];
  const listeners = new Map<string, Set<(p: unknown) => void>>();
  const bridge = new Proxy({} as Bridge, {
    get(_t, prop) {
      if (prop === 'then') return undefined;
      if (prop === 'host') return 'web';
      if (prop === 'imageUrl') return (id: string, v: string) => `/media/${id}/${v}`;
      if (prop === 'attachmentUrl') return (id: string) => `/media/attachment/${id}`;
      if (prop === 'on')
        return (event: string, cb: (p: unknown) => void) => {
          const set = listeners.get(event) ?? new Set();
          set.add(cb);
          listeners.set(event, set);
          return () => set.delete(cb);
        };
      return async (input: Record<string, unknown>) => {
        calls.push({ op: String(prop), input });
        const f = impl[String(prop) as OperationName] as ((i: unknown) => unknown) | undefined;
        if (!f) return { ok: false, error: { kind: 'internal', message: `not faked: ${String(prop)}` } };
        return f(input);
      };
    },
  });
  const emit = <E extends keyof HostEvents>(event: E, payload: HostEvents[E]) => {
    for (const cb of listeners.get(event) ?? []) cb(payload);
  };
  return { bridge, calls, emit };
}

export const ok = <T>(value: T) => ({ ok: true as const, value });

/** What the host stores for `updateSettings(patch)`: the fields the patch sets, over `base`. */
export function settingsWith(base: Settings, patch: OperationInput<'updateSettings'>): Settings {
  const set = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  return { ...base, ...set } as Settings;
}

/**
 * A store of its own for each test (state, timers, stream registry and all), whose bridge the test gives
 * when it has made one: `const t = freshStore()` in beforeEach, then `t.setBridge(fake.bridge)`.
 */
export function freshStore(): { store: AppStore; setBridge(bridge: Bridge): void } {
  let current: Bridge | undefined;
  const store = createAppStore({
    bridge: () => {
      if (!current) throw new Error('this test reached the bridge before giving one');
      return current;
    },
  });
  return {
    store,
    setBridge(bridge) {
      current = bridge;
    },
  };
}
