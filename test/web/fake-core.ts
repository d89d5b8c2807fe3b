import {
  operations,
  type OperationName,
  type OperationOutput,
  type ParsedInput,
} from '../../shared/contract.ts';
import type { Conversation, Turn } from '../../shared/conversation.ts';
import type { Result } from '../../shared/errors.ts';
import type { CallContext } from '../../electron/handlers/index.ts';
import type { HostCore } from '../../electron/host/host-core.ts';

/**
 * A small stand-in for the app core, for host tests that are about the hosts (transport, security),
 * not about what the operations do. It validates input with the contract's real schemas, like the real
 * core, records calls, streams two `delta` events for sendMessage, and serves image files from a map.
 * An operation it does not fake answers with an error, so a test sees what it did not expect.
 */
export interface FakeCore extends HostCore {
  readonly calls: { name: string; input: unknown }[];
  readonly images: Map<
    string,
    { full?: { path: string; mime: string }; thumb?: { path: string; mime: string } }
  >;
  /** attached files the media route serves, by attachment id */
  readonly attachments: Map<string, { path: string; mime: string; inline: boolean; downloadName: string }>;
  /** resolves the next call of `name` only when `release()` is called */
  hold(name: OperationName): { release(): void; started: Promise<void> };
}

/** Fake operations, typed from the contract: a misspelled one or a result of the wrong shape fails tsc. */
export type FakeHandlers = {
  [K in OperationName]?: (input: ParsedInput<K>, ctx: CallContext) => OperationOutput<K>;
};

function turn(role: Turn['role'], text: string): Turn {
  return { id: `${role}-1`, role, text, status: 'complete', createdAt: 0 };
}

function conversation(id: string): Conversation {
  return {
    id,
    format: 'chat',
    model: 'm',
    title: 't',
    params: { stream: true },
    turns: [],
    createdAt: 0,
    updatedAt: 0,
  };
}

export function createFakeCore(): FakeCore {
  const calls: { name: string; input: unknown }[] = [];
  const images: FakeCore['images'] = new Map();
  const attachments: FakeCore['attachments'] = new Map();
  const keys = new Map<string, { slot: ParsedInput<'setKey'>['slot']; key: string }>();
  const holds = new Map<string, { gate: Promise<void>; started: () => void }>();

  const handlers: FakeHandlers = {
    getAppInfo: () => ({
      host: 'web',
      version: '0.0.0-test',
      dataDir: '/tmp/fake',
      vault: { backend: 'memory', weak: false, message: 'memory' },
      notices: [],
    }),
    listConnections: () => ({ connections: [], activeId: null }),
    listConversations: () => [],
    sendMessage: (input, ctx) => {
      if (input.text === 'call tools') {
        // two calls streamed in pieces, as the host relays them: id and name first, then argument text
        const r = input.requestId;
        ctx.emit('delta', { requestId: r, tool: { index: 0, id: 'call_a', name: 'get_weather' } });
        ctx.emit('delta', { requestId: r, tool: { index: 0, args: '{"city":' } });
        ctx.emit('delta', { requestId: r, tool: { index: 0, args: '"Paris"}' } });
        ctx.emit('delta', { requestId: r, tool: { index: 1, id: 'call_b', name: 'get_time', args: '{}' } });
        ctx.emit('delta', { requestId: r, text: 'done' });
        return { userTurn: turn('user', input.text), reply: turn('assistant', 'done'), totals: {} };
      }
      ctx.emit('delta', { requestId: input.requestId, text: 'Hel' });
      ctx.emit('delta', { requestId: input.requestId, text: 'lo' });
      return { userTurn: turn('user', input.text), reply: turn('assistant', 'Hello'), totals: {} };
    },
    setKey: (input) => {
      keys.set(`${input.connectionId}:${input.slot}`, { slot: input.slot, key: input.key });
      return { slot: input.slot, set: true, last4: input.key.slice(-4), source: 'vault' };
    },
    getKeyStatus: () =>
      [...keys.values()].map(({ slot, key }) => ({ slot, set: true, last4: key.slice(-4) })),
    // the attachment reports what arrived: its size is the decoded length
    putAttachment: (input) => ({
      id: `att-${calls.length}`,
      name: input.name,
      mimeType: 'text/plain',
      kind: 'text',
      bytes: Buffer.from(input.dataBase64, 'base64').length,
    }),
    attachImage: (input) => ({
      id: `att-${input.imageId}`,
      name: `${input.imageId}.png`,
      mimeType: 'image/png',
      kind: 'image',
      bytes: 1,
    }),
    listComparisons: () => [],
    deleteComparison: () => ({ deleted: 0 }),
    selectBranch: (input) => conversation(input.conversationId),
    forkConversation: (input) => ({ ...conversation(`${input.conversationId}-fork`), title: 'fork' }),
    editReply: (input) => ({
      ...conversation(input.conversationId),
      turns: [{ ...turn('assistant', input.text), edited: true }],
    }),
    // the title reports what arrived, so a test can see a large import came through whole
    importConversation: (input) => ({
      id: 'imported',
      format: 'chat',
      model: 'm',
      title: `${input.content.length} characters`,
      params: { stream: true },
      origin: 'chat',
      turns: [],
      createdAt: 0,
      updatedAt: 0,
    }),
  };

  async function dispatch(name: string, input: unknown, ctx: CallContext): Promise<Result<unknown>> {
    calls.push({ name, input });
    if (!Object.hasOwn(operations, name)) {
      return { ok: false, error: { kind: 'invalid-input', message: `Unknown operation "${name}".` } };
    }
    const op = name as OperationName;
    const parsed = operations[op].input.safeParse(input);
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
    const handler = handlers[op] as ((input: unknown, ctx: CallContext) => unknown) | undefined;
    if (!handler) return { ok: false, error: { kind: 'internal', message: `not faked: ${name}` } };
    return { ok: true, value: handler(parsed.data, ctx) };
  }

  return {
    calls,
    images,
    dispatch,
    attachments,
    imageFile(id, variant) {
      return Promise.resolve(images.get(id)?.[variant] ?? null);
    },
    attachmentFile(id) {
      return Promise.resolve(attachments.get(id) ?? null);
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
