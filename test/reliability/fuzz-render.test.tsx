// @vitest-environment jsdom
// PROVES (property tests, fast-check): any turn the contract can carry draws in the page. A stored reply or
// message with hostile text (markup, math, diagrams, 400-level nesting, direction marks), hostile function
// calls and results, attachments with odd names, any status, end reason, error and usage, in a
// conversation that may ask for JSON, renders without throwing and without any part falling back to its
// "could not be drawn" notice; its text is on screen (or its plain-text stand-in for a huge reply).
// (fuzz-replies.test.ts feeds the same hostile values to the host's readers.) A connection name an import
// carries is drawn as escaped text in the notice and the header's select.
import fc from 'fast-check';
import { cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ConversationSchema,
  END_REASONS,
  TURN_STATUSES,
  type Conversation,
  type Turn,
} from '../../shared/conversation.ts';
import { ERROR_KINDS } from '../../shared/errors.ts';
import { ReplyBubble, UserBubble } from '../../renderer/features/chat/Bubbles.tsx';
import { fakeBridge, freshStore } from '../renderer/fake-bridge.ts';
import { renderWithStore } from '../renderer/components/render.tsx';
import { hostileNumber, hostileText } from './reply-arbitraries.ts';
import { ConnectionNotice } from '../../renderer/features/chat/ConnectionNotice.tsx';
import { ConnectionSelect } from '../../renderer/components/ConnectionSelect.tsx';
import { displayName } from '../../shared/display.ts';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const id = fc.string({ minLength: 1, maxLength: 20 });
const text = fc.oneof(
  hostileText,
  fc.lorem({ maxCount: 30 }),
  fc.constant(`${'['.repeat(400)}${']'.repeat(400)}`),
);
const count = fc.oneof(
  fc.nat(1_000_000),
  hostileNumber.filter((n) => Number.isSafeInteger(n) && n >= 0),
);
const toolCall = fc.record({
  id,
  name: fc.oneof(
    fc.constantFrom('get_weather', ''),
    hostileText.map((s) => s.slice(0, 200)),
  ),
  arguments: fc.oneof(text, fc.json()),
});

const reply: fc.Arbitrary<Turn> = fc.record(
  {
    id,
    role: fc.constant('assistant' as const),
    text,
    thoughts: text,
    status: fc.constantFrom(...TURN_STATUSES),
    error: fc.record({ kind: fc.constantFrom(...ERROR_KINDS), message: text }),
    endReason: fc.constantFrom(...END_REASONS),
    endDetail: text,
    model: hostileText,
    finishReason: hostileText,
    usage: fc.record({ input: count, output: count, total: count, thinking: count }, { requiredKeys: [] }),
    timings: fc.record({ firstTokenMs: fc.nat(100_000), totalMs: fc.nat(1_000_000) }, { requiredKeys: [] }),
    toolCalls: fc.array(toolCall, { maxLength: 30 }),
    versions: fc.array(id, { minLength: 2, maxLength: 3 }),
    edited: fc.boolean(),
    createdAt: fc.nat(),
  },
  { requiredKeys: ['id', 'role', 'text', 'status', 'createdAt'] },
);

const user: fc.Arbitrary<Turn> = fc.record(
  {
    id,
    role: fc.constant('user' as const),
    text,
    status: fc.constant('complete' as const),
    toolResults: fc.array(
      fc.record(
        {
          callId: id,
          name: fc.constantFrom('get_weather', 'x'),
          content: text,
          isError: fc.boolean(),
          // a tool's images, by reference (drawn from their URL): any sides, or none
          images: fc.array(
            fc.record(
              {
                id,
                name: fc.constantFrom('local-chart-1.png', 'a\u202eexe.png'),
                mimeType: fc.constantFrom('image/png', 'image/webp'),
                kind: fc.constant('image' as const),
                bytes: fc.nat(),
                width: fc.integer({ min: 1, max: 100_000 }),
                height: fc.integer({ min: 1, max: 100_000 }),
              },
              { requiredKeys: ['id', 'name', 'mimeType', 'kind', 'bytes'] },
            ),
            { maxLength: 4 },
          ),
        },
        { requiredKeys: ['callId', 'name', 'content'] },
      ),
      { maxLength: 5 },
    ),
    attachments: fc.array(
      fc.record({
        id,
        name: fc.oneof(
          fc.constantFrom('notes.txt', 'a\u202eexe.txt', 'photo.png', 'x'.repeat(255)),
          fc.string({ minLength: 1, maxLength: 40 }),
        ),
        mimeType: fc.constantFrom('text/plain', 'image/png', 'application/pdf'),
        kind: fc.constantFrom('text' as const, 'image' as const, 'pdf' as const),
        bytes: fc.nat(),
      }),
      { maxLength: 3 },
    ),
    createdAt: fc.nat(),
  },
  { requiredKeys: ['id', 'role', 'text', 'status', 'createdAt'] },
);

