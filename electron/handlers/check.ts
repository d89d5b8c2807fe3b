import { reportToMarkdown, runConformance } from '../conformance/index.ts';
import type { Handlers } from './dispatch.ts';
import { runRequest } from './requests.ts';
import { activeConnection, baseUrlOf, emitSafely, keysOf, type Services } from './services.ts';

// "Check connection" runs the same conformance checks as `quartet doctor`, result by result.
export function checkHandlers(s: Services): Pick<Handlers, 'checkConnection'> {
  return {
    async checkConnection({ requestId, images }, ctx) {
      return runRequest(s.requests, requestId, async (signal) => {
        const connection = activeConnection(s);
        const report = await runConformance({
          baseUrl: await baseUrlOf(s, connection),
          keys: await keysOf(s, connection),
          images: images ?? false,
          signal,
          ...(s.deps.fetch ? { fetch: s.deps.fetch } : {}),
          onResult: (result) => emitSafely(s, ctx, 'check', { requestId, result }),
        });
        return { results: report.results, markdown: reportToMarkdown(report) };
      });
    },
  };
}
