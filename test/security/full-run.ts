// One full run of Quartet with a canary key, the same for both hosts: every interface streaming and not,
// models, images, errors that echo the key, the connection check, exports, the inspector and copy-as-curl.
// `call` is the host's way in (a WebSocket frame or an IPC invoke); everything it returns is kept.
import type { OperationInput, OperationName, OperationOutput } from '../../shared/contract.ts';
import { toCurl } from '../../shared/curl.ts';
import type { Result } from '../../shared/errors.ts';
import type { RunningSimulator } from '../../electron/simulator/index.ts';
import { CANARY } from '../support/canary.ts';

/** The host's way in, typed from the contract: a misspelled operation or a wrong input fails tsc. */
export type Call = <K extends OperationName>(op: K, input: OperationInput<K>) => Promise<Result<unknown>>;

export interface RunOutput {
  /** exports, curl commands: what the user takes out of the app */
  takeaways: string[];
  operations: number;
  exchanges: number;
  errorsEchoingKey: number;
}

export async function fullRun(call: Call, sim: RunningSimulator): Promise<RunOutput> {
  let operations = 0;
  /** Runs an operation that must succeed; its result crossed the host as JSON of the contract's shape. */
  const must = async <K extends OperationName>(
    op: K,
    input: OperationInput<K>,
  ): Promise<OperationOutput<K>> => {
    operations += 1;
    const r = await call(op, input);
    if (!r.ok) throw new Error(`${op} failed: ${JSON.stringify(r.error)}`);
    return r.value as OperationOutput<K>;
  };
  const conn = await must('saveConnection', { name: 'Canary', baseUrl: sim.baseUrl });
  await must('activateConnection', { id: conn.id });
  await must('setKey', { connectionId: conn.id, slot: 'default', key: CANARY });
  await must('getKeyStatus', { connectionId: conn.id });
  await must('testKey', { connectionId: conn.id, slot: 'default' });
  for (const family of ['bearer', 'messages', 'generate'] as const) await must('listModels', { family });

  const conversations: string[] = [];
  const models = {
    chat: 'gpt-5-mini',
    responses: 'gpt-5-mini',
    messages: 'claude-sonnet-4-5',
    generate: 'gemini-2.5-flash',
  };
  for (const format of ['chat', 'responses', 'messages', 'generate'] as const) {
    for (const stream of [false, true]) {
      const c = await must('createConversation', { format, model: models[format], params: { stream } });
      conversations.push(c.id);
      await must('sendMessage', {
        requestId: `${format}-${stream}`,
        conversationId: c.id,
        text: 'Hello, canary',
      });
      // Wrong-key style errors whose body echoes the key, in the family's shape and as plain text.
      sim.faults.add({
        kind: 'status',
        status: 401,
        message: `Incorrect API key provided: ${CANARY}`,
        match: { interface: format, stream },
      });
      await must('sendMessage', {
        requestId: `${format}-${stream}-401`,
        conversationId: c.id,
        text: 'again',
      });
      sim.faults.add({
        kind: 'text',
        status: 401,
        body: `invalid key ${CANARY}`,
        match: { interface: format, stream },
      });
      await must('regenerate', { requestId: `${format}-${stream}-401b`, conversationId: c.id });
      // and a stream broken half-way
      if (stream) {
        sim.faults.add({ kind: 'errorEvent', afterEvents: 4, match: { interface: format, stream } });
        await must('regenerate', { requestId: `${format}-${stream}-ev`, conversationId: c.id });
      }
    }
  }
  await must('generateImages', { requestId: 'img', model: 'gpt-image-1', prompt: 'a canary', n: 1 });
  sim.faults.add({
    kind: 'text',
    status: 401,
    body: `invalid key ${CANARY}`,
    match: { interface: 'images' },
  });
  operations += 1;
  await call('generateImages', { requestId: 'img-401', model: 'gpt-image-1', prompt: 'a canary' });
  await must('listImages', {});
  await must('checkConnection', { requestId: 'check', images: true });

  const takeaways: string[] = [];
  for (const id of conversations) {
    for (const as of ['json', 'markdown'] as const) {
      const exported = await must('exportConversation', { id, as });
      takeaways.push(exported.content);
    }
  }
  const summaries = await must('listExchanges', { limit: 500 });
  for (const s of summaries) takeaways.push(toCurl(await must('getExchange', { id: s.id })));
  await must('listConversations', {});
  await must('searchConversations', { query: 'canary' });
  await must('getAppInfo', {});
  return { takeaways, operations, exchanges: summaries.length, errorsEchoingKey: 4 * 2 * 2 + 1 };
}
