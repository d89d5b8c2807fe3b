import { operations, type OperationName } from '../../shared/contract.ts';
import type { Result } from '../../shared/errors.ts';
import type { EmitContext, HostCore } from '../../electron/web/host-core.ts';

/**
 * A small stand-in for the app core, for host tests that are about the hosts (transport, security),
 * not about what the operations do. It validates input with the contract's real schemas, like the real
 * core, records calls, streams two `delta` events for sendMessage, and serves image files from a map.
 */
export interface FakeCore extends HostCore {
  readonly calls: { name: string; input: unknown }[];
  readonly images: Map<
    string,
    { full?: { path: string; mime: string }; thumb?: { path: string; mime: string } }
  >;
  /** resolves the next call of `name` only when `release()` is called */
  hold(name: OperationName): { release(): void; started: Promise<void> };
}

export function createFakeCore(): FakeCore {
  const calls: { name: string; input: unknown }[] = [];
  const images: FakeCore['images'] = new Map();
  const keys = new Map<string, string>();
  const holds = new Map<string, { gate: Promise<void>; started: () => void }>();

  async function dispatch(name: string, input: unknown, ctx: EmitContext): Promise<Result<unknown>> {
    calls.push({ name, input });
    if (!Object.hasOwn(operations, name)) {
      return { ok: false, error: { kind: 'invalid-input', message: `Unknown operation "${name}".` } };
    }
    const schema = operations[name as OperationName].input;
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      return {
        ok: false,
        error: {
          kind: 'invalid-input',
          message: parsed.error.issues[0]?.message ?? 'Invalid input.',
          issues: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
        },
      };
    }
    const hold = holds.get(name);
    if (hold) {
      holds.delete(name);
      hold.started();
      await hold.gate;
    }
    const data = parsed.data as Record<string, unknown>;
    switch (name) {
      case 'getAppInfo':
        return {
          ok: true,
          value: {
            host: 'web',
            version: '0.0.0-test',
            dataDir: '/tmp/fake',
            vault: { backend: 'memory', weak: false, message: 'memory' },
            notices: [],
          },
        };
      case 'sendMessage': {
        const requestId = String(data.requestId);
        ctx.emit('delta', { requestId, text: 'Hel' });
        ctx.emit('delta', { requestId, text: 'lo' });
        return { ok: true, value: { echo: data.text } };
      }
      case 'setKey': {
        const key = String(data.key);
        keys.set(`${String(data.connectionId)}:${String(data.slot)}`, key);
        return { ok: true, value: { slot: data.slot, set: true, last4: key.slice(-4), source: 'vault' } };
      }
      case 'getKeyStatus':
        return {
          ok: true,
          value: [...keys].map(([name, key]) => ({
            slot: name.split(':')[1],
            set: true,
            last4: key.slice(-4),
          })),
        };
      case 'importConversation':
        return { ok: true, value: { length: String(data.content).length } };
      default:
        return { ok: true, value: { op: name } };
    }
  }

  return {
    calls,
    images,
    dispatch,
    imageFile(id, variant) {
      return Promise.resolve(images.get(id)?.[variant] ?? null);
    },
    hold(name) {
      let release!: () => void;
      let started!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      const startedP = new Promise<void>((r) => (started = r));
      holds.set(name, { gate, started });
      return { release, started: startedP };
    },
  };
}
