import { randomUUID } from 'node:crypto';
import { defaultParams, type Turn } from '../../shared/conversation.ts';
import { parseConversationFile, toConversationFile } from '../../shared/export.ts';
import { DEFAULT_TITLE } from '../../shared/titles.ts';
import { loadConversation, requireConversation, toSummary, viewConversation } from './conversation-view.ts';
import type { Handlers } from './dispatch.ts';
import { invalid, notFound } from './errors.ts';
import { conversationToMarkdown, fileSlug } from './export-markdown.ts';
import { exportSizeOf, INLINE_EXPORT_MAX_CHARS, writeExportFile } from './export-file.ts';
import type { Services } from './services.ts';
import { compact } from '../../shared/compact.ts';

type ConversationOps =
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

    async getConversation({ id }) {
      return viewConversation(s, id);
    },

    async createConversation({ format, model, title, params, origin }) {
      const now = s.now();
      const id = randomUUID();
      s.store.conversations.insert({
        id,
        format,
        model,
        title: title?.trim() || DEFAULT_TITLE,
        origin: origin ?? 'chat',
        params: params ?? defaultParams(format),
        createdAt: now,
        updatedAt: now,
      });
      return loadConversation(s, id);
    },

    async updateConversation({ id, title, model, params, origin }) {
      const row = requireConversation(s, id);
      // A new title alone is not activity: the list order stays as it was. Moving a Compare conversation
      // to its tab is: it is the one the user works in now.
      const changesRequests = model !== undefined || params !== undefined || origin !== undefined;
      s.store.conversations.update(
        id,
        compact({ title, model, params, origin, updatedAt: changesRequests ? s.now() : row.updatedAt }),
      );
      return summary(id);
    },

    async deleteConversation({ id }) {
      return { deleted: s.store.conversations.delete(id) };
    },

    async searchConversations({ query, format, limit }) {
      return s.store.search(query, { format, limit });
    },

    async exportConversation({ id, as }) {
      const conversation = loadConversation(s, id);
      const name = fileSlug(conversation.title, 'conversation');
      if (exportSizeOf(conversation) > INLINE_EXPORT_MAX_CHARS) {
        const filename = `${name}.${as === 'json' ? 'json' : 'md'}`;
        const savedTo = await writeExportFile(s, conversation, as, filename);
        return {
          filename,
          mime: as === 'json' ? 'application/json' : 'text/markdown',
          content: '',
          savedTo,
        };
      }
      if (as === 'json') {
        return {
          filename: `${name}.json`,
          mime: 'application/json',
          content: `${JSON.stringify(toConversationFile(conversation), null, 2)}\n`,
        };
      }
      return { filename: `${name}.md`, mime: 'text/markdown', content: conversationToMarkdown(conversation) };
    },

    /** Stores an exported conversation under new ids, so importing the same file twice never collides. */
    async importConversation({ content }) {
      const parsed = parseConversationFile(content);
      if (!parsed.ok) throw invalid(parsed.message, 'content');
      const source = parsed.conversation;
      const id = randomUUID();
      s.store.transaction(() => {
        s.store.conversations.insert({
          id,
          format: source.format,
          model: source.model,
          title: importedTitle(
            source.title.trim() || DEFAULT_TITLE,
            new Set(s.store.conversations.list({ format: source.format }).map((c) => c.title)),
          ),
          origin: 'chat',
          params: source.params,
          createdAt: source.createdAt,
          updatedAt: s.now(),
        });
        for (const turn of source.turns) {
          // Exchange records belong to the database that made them; here they would point nowhere.
          const { exchangeId: _x, ...rest } = turn;
          const copy: Turn = { ...rest, id: randomUUID() };
          if (copy.error?.exchangeId !== undefined) {
            const { exchangeId: _e, ...error } = copy.error;
            copy.error = error;
          }
          s.store.messages.append(id, copy);
        }
      });
      return loadConversation(s, id);
    },
  };
}

/** The title of an imported copy: its own, unless the tab has one by that name ("… (imported)", "(imported 2)"…). */
export function importedTitle(title: string, taken: ReadonlySet<string>): string {
  if (!taken.has(title)) return title;
  for (let n = 1; ; n++) {
    const candidate = `${title} (imported${n === 1 ? '' : ` ${n}`})`;
    if (!taken.has(candidate)) return candidate;
  }
}
