import { reportToMarkdown, runConformance } from '../conformance/index.ts';
import type { Handlers } from './dispatch.ts';
import { runRequest } from './requests.ts';
import {
  chosenConnection,
  baseUrlOf,
  emitSafely,
  exchangeRecorder,
  keysOf,
  type Services,
} from './services.ts';
import { compact } from '../../shared/compact.ts';

// "Check connection" runs the same conformance checks as `quartet doctor`, result by result.
export function checkHandlers(s: Services): Pick<Handlers, 'checkConnection'> {
  return {
    async checkConnection({ requestId, connectionId, images, attachments, tools, models }, ctx) {
      return runRequest(s.requests, requestId, async (signal) => {
        const connection = chosenConnection(s, connectionId);
        const keys = await keysOf(s, connection);
        const record = exchangeRecorder(s, { ctx, requestId });
        const report = await runConformance({
          baseUrl: await baseUrlOf(s, connection),
          keys,
          images: images ?? false,
          attachments: attachments ?? false,
          tools: tools ?? false,
          models,
          surface: 'app',
          signal,
          fetch: s.deps.fetch,
          onResult: (result) => emitSafely(s, ctx, 'check', { requestId, result }),
          onExchange: (x) => {
            try {
              record(x);
            } catch (e) {
              s.log.error('could not store an exchange record', e);
            }
          },
        });
        return compact({ results: report.results, markdown: reportToMarkdown(report), cause: report.cause });
      });
    },
  };
}
