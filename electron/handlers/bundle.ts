// Many conversations in one JSON file (shared/export.ts, toBundle): the all-conversations view exports its
// selection, and the Import button reads such a file back (or a single conversation's file, as before).
import { mkdir, open } from 'node:fs/promises';
import { join } from 'node:path';
import type { ConversationSummary } from '../../shared/contract.ts';
import type { Conversation } from '../../shared/conversation.ts';
import { toBundle, toConversationFile, type BundleEntry } from '../../shared/export.ts';
import { fileStamp } from '../../shared/file-stamp.ts';
import { folderColorOf } from '../../shared/organise.ts';
import { compact } from '../../shared/compact.ts';
import { ApiError } from '../core/index.ts';
import { createGiveWay } from '../core/give-way.ts';
import { prettyJsonOffLoop } from '../core/pretty-json.ts';
import { importConversation } from './conversation-import.ts';
import { parseImportOffLoop } from './import-parse.ts';
import { loadConversation, toSummary } from './conversation-view.ts';
import { importedTitle } from './conversations.ts';
import type { Handlers } from './dispatch.ts';
import { invalid, notFound } from './errors.ts';
import {
  attachmentsOf,
  embeddedFile,
  exportSizeOf,
  INLINE_EXPORT_MAX_CHARS,
  jsonPieces,
  toolRunsOf,
} from './export-file.ts';
import { folderNamed } from './organise.ts';
import type { Services } from './services.ts';

type BundleOps = 'exportConversations' | 'importConversations';

/** How a conversation is organised, as a bundle entry carries it (its folder by name, so it travels). */
function organiseOf(s: Services, id: string): BundleEntry['organise'] {
  const row = s.store.conversations.get(id);
  const folder = row?.folderId !== undefined ? s.store.folders.get(row.folderId) : undefined;
  if (!row?.pinned && !folder) return undefined;
  return compact({
    pinned: row?.pinned,
    folder: folder ? compact({ name: folder.name, color: folder.color }) : undefined,
  });
}

async function entryOf(s: Services, conversation: Conversation): Promise<BundleEntry> {
  const files = [];
  for (const a of attachmentsOf(conversation)) files.push(await embeddedFile(s, a));
  const organise = organiseOf(s, conversation.id);
  const toolRuns = toolRunsOf(s, conversation);
  return { ...toConversationFile(conversation, files, undefined, toolRuns), ...compact({ organise }) };
}

/** Writes a bundle too large to send to the page into `<data>/exports/`, one turn at a time. */
async function writeBundleFile(s: Services, ids: readonly string[], filename: string): Promise<string> {
  const dir = join(s.paths.dataDir, 'exports');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const path = join(dir, filename);
  const file = await open(path, 'wx', 0o600);
  try {
    await file.write('{"quartet":"conversations","version":1,"conversations":[\n');
    for (const [i, id] of ids.entries()) {
      const conversation = loadConversation(s, id, { branches: 'all' });
      const organise = organiseOf(s, id);
      if (i > 0) await file.write(',');
      for await (const piece of jsonPieces(s, conversation, compact({ organise }))) await file.write(piece);
    }
    await file.write(']}\n');
    await file.sync();
  } finally {
    await file.close();
  }
  return path;
}

export function bundleHandlers(s: Services): Pick<Handlers, BundleOps> {
  return {
    async exportConversations({ ids }) {
      // in the order given (the view's), each once; one deleted meanwhile is left out
      const present = [...new Set(ids)].filter((id) => s.store.conversations.get(id) !== undefined);
      if (present.length === 0) throw notFound('None of these conversations exist any more.');
      const filename = `quartet-${present.length}-conversations-${fileStamp(s.now())}.json`;
      const mime = 'application/json';
      // every branch: the file is for keeping, or for moving to another Quartet
      const loaded: Conversation[] = [];
      let size = 0;
      const giveWay = createGiveWay();
      for (const id of present) {
        await giveWay();
        const conversation = loadConversation(s, id, { branches: 'all' });
        size += exportSizeOf(conversation, 'json', toolRunsOf(s, conversation));
        if (size > INLINE_EXPORT_MAX_CHARS) break;
        loaded.push(conversation);
      }
      if (size > INLINE_EXPORT_MAX_CHARS) {
        return { filename, mime, content: '', savedTo: await writeBundleFile(s, present, filename) };
      }
      const entries: BundleEntry[] = [];
      for (const conversation of loaded) entries.push(await entryOf(s, conversation));
      // the same bytes as JSON.stringify(…, null, 2), in pieces that give way to the event loop
      return { filename, mime, content: `${await prettyJsonOffLoop(toBundle(entries))}\n` };
    },

    async importConversations({ content }) {
      // read off the event loop; each conversation is then stored in short tasks
      const parsed = await parseImportOffLoop(content);
      if (!parsed.ok) throw invalid(parsed.message, 'content');
      const taken = new Map<Conversation['format'], Set<string>>();
      const titleFor = (title: string, format: Conversation['format']) => {
        let set = taken.get(format);
        if (!set) {
          set = new Set(s.store.conversations.list({ format }).map((c) => c.title));
          taken.set(format, set);
        }
        const chosen = importedTitle(title, set);
        set.add(chosen);
        return chosen;
      };
      const imported: ConversationSummary[] = [];
      const skipped: { index: number; title: string; message: string }[] = [];
      for (const [index, entry] of parsed.entries.entries()) {
        if (!entry.ok) {
          skipped.push({ index, title: entry.title, message: entry.message });
          continue;
        }
        let id: string;
        try {
          id = await importConversation(s, entry, titleFor);
        } catch (e) {
          // a single conversation's file fails as a whole, as it always did; a bundle goes on without it,
          // whatever stopped this one (one entry never costs the others)
          if (parsed.kind === 'conversation') throw e;
          if (!(e instanceof ApiError)) s.log.error('importConversations: an entry could not be stored', e);
          const message =
            e instanceof ApiError
              ? e.info.message
              : 'Quartet could not store this conversation; the details are in its log.';
          skipped.push({ index, title: entry.conversation.title, message });
          continue;
        }
        const organise = entry.organise;
        if (organise !== undefined) {
          s.store.transaction(() => {
            const folder =
              organise.folder !== undefined
                ? folderNamed(s, organise.folder.name, folderColorOf(organise.folder.color))
                : undefined;
            s.store.conversations.organise([id], compact({ pinned: organise.pinned, folderId: folder?.id }));
          });
        }
        const row = s.store.conversations.summary(id);
        if (row) imported.push(toSummary(row));
      }
      return { imported, skipped };
    },
  };
}
