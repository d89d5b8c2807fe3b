import type { StateCreator } from 'zustand';
import type { ConversationSummary } from '../../shared/contract.ts';
import type { Folder, FolderColor } from '../../shared/organise.ts';
import { TEXT_FORMATS } from '../../shared/formats.ts';
import { compact } from '../../shared/compact.ts';
import { downloadText } from '../components/download.ts';
import { tFor } from '../i18n/locale.ts';
import { emptiedColumn } from './compare-slice.ts';
import { missingConnections } from './chat-helpers.ts';
import type { StoreRuntime } from './runtime.ts';
import type { StoreState } from './types.ts';

/** A folder dialog's answer: the folder, or the host's reason (a name taken) to show beside the field. */
export type FolderResult = { ok: true; folder: Folder } | { ok: false; message: string };

/**
 * Organising the chat tabs' conversations: folders (shared by the four tabs), pins, and what the
 * all-conversations view does to many at once. The conversations themselves stay in the conversations
 * slice; these actions update their summaries in place, so every list re-sorts from one source.
 */
export interface OrganiseSlice {
  /** every folder, by name */
  folders: Folder[];
  foldersStatus: 'idle' | 'loading' | 'ready' | 'error';
  loadFolders(): Promise<void>;
  createFolder(name: string, color?: FolderColor): Promise<FolderResult>;
  /** renames or recolours (null: no colour) */
  updateFolder(id: string, patch: { name?: string; color?: FolderColor | null }): Promise<FolderResult>;
  /** folds or unfolds a folder in every tab's list (remembered by the host) */
  setFolderCollapsed(id: string, collapsed: boolean): Promise<void>;
  /** deletes a folder; its conversations stay, unfiled */
  deleteFolder(id: string): Promise<boolean>;

  pinConversations(ids: readonly string[], pinned: boolean): Promise<boolean>;
  /** pins or unpins and files or unfiles at once (a drop in the sidebar does both) */
  organiseConversations(
    ids: readonly string[],
    change: { pinned?: boolean; folderId?: string | null },
  ): Promise<boolean>;
  /** files conversations in a folder, or takes them out of theirs (null) */
  moveConversations(ids: readonly string[], folderId: string | null): Promise<boolean>;
  /** deletes conversations (stopping their replies first); returns how many went, null when it failed */
  deleteConversations(ids: readonly string[]): Promise<number | null>;
  /** one JSON file holding the conversations, downloaded (or written to the data folder when very large) */
  exportConversations(ids: readonly string[]): Promise<void>;
  /**
   * The Import button: a conversation's file (opened in its tab, as before) or a file of many (each
   * readable one added; the skipped ones named). Returns the error for a file that could not be read.
   */
  importConversationsFile(content: string): Promise<string | null>;

  /**
   * Imported conversations that name a connection this data folder lacks, by that name: the dialog asks
   * which saved connection each name stands for (or none). Never invented: until answered they stay
   * unassigned, asking for the name.
   */
  connectionAsk: { name: string; ids: string[] }[] | null;
  askMissingConnections(imported: readonly ConversationSummary[]): void;
  /** each name's answer: a saved connection's id, or null to leave them unassigned */
  answerMissingConnections(answers: Readonly<Record<string, string | null>>): Promise<void>;
}

/** Two questions about missing connections as one: a name asked twice holds both imports' conversations. */
function mergeAsks(
  a: readonly { name: string; ids: string[] }[],
  b: readonly { name: string; ids: string[] }[],
): { name: string; ids: string[] }[] {
  const byName = new Map(a.map((x) => [x.name, [...x.ids]]));
  for (const x of b) byName.set(x.name, [...(byName.get(x.name) ?? []), ...x.ids]);
  return [...byName].map(([name, ids]) => ({ name, ids }));
}

/** The list with the host's new summaries in place (order kept: organising is not activity). */
function replaceSummaries(
  list: ConversationSummary[],
  changed: ConversationSummary[],
): ConversationSummary[] {
  const byId = new Map(changed.map((c) => [c.id, c]));
  return list.map((c) => byId.get(c.id) ?? c);
}

