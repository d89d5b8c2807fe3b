import type { Handlers } from './dispatch.ts';
import { MAX_EXCHANGES } from '../store/index.ts';
import { notFound } from './errors.ts';
import type { Services } from './services.ts';

export function exchangeHandlers(
  s: Services,
): Pick<Handlers, 'listExchanges' | 'getExchange' | 'clearExchanges'> {
  return {
    async listExchanges({ limit, before }) {
      return s.store.exchanges.list({ limit: limit ?? 100, before });
    },
    async getExchange({ id }) {
      const exchange = s.store.exchanges.get(id);
      if (!exchange)
        throw notFound(
          `This request record is no longer kept (the inspector keeps the newest ${MAX_EXCHANGES}).`,
        );
      return exchange;
    },
    async clearExchanges() {
      // the list shows tool runs beside the exchanges: clearing it clears both
      return { cleared: s.store.exchanges.clear() + s.store.toolRuns.clear() };
    },
  };
}
