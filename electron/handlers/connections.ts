import { randomUUID } from 'node:crypto';
import type { ConnectionInfo } from '../../shared/contract.ts';
import { normaliseBaseUrl } from '../../shared/endpoints.ts';
import { KEY_SLOTS } from '../../shared/formats.ts';
import type { ConnectionRow } from '../store/index.ts';
import type { Handlers } from './dispatch.ts';
import { invalid } from './errors.ts';
import { SANDBOX_PLACEHOLDER_URL } from './sandbox.ts';
import {
  ACTIVE_CONNECTION_KEY,
  activeConnectionId,
  confirmKeysOrigin,
  forgetKeysOrigin,
  keysOrigin,
  getConnection,
  vaultName,
  type Services,
} from './services.ts';

export const SANDBOX_NAME = 'Sandbox';

/** The renderer's view: the sandbox shows its live address once it runs. */
export function connectionInfo(s: Services, row: ConnectionRow): ConnectionInfo {
  const baseUrl = row.builtIn ? (s.sandbox.currentUrl() ?? row.baseUrl) : row.baseUrl;
  return { id: row.id, name: row.name, baseUrl, builtIn: row.builtIn };
}

/** First run: no connections yet, so the built-in sandbox is created and made active. */
export function ensureFirstConnection(s: Services): void {
  if (!s.sandbox.enabled) return;
  s.store.transaction(() => {
    if (s.store.connections.list().length > 0) return;
    const id = randomUUID();
    s.store.connections.insert({
      id,
      name: SANDBOX_NAME,
      baseUrl: SANDBOX_PLACEHOLDER_URL,
      builtIn: true,
      createdAt: s.now(),
    });
    s.store.settings.set(ACTIVE_CONNECTION_KEY, id);
  });
}

export function connectionHandlers(
  s: Services,
): Pick<Handlers, 'listConnections' | 'saveConnection' | 'deleteConnection' | 'activateConnection'> {
  return {
    async listConnections() {
      return {
        connections: s.store.connections.list().map((row) => connectionInfo(s, row)),
        activeId: activeConnectionId(s),
      };
    },

    async saveConnection({ id, name, baseUrl }) {
      let typed = baseUrl.trim();
      if (id !== undefined) {
        const existing = getConnection(s, id);
        if (existing.builtIn) {
          const shown = connectionInfo(s, existing).baseUrl;
          if (typed !== '' && typed !== existing.baseUrl && typed !== shown) {
            throw invalid(
              "The sandbox's address is chosen when it starts; add a new connection for another service.",
              'baseUrl',
            );
          }
          s.store.connections.update(id, { name, baseUrl: existing.baseUrl });
          return connectionInfo(s, { ...existing, name });
        }
      }
      const checked = normaliseBaseUrl(typed);
      if (!checked.ok) throw invalid(checked.message, 'baseUrl');
      // A pasted endpoint is kept as the base it was reduced to (its query may even hold a key).
      if (checked.note !== undefined) typed = checked.root;
      if (id !== undefined) {
        const before = getConnection(s, id);
        // Keys of an earlier release have no recorded origin: they were used with the address as it was.
        if (keysOrigin(s, id) === undefined) confirmKeysOrigin(s, before);
        s.store.connections.update(id, { name, baseUrl: typed });
        return connectionInfo(s, getConnection(s, id));
      }
      const row: ConnectionRow = {
        id: randomUUID(),
        name,
        baseUrl: typed,
        builtIn: false,
        createdAt: s.now(),
      };
      s.store.transaction(() => {
        s.store.connections.insert(row);
        // The first connection a user adds is the one they mean to use.
        if (activeConnectionId(s) === null) s.store.settings.set(ACTIVE_CONNECTION_KEY, row.id);
      });
      return connectionInfo(s, row);
    },

    async deleteConnection({ id }) {
      const gone = getConnection(s, id);
      const activeId = s.store.transaction(() => {
        // its conversations stay, asking for it by name until the user picks another
        s.store.conversations.releaseConnection(id, gone.name);
        s.store.connections.delete(id);
        let active = activeConnectionId(s);
        if (active === null) {
          active = s.store.connections.list()[0]?.id ?? null;
          s.store.settings.set(ACTIVE_CONNECTION_KEY, active ?? undefined);
        }
        return active;
      });
      forgetKeysOrigin(s, id);
      // Keys go after the row: a crash in between leaves unused secrets, never a connection without keys.
      for (const slot of KEY_SLOTS) {
        try {
          await s.vault.delete(vaultName(id, slot));
        } catch (e) {
          s.log.error('could not delete the key of a deleted connection', e);
        }
      }
      return { activeId };
    },

    async activateConnection({ id }) {
      const row = getConnection(s, id);
      s.store.settings.set(ACTIVE_CONNECTION_KEY, id);
      return connectionInfo(s, row);
    },
  };
}
