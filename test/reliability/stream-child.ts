// Child process of kill-mid-stream.test.ts: a real app core that sends one streaming message to the
// simulator at the address it is given, and reports "delta N" (characters received so far) until it is
// SIGKILLed by the parent.
import { openQuietCore } from './child-process.ts';

const [dataDir, baseUrl, key] = process.argv.slice(2);
if (dataDir === undefined || baseUrl === undefined || key === undefined) {
  throw new Error('usage: stream-child.ts DATA_DIR BASE_URL KEY');
}
const core = await openQuietCore(dataDir);
let received = 0;
const ctx = {
  emit(event: string, payload: unknown) {
    if (event !== 'delta') return;
    received += (payload as { text?: string }).text?.length ?? 0;
    process.stdout.write(`delta ${received}\n`);
  },
};
async function call(op: string, input: unknown): Promise<Record<string, unknown>> {
  const r = await core.dispatch(op, input, ctx as never);
  if (!r.ok) throw new Error(`${op}: ${JSON.stringify(r.error)}`);
  return r.value as Record<string, unknown>;
}
const connection = await call('saveConnection', { name: 'sim', baseUrl });
await call('activateConnection', { id: connection['id'] });
await call('setKey', { connectionId: connection['id'], slot: 'default', key });
const c = await call('createConversation', { format: 'chat', model: 'gpt-5-mini', params: { stream: true } });
process.stdout.write(`conversation ${String(c['id'])}\n`);
// paced: one event every 5 ms for 4000 tokens, far longer than the parent waits
await call('sendMessage', {
  requestId: 'r',
  conversationId: c['id'],
  text: 'tell me [[tokens:4000]] [[gap:5]]',
});
process.stdout.write('finished\n');
