// One fake Bridge for the renderer's store tests. Operations not given answer with an error, so a test
// sees what it did not expect; `emit` plays a host event through the real event routing.
import type { Bridge, HostEvents } from '../../shared/contract.ts';

export type Impl = Partial<Record<string, (input: never) => unknown>>;

export function fakeBridge(impl: Impl) {
  const calls: { op: string; input: Record<string, unknown> }[] = [];
  const listeners = new Map<string, Set<(p: unknown) => void>>();
  const bridge = new Proxy({} as Bridge, {
    get(_t, prop) {
      if (prop === 'then') return undefined;
      if (prop === 'host') return 'web';
      if (prop === 'imageUrl') return (id: string, v: string) => `/media/${id}/${v}`;
      if (prop === 'on')
        return (event: string, cb: (p: unknown) => void) => {
          const set = listeners.get(event) ?? new Set();
          set.add(cb);
          listeners.set(event, set);
          return () => set.delete(cb);
        };
      return async (input: Record<string, unknown>) => {
        calls.push({ op: String(prop), input });
        const f = impl[String(prop)] as ((i: unknown) => unknown) | undefined;
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
