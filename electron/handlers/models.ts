import type { Handlers } from './dispatch.ts';
import { chosenConnection, connectionClient, type Services } from './services.ts';
import { compact } from '../../shared/compact.ts';

export function modelHandlers(s: Services): Pick<Handlers, 'listModels'> {
  return {
    async listModels({ family, connectionId }, ctx) {
      const client = await connectionClient(s, chosenConnection(s, connectionId), { ctx });
      const { models, exchange } = await client.listModels({ family });
      return {
        models: models.map((m) => compact({ id: m.id, ownedBy: m.ownedBy })),
        exchangeId: exchange.id,
      };
    },
  };
}
