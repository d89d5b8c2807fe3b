import type { KeySlotStatus } from '../../shared/contract.ts';
import { describeError } from '../../shared/errors.ts';
import { KEY_SLOTS, type KeyFamily, type KeySlot } from '../../shared/formats.ts';
import { ApiError } from '../core/index.ts';
import type { ConnectionRow } from '../store/index.ts';
import type { Handlers } from './dispatch.ts';
import { invalid, localFailure } from './errors.ts';
import { SANDBOX_KEY } from './sandbox.ts';
import {
  clientFor,
  confirmKeysOrigin,
  getConnection,
  keysOrigin,
  readKey,
  unconfirmedOrigin,
  vaultName,
  type Services,
} from './services.ts';
import { compact } from '../../shared/compact.ts';

/** Below this length the last four characters would give away too much of a key (the core's mask agrees). */
const MIN_LENGTH_FOR_LAST4 = 12;

function status(slot: KeySlot, key: string | undefined, source: 'vault' | 'builtin'): KeySlotStatus {
  if (key === undefined) return { slot, set: false };
  return compact({
    slot,
    set: true,
    last4: key.length >= MIN_LENGTH_FOR_LAST4 ? key.slice(-4) : undefined,
    source,
  });
}

async function slotStatus(s: Services, connection: ConnectionRow, slot: KeySlot): Promise<KeySlotStatus> {
  if (connection.builtIn) return { ...status(slot, SANDBOX_KEY, 'builtin'), publicKey: SANDBOX_KEY };
  return status(slot, await readKey(s, connection.id, slot), 'vault');
}

function refuseBuiltIn(connection: ConnectionRow): void {
  if (connection.builtIn) {
    throw invalid(
      "The sandbox's key is built in and cannot be changed; add a connection to use your own keys.",
      'slot',
    );
  }
}

/** Whether `slot` is the connection's only key that is set. */
async function onlySetSlot(s: Services, connection: ConnectionRow, slot: KeySlot): Promise<boolean> {
  for (const other of KEY_SLOTS) {
    if (other !== slot && (await readKey(s, connection.id, other)) !== undefined) return false;
  }
  return true;
}

/** The family whose interfaces a slot's key is tried against; the default key is tried as Bearer. */
function familyOfSlot(slot: KeySlot): KeyFamily {
  return slot === 'default' ? 'bearer' : slot;
}

export function keyHandlers(
  s: Services,
): Pick<Handlers, 'getKeyStatus' | 'setKey' | 'clearKey' | 'testKey' | 'confirmKeys'> {
  return {
    async getKeyStatus({ connectionId }) {
      const connection = getConnection(s, connectionId);
      const pending = unconfirmedOrigin(s, connection);
      const result: KeySlotStatus[] = [];
      for (const slot of KEY_SLOTS) {
        const one = await slotStatus(s, connection, slot);
        result.push(one.set && pending !== undefined ? { ...one, confirmFor: pending } : one);
      }
      return result;
    },
    /** A deliberate user action: the connection's keys may now be sent to its current address. */
    async confirmKeys({ connectionId }) {
      const connection = getConnection(s, connectionId);
      refuseBuiltIn(connection);
      confirmKeysOrigin(s, connection);
      const result: KeySlotStatus[] = [];
      for (const slot of KEY_SLOTS) result.push(await slotStatus(s, connection, slot));
      return result;
    },

    async setKey({ connectionId, slot, key }) {
      const connection = getConnection(s, connectionId);
      refuseBuiltIn(connection);
      s.log.remember(key);
      try {
        await s.vault.set(vaultName(connectionId, slot), key);
      } catch (e) {
        throw localFailure(`The key could not be saved in the vault: ${(e as Error).message}`, e);
      }
      // The first key of a connection, or the only one re-entered after a move, is typed for this
      // address. A key typed beside others must not unlock them: a compromised page could re-point the
      // connection, type a junk key, and have the real ones sent.
      if (keysOrigin(s, connectionId) === undefined || (await onlySetSlot(s, connection, slot))) {
        confirmKeysOrigin(s, connection);
      }
      const pending = unconfirmedOrigin(s, connection);
      return pending === undefined
        ? status(slot, key, 'vault')
        : { ...status(slot, key, 'vault'), confirmFor: pending };
    },

    async clearKey({ connectionId, slot }) {
      const connection = getConnection(s, connectionId);
      refuseBuiltIn(connection);
      await s.vault.delete(vaultName(connectionId, slot));
      return { slot, set: false };
    },

    async testKey({ connectionId, slot }, ctx) {
      const connection = getConnection(s, connectionId);
      const key = connection.builtIn ? SANDBOX_KEY : await readKey(s, connectionId, slot);
      if (key === undefined) return { ok: false, message: 'No key is set in this slot.' };
      const client = await clientFor(s, connection, { [slot]: key }, { ctx });
      try {
        const { models } = await client.listModels({ family: familyOfSlot(slot) });
        const count = models.length;
        return {
          ok: true,
          message: `The key works: the service lists ${count} model${count === 1 ? '' : 's'} for it.`,
          modelCount: count,
        };
      } catch (e) {
        if (e instanceof ApiError) return { ok: false, message: describeError(e.info) };
        throw e;
      }
    },
  };
}
