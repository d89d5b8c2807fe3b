// Checked by `tsc` (npm run typecheck), not run: each fake of a host boundary is typed from the contract,
// so a fake that answers with the wrong shape or names an operation that does not exist fails to compile.
// Every line marked @ts-expect-error must stay an error; if a fake loosened, tsc would report it unused.
import type { Call } from '../security/full-run.ts';
import { fakeBridge, ok } from '../renderer/fake-bridge.ts';
import type { FakeHandlers } from '../web/fake-core.ts';

fakeBridge({
  // @ts-expect-error updateConversation answers with a conversation summary, not { id }
  updateConversation: () => ok({ id: 'c1' }),
});

fakeBridge({
  // @ts-expect-error no such operation
  updateConversations: () => ok([]),
});

fakeBridge({
  // @ts-expect-error deleteConversation answers { deleted: boolean }
  deleteConversation: () => ok({ deleted: 'yes' }),
});

export async function securityRunCallsTypedOperations(call: Call): Promise<void> {
  // @ts-expect-error no such operation
  await call('sendMessages', { requestId: 'r', conversationId: 'c', text: 'hi' });
  // @ts-expect-error sendMessage needs a conversation id
  await call('sendMessage', { requestId: 'r', text: 'hi' });
}

export const hostsFakeCore: FakeHandlers = {
  // @ts-expect-error listConnections answers { connections, activeId }, not a list
  listConnections: () => [],
  // @ts-expect-error the result is the operation's value, not a Result around it
  listConversations: () => ({ ok: true, value: [] }),
};
