import { checksToMarkdown, runConnectionChecks } from '../doctor/index.ts';
import type { Handlers } from './dispatch.ts';
import { runRequest } from './requests.ts';
import { activeConnection, clientFor, emitSafely, keysOf, type Services } from './services.ts';

export function checkHandlers(s: Services): Pick<Handlers, 'checkConnection'> {
  return {
    async checkConnection({ requestId, images }, ctx) {
      return runRequest(s.requests, requestId, async (signal) => {
        const connection = activeConnection(s);
        const client = await clientFor(s, connection, await keysOf(s, connection), { ctx, requestId });
        const results = await runConnectionChecks(client, { images, signal }, (result) =>
          emitSafely(s, ctx, 'check', { requestId, result }),
        );
        const markdown = checksToMarkdown(results, {
          baseUrl: client.root,
          connectionName: connection.name,
          version: s.deps.version,
          at: s.now(),
        });
        return { results, markdown };
      });
    },
  };
}
