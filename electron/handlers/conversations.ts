import type { McpToolRef } from '../../shared/mcp.ts';
import { randomUUID } from 'node:crypto';
import type { ComparisonSummary } from '../../shared/contract.ts';
import { defaultParams } from '../../shared/conversation.ts';
import { toConversationFile, type EmbeddedFile } from '../../shared/export.ts';
import { DEFAULT_TITLE, withSuffix } from '../../shared/titles.ts';
import { prettyJsonOffLoop } from '../core/pretty-json.ts';
import { loadConversation, requireConversation, toSummary, viewConversation } from './conversation-view.ts';
import type { Handlers } from './dispatch.ts';
import { invalid, notFound } from './errors.ts';
import { conversationToMarkdown, fileSlug } from './export-markdown.ts';
import {
  attachmentsOf,
  embeddedFile,
  exportSizeOf,
  INLINE_EXPORT_MAX_CHARS,
  toolRunsOf,
  writeExportFile,
  writeMarkdownBundle,
} from './export-file.ts';
import { deleteAttachmentFiles } from './attachment-files.ts';
import { importConversationFile } from './conversation-import.ts';
import { activeConnectionId, getConnection, type Services } from './services.ts';
import { compact } from '../../shared/compact.ts';
import { toImageRecord } from '../store/index.ts';

type ConversationOps =
  | 'listComparisons'
  | 'deleteComparison'
  | 'listConversations'
  | 'getConversation'
  | 'createConversation'
  | 'updateConversation'
  | 'deleteConversation'
  | 'searchConversations'
  | 'exportConversation'
  | 'importConversation';

