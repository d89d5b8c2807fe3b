// Organising conversations: folders shared by the four tabs, pins, and deleting many at once. Pinning and
// filing never touch updated_at: the lists are ordered by last use, and organising is not using.
import { randomUUID } from 'node:crypto';
import type { ConversationSummary } from '../../shared/contract.ts';
import { sameFolderName, type Folder, type FolderColor } from '../../shared/organise.ts';
import { compact } from '../../shared/compact.ts';
import { toSummary } from './conversation-view.ts';
import { deleteConversations } from './conversations.ts';
import type { Handlers } from './dispatch.ts';
import { invalid, notFound } from './errors.ts';
import type { Services } from './services.ts';

type OrganiseOps =
  | 'listFolders'
  | 'createFolder'
  | 'updateFolder'
  | 'deleteFolder'
  | 'organiseConversations'
  | 'deleteConversations';

/** Refuses a name another folder has (without regard to case), naming that folder as it is written. */
function checkNameFree(s: Services, name: string, except?: string): void {
  const clash = s.store.folders.list().find((f) => f.id !== except && sameFolderName(f.name, name));
  if (clash) throw invalid(`There is already a folder named “${clash.name}”. Choose another name.`, 'name');
}

/** The folder called `name` (without regard to case), made when there is none; for imports. */
export function folderNamed(s: Services, name: string, color: FolderColor | undefined): Folder {
  const existing = s.store.folders.list().find((f) => sameFolderName(f.name, name));
  if (existing) return existing;
  const folder: Folder = compact({
    id: randomUUID(),
    name: name.trim(),
    color,
    collapsed: false,
    createdAt: s.now(),
  });
  s.store.folders.insert(folder);
  return folder;
}

function requireFolder(s: Services, id: string): Folder {
  const folder = s.store.folders.get(id);
  if (!folder) throw notFound('This folder no longer exists.');
  return folder;
}

export function organiseHandlers(s: Services): Pick<Handlers, OrganiseOps> {
  return {
    async listFolders() {
      return s.store.folders.list();
    },

    async createFolder({ name, color }) {
      return s.store.transaction(() => {
        checkNameFree(s, name);
        const folder: Folder = compact({
          id: randomUUID(),
          name,
          color,
          collapsed: false,
          createdAt: s.now(),
        });
        s.store.folders.insert(folder);
        return folder;
      });
    },

    async updateFolder({ id, name, color, collapsed }) {
      return s.store.transaction(() => {
        requireFolder(s, id);
        if (name !== undefined) checkNameFree(s, name, id);
        s.store.folders.update(id, compact({ name, color, collapsed }));
        return requireFolder(s, id);
      });
    },

    async deleteFolder({ id }) {
      return s.store.folders.delete(id);
    },

    async organiseConversations({ ids, pinned, folderId }) {
      if (pinned === undefined && folderId === undefined) {
        throw invalid('Say what to change: pinned, or the folder.');
      }
      return s.store.transaction(() => {
        if (folderId !== undefined && folderId !== null) requireFolder(s, folderId);
        const found = s.store.conversations.organise(ids, compact({ pinned, folderId }));
        if (found.length === 0) throw notFound('These conversations no longer exist.');
        return found.flatMap((id): ConversationSummary[] => {
          const row = s.store.conversations.summary(id);
          return row ? [toSummary(row)] : [];
        });
      });
    },

    async deleteConversations({ ids }) {
      return { deleted: await deleteConversations(s, [...new Set(ids)]) };
    },
  };
}