const output = fc.option(
  fc.constantFrom(
    { mode: 'json' as const },
    { mode: 'schema' as const, name: 'reply', schema: '{"type":"object","required":["a"]}' },
  ),
  { nil: undefined },
);

/** A conversation the contract reads, or undefined for a generated one it would refuse. */
function conversationOf(turns: Turn[], out: Conversation['params']['output']): Conversation | undefined {
  const candidate = {
    id: 'c1',
    format: 'chat',
    model: 'gpt-5-mini',
    title: 't',
    params: out ? { stream: true, output: out } : { stream: true },
    turns,
    createdAt: 0,
    updatedAt: 0,
  };
  const parsed = ConversationSchema.safeParse(candidate);
  return parsed.success ? parsed.data : undefined;
}

describe('any stored turn', () => {
  it('draws without throwing and without a fallback notice', { timeout: 60_000 }, () => {
    vi.spyOn(console, 'error').mockImplementation(() => {}); // React's own warnings are not failures here
    let drawn = 0;
    fc.assert(
      fc.property(user, reply, output, (question, answer, out) => {
        const conversation = conversationOf([question, answer], out);
        fc.pre(conversation !== undefined);
        const [u, r] = conversation.turns as [Turn, Turn];
        const t = freshStore();
        t.setBridge(fakeBridge({}).bridge);
        t.store.setState({ loaded: { c1: conversation } });
        const view = renderWithStore(
          <div>
            <UserBubble turn={u} conversationId="c1" format="chat" busy={false} />
            <ReplyBubble turn={r} conversationId="c1" isLast busy={false} />
          </div>,
          t.store,
        );
        expect(
          view.queryAllByRole('alert').filter((a) => /could not be drawn/.test(a.textContent ?? '')),
        ).toEqual([]);
        expect(view.getAllByTestId('message-assistant')).toHaveLength(1);
        drawn += 1;
        view.unmount();
      }),
      { numRuns: 60 },
    );
    expect(drawn).toBeGreaterThan(30);
  });
});

// a connection name as an imported file may carry it (fuzz-imports.test.ts feeds the same to the host)
const connectionName = fc.oneof(
  hostileText.map((s) => s.trim().slice(0, 100)),
  fc.constantFrom('<img src=x onerror=alert(1)>', '\u202eOffice\u2066', 'Office\u0000gateway', 'a\nb\u200f'),
);
const HIDDEN_CHAR = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

describe('a connection an imported conversation asks for', () => {
  it('is named as text, escaped, in its notice and its header select', () => {
    fc.assert(
      fc.property(connectionName, (name) => {
        fc.pre(name !== '');
        const conversation = ConversationSchema.parse({
          id: 'c1',
          format: 'chat',
          model: 'gpt-5-mini',
          title: 'Imported',
          params: { stream: true },
          turns: [],
          connection: { name },
          createdAt: 1,
          updatedAt: 1,
        });
        const t = freshStore();
        t.setBridge(fakeBridge({}).bridge);
        t.store.setState({ loaded: { c1: conversation } });
        const view = renderWithStore(
          <div>
            <ConnectionNotice format="chat" conversationId="c1" />
            <ConnectionSelect value={null} wanted={name} onChange={() => {}} label="Connection" />
          </div>,
          t.store,
        );
        const note = view.getByTestId('connection-wanted');
        expect(note.textContent).toContain(displayName(name));
        expect(note.textContent).not.toMatch(HIDDEN_CHAR);
        expect(view.getByRole('combobox').textContent).toContain(displayName(name));
        // markup in a name stays text
        expect(view.container.querySelector('img, script')).toBeNull();
        view.unmount();
      }),
      { numRuns: 80, seed: 30 },
    );
  });
});
