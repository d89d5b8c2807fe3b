// A reply that streams is written to the database as it arrives, so a crash or a kill keeps what the
// user saw. Writes are bounded in time and in bytes: the first as soon as text arrives, then at most one
// every PERSIST_EVERY_MS, and only once the text has grown by a quarter since the last write. Each write
// rewrites (and re-indexes) the whole text, so growth by a fixed factor keeps all the writes of a reply
// within five times its length, however fast it streams: linear, never quadratic.
import { randomUUID } from 'node:crypto';
import type { Turn } from '../../shared/conversation.ts';
import type { Services } from './services.ts';
import { hostWork } from '../core/work.ts';

const PERSIST_EVERY_MS = 500;
/** The text written next is at least this many times the last one written. */
const PERSIST_GROWTH = 1.25;

/** What a crash leaves on a reply that was still streaming: shown as cut off, with this reason. */
const INTERRUPTED = 'Quartet closed before the reply was complete; this is what had arrived.';

export interface StreamedReplyWriter {
  /** the id the reply is stored under, from its first delta to its final form */
  readonly id: string;
  /** appends a piece of visible text; writes when the bound allows */
  text(piece: string): void;
  /**
   * the final turn under the writer's id, replacing the provisional row if one was written; still out of
   * the search index: the caller has it taken in (store.indexLater) once the page is answered
   */
  finish(reply: Turn, conversationId: string): void;
}

/**
 * The reply goes under `parentId` (the user turn it answers) from its first write; the branch on screen
 * moves to it when the caller says so, once it is final.
 */
export function streamedReplyWriter(
  s: Services,
  conversationId: string,
  model: string,
  parentId: string,
): StreamedReplyWriter {
  const id = randomUUID();
  let text = '';
  let written = false;
  let lastWrite = 0;
  let lastLength = 0;
  const write = () => {
    hostWork.partialWriteChars += text.length;
    lastLength = text.length;
    try {
      // provisional: it guards against a kill, not a power cut, and a sync per write held the loop
      s.store.provisional(() => {
        if (!written) {
          s.store.messages.insert(
            conversationId,
            {
              id,
              role: 'assistant',
              text,
              status: 'partial',
              error: { kind: 'aborted', message: INTERRUPTED },
              model,
              createdAt: s.now(),
            },
            parentId,
            // out of the search index while it streams (migration 008): finish() has it taken in once
            { unindexed: true },
          );
          written = true;
        } else {
          s.store.messages.updateText(id, text);
        }
      });
      lastWrite = performance.now();
    } catch (e) {
      // a failed interim write costs only crash safety; the final write below still stores the reply
      s.log.error('could not store a streaming reply as it arrived', e);
    }
  };
  // A write is a task of its own, never added to the end of a read of the stream that is already long.
  let scheduled: ReturnType<typeof setImmediate> | undefined;
  const writeSoon = () => {
    scheduled ??= setImmediate(() => {
      scheduled = undefined;
      write();
    });
  };
  return {
    id,
    text(piece) {
      text += piece;
      if (!written) write();
      else if (
        text.length >= lastLength * PERSIST_GROWTH &&
        performance.now() - lastWrite >= PERSIST_EVERY_MS
      ) {
        writeSoon();
      }
    },
    finish(reply, conversationId) {
      if (scheduled !== undefined) clearImmediate(scheduled);
      scheduled = undefined;
      if (written) s.store.messages.replace(id, { ...reply, id });
      else s.store.messages.insert(conversationId, { ...reply, id }, parentId, { unindexed: true });
    },
  };
}