export const createOrganiseSlice =
  (rt: StoreRuntime): StateCreator<StoreState, [], [], OrganiseSlice> =>
  (set, get) => {
    const fail = (
      key: 'organise.error.pin' | 'organise.error.move' | 'organise.error.delete',
      message: string,
    ) => get().notify(tFor(get())(key, { message }), 'error');

    return {
      folders: [],
      foldersStatus: 'idle',
      async loadFolders() {
        set({ foldersStatus: 'loading' });
        const r = await rt.bridge().listFolders({});
        if (r.ok) set({ folders: r.value, foldersStatus: 'ready' });
        else {
          set({ foldersStatus: 'error' });
          get().notify(tFor(get())('organise.error.folders', { message: r.error.message }), 'error');
        }
      },

      async createFolder(name, color) {
        const r = await rt.bridge().createFolder(compact({ name, color }));
        if (!r.ok) return { ok: false, message: r.error.message };
        const folder = r.value;
        set((s) => ({ folders: sortFolders([...s.folders, folder]) }));
        return { ok: true, folder };
      },

      async updateFolder(id, patch) {
        const r = await rt.bridge().updateFolder(compact({ id, ...patch }));
        if (!r.ok) return { ok: false, message: r.error.message };
        const folder = r.value;
        set((s) => ({ folders: sortFolders(s.folders.map((f) => (f.id === id ? folder : f))) }));
        return { ok: true, folder };
      },

      async setFolderCollapsed(id, collapsed) {
        // at once on screen; the host remembers it for the next start
        set((s) => ({ folders: s.folders.map((f) => (f.id === id ? { ...f, collapsed } : f)) }));
        const r = await rt.bridge().updateFolder({ id, collapsed });
        if (!r.ok) {
          set((s) => ({
            folders: s.folders.map((f) => (f.id === id ? { ...f, collapsed: !collapsed } : f)),
          }));
          get().notify(tFor(get())('organise.error.folder', { message: r.error.message }), 'error');
        }
      },

      async deleteFolder(id) {
        const r = await rt.bridge().deleteFolder({ id });
        if (!r.ok) {
          get().notify(tFor(get())('organise.error.folder', { message: r.error.message }), 'error');
          return false;
        }
        set((s) => ({
          folders: s.folders.filter((f) => f.id !== id),
          conversations: s.conversations.map((c) => {
            if (c.folderId !== id) return c;
            const { folderId: _gone, ...rest } = c;
            return rest;
          }),
          library: s.library.folder === id ? { ...s.library, folder: 'all' } : s.library,
        }));
        return true;
      },

      pinConversations: (ids, pinned) => get().organiseConversations(ids, { pinned }),
      moveConversations: (ids, folderId) => get().organiseConversations(ids, { folderId }),
      async organiseConversations(ids, change) {
        const r = await rt.bridge().organiseConversations({ ids: [...ids], ...change });
        if (!r.ok) {
          fail(change.folderId !== undefined ? 'organise.error.move' : 'organise.error.pin', r.error.message);
          return false;
        }
        set((s) => ({
          conversations: replaceSummaries(s.conversations, r.value),
          // Compare's conversations are listed in All conversations too
          comparisons: s.comparisons.map((c) => ({ ...c, columns: replaceSummaries(c.columns, r.value) })),
        }));
        return true;
      },

      async deleteConversations(ids) {
        // a reply still arriving is stopped first, as deleting one conversation does
        await Promise.all(ids.filter((id) => get().pending[id] !== undefined).map((id) => get().stop(id)));
        const r = await rt.bridge().deleteConversations({ ids: [...ids] });
        if (!r.ok) {
          fail('organise.error.delete', r.error.message);
          return null;
        }
        const gone = new Set(ids);
        set((s) => {
          const loaded = { ...s.loaded };
          const drafts = { ...s.drafts };
          for (const id of gone) {
            delete loaded[id];
            delete drafts[id];
          }
          const active = { ...s.activeConversation };
          for (const f of TEXT_FORMATS) if (active[f] !== null && gone.has(active[f])) active[f] = null;
          const selected = new Set([...s.library.selected].filter((id) => !gone.has(id)));
          return {
            conversations: s.conversations.filter((c) => !gone.has(c.id)),
            // a Compare conversation deleted from All conversations leaves its comparison, and its column
            comparisons: s.comparisons
              .map((c) => ({ ...c, columns: c.columns.filter((x) => !gone.has(x.id)) }))
              .filter((c) => c.columns.length > 0),
            compareColumns: s.compareColumns.map((c) =>
              c.conversationId !== null && gone.has(c.conversationId) ? emptiedColumn(c) : c,
            ),
            loaded,
            drafts,
            activeConversation: active,
            library: { ...s.library, selected, anchor: null },
          };
        });
        get().notify(tFor(get())('organise.deleted', { count: r.value.deleted }), 'success');
        return r.value.deleted;
      },

      async exportConversations(ids) {
        const t = tFor(get());
        const r = await rt.bridge().exportConversations({ ids: [...ids] });
        if (!r.ok) {
          get().notify(t('organise.error.export', { message: r.error.message }), 'error');
          return;
        }
        if (r.value.savedTo !== undefined) {
          get().notify(t('organise.exportedToFile', { path: r.value.savedTo }), 'success', { sticky: true });
          return;
        }
        downloadText(r.value.filename, r.value.mime, r.value.content);
        get().notify(t('organise.exported', { count: ids.length, file: r.value.filename }), 'success');
      },

      async importConversationsFile(content) {
        const t = tFor(get());
        const r = await rt.bridge().importConversations({ content });
        if (!r.ok) return r.error.message;
        const { imported, skipped } = r.value;
        set((s) => {
          const fresh = new Set(imported.map((c) => c.id));
          return {
            conversations: [...imported, ...s.conversations.filter((c) => !fresh.has(c.id))].sort(
              (a, b) => b.updatedAt - a.updatedAt,
            ),
          };
        });
        // a file may have brought folders with it
        if (
          imported.some((c) => c.folderId !== undefined && !get().folders.some((f) => f.id === c.folderId))
        ) {
          await get().loadFolders();
        }
        // never invented: a connection the file names that is not here is asked for
        get().askMissingConnections(imported);
        if (imported.length > 0) get().recordsImported();
        const first = imported[0];
        if (imported.length === 1 && skipped.length === 0 && first) {
          // one conversation: opened in its tab, as importing always did
          await get().openConversation(first.format, first.id);
          get().setTab(first.format);
          get().notify(t('organise.imported.one', { title: first.title }), 'success');
          return null;
        }
        if (imported.length > 0) get().notify(t('organise.imported', { count: imported.length }), 'success');
        if (skipped.length > 0) {
          const names = skipped
            .slice(0, 3)
            .map((x) =>
              x.title !== '' ? `“${x.title}”` : t('organise.imported.untitled', { n: x.index + 1 }),
            )
            .join(', ');
          get().notify(
            t('organise.imported.skipped', {
              count: skipped.length,
              names,
              reason: skipped[0]?.message ?? '',
            }),
            'warning',
            { sticky: true },
          );
        }
        return null;
      },

      connectionAsk: null,
      askMissingConnections(imported) {
        const missing = [...missingConnections(imported)].map(([name, ids]) => ({ name, ids }));
        if (missing.length === 0) return;
        // a second import while the dialog is open adds its names to the same question
        set((s) => ({ connectionAsk: mergeAsks(s.connectionAsk ?? [], missing) }));
      },
      async answerMissingConnections(answers) {
        const ask = get().connectionAsk ?? [];
        set({ connectionAsk: null });
        const t = tFor(get());
        let left = 0;
        for (const { name, ids } of ask) {
          const connectionId = answers[name] ?? null;
          if (connectionId === null) {
            left += ids.length;
            continue;
          }
          const moved: ConversationSummary[] = [];
          for (const id of ids) {
            const r = await rt.bridge().updateConversation({ id, connectionId });
            if (!r.ok) {
              get().notify(t('notices.change.notSaved', { message: r.error.message }), 'error');
              break;
            }
            moved.push(r.value);
          }
          set((s) => ({ conversations: replaceSummaries(s.conversations, moved) }));
          // an open one shows its new connection (its notice of the missing one goes)
          for (const c of moved) {
            if (!get().loaded[c.id]) continue;
            const view = await rt.bridge().getConversation({ id: c.id });
            if (view.ok) set((s) => ({ loaded: { ...s.loaded, [c.id]: view.value } }));
          }
        }
        if (left > 0) get().notify(t('connection.ask.left', { count: left }), 'info');
      },
    };
  };

function sortFolders(folders: Folder[]): Folder[] {
  return folders.slice().sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
}
