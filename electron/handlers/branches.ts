// Moving between versions of a conversation, and making new ones that are not replies from the service.
import { randomUUID } from 'node:crypto';
import type { Turn } from '../../shared/conversation.ts';
import { compact } from '../../shared/compact.ts';
import {
  requireConversation,
  requireTurn,
  showBranch,
  storedPath,
  toTurn,
  viewConversation,
} from './conversation-view.ts';
import type { Handlers } from './dispatch.ts';
import { requireRoom } from './turn-room.ts';
import { withSuffix } from '../../shared/titles.ts';
import { invalid } from './errors.ts';
import type { Services } from './services.ts';
import { toolImageIds } from './tool-result-images.ts';

export function branchHandlers(
  s: Services,
): Pick<Handlers, 'selectBranch' | 'forkConversation' | 'editReply'> {
  return {
    async selectBranch({ conversationId, turnId }) {
      requireConversation(s, conversationId);
      showBranch(s, conversationId, turnId);
      return viewConversation(s, conversationId);
    },

    /**
     * A copy of the branch down to `turnId` under new ids: the same files (referred to, not copied), the
     * provider payloads verbatim (a signature stays valid: it is bound to its text, not to an id).
     */
    async forkConversation({ conversationId, turnId }) {
      const source = requireConversation(s, conversationId);
      requireTurn(s, conversationId, turnId);
      const path = storedPath(s, conversationId, turnId);
      const files = s.store.attachments.ofMessages(path.map((t) => t.id));
      const id = randomUUID();
      const now = s.now();
      s.store.transaction(() => {
        s.store.conversations.insert({
          id,
          format: source.format,
          model: source.model,
          title: withSuffix(source.title, ' (fork)'),
          origin: 'chat',
          params: source.params,
          ...compact({ connectionId: source.connectionId, wantedConnection: source.wantedConnection }),
          createdAt: now,
          updatedAt: now,
        });
        let parent: string | null = null;
        for (const stored of path) {
          const { versions: _v, parentId: _p, ...rest } = toTurn(stored);
          const copy: Turn = { ...rest, id: randomUUID() };
          s.store.messages.insert(id, copy, parent);
          if (stored.madeBy !== undefined) s.store.messages.setMadeBy(copy.id, stored.madeBy);
          s.store.attachments.link(
            copy.id,
            (files.get(stored.id) ?? []).map((a) => a.id),
          );
          // a results turn's tool images too, so deleting the source leaves the fork's files
          s.store.attachments.linkToolImages(copy.id, toolImageIds(copy.toolResults));
          parent = copy.id;
        }
        s.store.messages.setLeaf(id, parent);
      });
      return viewConversation(s, id);
    },

    /** The rewritten reply is a version beside the old one: plain text, no provider payload, marked edited. */
    async editReply({ conversationId, turnId, text }) {
      requireConversation(s, conversationId);
      const old = requireTurn(s, conversationId, turnId);
      if (old.role !== 'assistant')
        throw invalid('Only a reply can be rewritten here; edit your message instead.', 'turnId');
      requireRoom(s, conversationId, old.parentId ?? null, 1);
      const turn: Turn = compact({
        id: randomUUID(),
        role: 'assistant' as const,
        text,
        status: 'complete' as const,
        model: old.model,
        edited: true,
        createdAt: s.now(),
      });
      s.store.transaction(() => {
        s.store.messages.insert(conversationId, turn, old.parentId ?? null);
        s.store.messages.setLeaf(conversationId, turn.id);
        s.store.conversations.update(conversationId, { updatedAt: s.now() });
      });
      return viewConversation(s, conversationId);
    },
  };
}