export function conversationHandlers(s: Services): Pick<Handlers, ConversationOps> {
  function summary(id: string) {
    const row = s.store.conversations.summary(id);
    if (!row) throw notFound('This conversation no longer exists.');
    return toSummary(row);
  }

  return {
    async listConversations({ format, origin }) {
      return s.store.conversations.list({ format, origin }).map(toSummary);
    },

    async getConversation({ id, turnId }) {
      return viewConversation(s, id, turnId);
    },

    async listComparisons() {
      const comparisons = s.store.conversations.comparisons();
      // an image comparison's images-endpoint column: its images, read for every comparison at once
      const images = s.store.images.ofComparisons(comparisons.map((c) => c.id));
      return comparisons.map(({ id, columns }): ComparisonSummary => ({
        id,
        title: columns[0]?.title ?? DEFAULT_TITLE,
        columns: columns.map(toSummary),
        ...compact({ images: images.get(id)?.map(toImageRecord) }),
        createdAt: Math.min(...columns.map((c) => c.createdAt)),
        updatedAt: Math.max(...columns.map((c) => c.updatedAt)),
      }));
    },

    async deleteComparison({ id }) {
      const deleted = await deleteConversations(s, s.store.conversations.comparisonMembers(id));
      // its images-endpoint images stay in the gallery, as a deleted conversation's images do
      s.store.images.unlinkComparison(id);
      return { deleted };
    },

    async createConversation({
      id: wanted,
      format,
      model,
      title,
      params,
      origin,
      comparisonId,
      connectionId,
    }) {
      const now = s.now();
      // the connection chosen, else the active one (none yet: unassigned, following the active one)
      const connection =
        connectionId !== undefined ? getConnection(s, connectionId).id : activeConnectionId(s);
      const id = wanted ?? randomUUID();
      // A send waits on this (each Compare column) or follows it at once (a chat's first message): the
      // row is there before the first await, its sync runs off the loop. The answer is the conversation
      // as created, read in the same transaction: a send that followed at once may add to it meanwhile.
      return s.store.durable(() => {
        if (s.store.conversations.get(id)) throw invalid('A conversation with this id exists already.', 'id');
        s.store.conversations.insert({
          id,
          format,
          model,
          title: title?.trim() || DEFAULT_TITLE,
          origin: origin ?? (comparisonId !== undefined ? 'compare' : 'chat'),
          params: params ?? defaultParams(format),
          ...compact({ comparisonId, connectionId: connection ?? undefined }),
          createdAt: now,
          updatedAt: now,
        });
        return loadConversation(s, id);
      });
    },

    async updateConversation({ id, title, model, params, origin, connectionId }) {
      const row = requireConversation(s, id);
      if (connectionId !== undefined) getConnection(s, connectionId);
      // A new title alone is not activity: the list order stays as it was. Moving a Compare conversation
      // to its tab is: it is the one the user works in now.
      const changesRequests =
        model !== undefined || params !== undefined || origin !== undefined || connectionId !== undefined;
      s.store.transaction(() => {
        s.store.conversations.update(
          id,
          compact({ title, model, params, origin, updatedAt: changesRequests ? s.now() : row.updatedAt }),
        );
        // "always run" was granted for the tools switched on then: other tools, ask again
        if (params !== undefined && !sameMcpTools(row.params.mcpTools, params.mcpTools)) {
          s.store.mcpAlways.set(id, []);
        }
        if (connectionId !== undefined && connectionId !== row.connectionId) {
          s.store.conversations.setConnection(id, connectionId);
        }
      });
      return summary(id);
    },

    async deleteConversation({ id }) {
      return { deleted: (await deleteConversations(s, [id])) > 0 };
    },

    async searchConversations({ query, format, limit }) {
      return s.store.searchOffLoop(query, { format, limit });
    },

    async exportConversation({ id, as, branches }) {
      // Markdown reads as one conversation: the branch on screen. JSON may carry every branch.
      const conversation = loadConversation(s, id, { branches: as === 'json' ? branches : undefined });
      const name = fileSlug(conversation.title, 'conversation');
      const filename = `${name}.${as === 'json' ? 'json' : 'md'}`;
      const mime = as === 'json' ? 'application/json' : 'text/markdown';
      // links to files need the files beside them: that Markdown is a folder the host writes
      if (as === 'markdown' && attachmentsOf(conversation).length > 0) {
        return { filename, mime, content: '', savedTo: await writeMarkdownBundle(s, conversation, filename) };
      }
      const toolRuns = as === 'json' ? toolRunsOf(s, conversation) : [];
      if (exportSizeOf(conversation, as, toolRuns) > INLINE_EXPORT_MAX_CHARS) {
        const savedTo = await writeExportFile(s, conversation, as, filename);
        return { filename, mime, content: '', savedTo };
      }
      if (as === 'markdown') return { filename, mime, content: conversationToMarkdown(conversation) };
      const files: EmbeddedFile[] = [];
      for (const a of attachmentsOf(conversation)) files.push(await embeddedFile(s, a));
      return {
        filename,
        mime,
        // the same bytes as JSON.stringify(…, null, 2), in pieces that give way to the event loop
        content: `${await prettyJsonOffLoop(toConversationFile(conversation, files, undefined, toolRuns))}\n`,
      };
    },

    async importConversation({ content }) {
      const id = await importConversationFile(s, content, (title, format) =>
        importedTitle(title, new Set(s.store.conversations.list({ format }).map((c) => c.title))),
      );
      return loadConversation(s, id);
    },
  };
}

/**
 * Deletes conversations with their turns, then the files only they used (a fork or another message
 * sharing a file keeps it). Returns how many conversations went.
 */
export async function deleteConversations(s: Services, ids: readonly string[]): Promise<number> {
  const { deleted, files } = s.store.transaction(() => {
    const used = [...new Set(ids.flatMap((id) => s.store.attachments.idsOfConversation(id)))];
    const deleted = ids.filter((id) => s.store.conversations.delete(id)).length;
    return { deleted, files: s.store.attachments.deleteUnused({ ids: used }) };
  });
  await deleteAttachmentFiles(s, files);
  return deleted;
}

/** The title of an imported copy: its own, unless the tab has one by that name ("… (imported)", "(imported 2)"…). */
export function importedTitle(title: string, taken: ReadonlySet<string>): string {
  if (!taken.has(title)) return title;
  for (let n = 1; ; n++) {
    const candidate = withSuffix(title, ` (imported${n === 1 ? '' : ` ${n}`})`);
    if (!taken.has(candidate)) return candidate;
  }
}

/** Whether two lists switch on the same server tools (in any order). */
function sameMcpTools(a: readonly McpToolRef[] = [], b: readonly McpToolRef[] = []): boolean {
  const key = (r: McpToolRef) => `${r.server}\u0000${r.tool}`;
  const left = new Set(a.map(key));
  const right = new Set(b.map(key));
  return left.size === right.size && [...left].every((k) => right.has(k));
}
