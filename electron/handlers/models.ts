import type { Handlers } from './dispatch.ts';
import { activeClient, type Services } from './services.ts';
import { compact } from '../../shared/compact.ts';

export function modelHandlers(s: Services): Pick<Handlers, 'listModels'> {
  return {
    async listModels({ family }, ctx) {
      const client = await activeClient(s, { ctx });
      const { models, exchange } = await client.listModels({ family });
      return {
        models: models.map((m) => compact({ id: m.id, ownedBy: m.ownedBy })),
        exchangeId: exchange.id,
      };
    },
  };
}
