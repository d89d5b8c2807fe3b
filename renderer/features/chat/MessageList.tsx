import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useStore } from '../../store/index.ts';
import { visibleTurns } from '../../store/chat-helpers.ts';
import type { Turn } from '../../../shared/conversation.ts';
import type { Attachment } from '../../../shared/attachments.ts';
import type { TextFormat } from '../../../shared/formats.ts';
import { PendingUserBubble, ReplyBubble, UserBubble } from './Bubbles.tsx';
import { useVirtualRows } from '../../components/useVirtualRows.ts';
import { ErrorBoundary } from '../../components/ErrorBoundary.tsx';
import { Icon } from '../../components/Icon.tsx';
import { ToolResultsForm } from '../../components/turn/ToolResults.tsx';
import type { ToolResult } from '../../../shared/tools.ts';
import { t } from '../../i18n/active.ts';
import { createSkimTracker, SkimContext, useScrollSkim } from '../../components/skim.ts';

type Row =
  | { kind: 'turn'; key: string; turn: Turn }
  | {
      kind: 'pending-user';
      key: string;
      text: string;
      attachments: Attachment[] | undefined;
      toolResults: ToolResult[] | undefined;
    }
  | { kind: 'stream'; key: string; requestId: string }
  /** the results form under the last reply when it called functions and nothing answers it yet */
  | { kind: 'tool-form'; key: string; reply: Turn };

/** The streaming reply's row key; the finished reply keeps it (see ReplyBubble). */
const streamKey = (requestId: string) => `stream:${requestId}`;
// a row's height before it is measured, and the key its measured height stays with
const estimateRow = () => 120;
const keyOfRow = (row: Row) => row.key;

const BOTTOM_SLACK = 48;
/** A scroll this soon after the user's wheel, touch, key or pointer is theirs (smooth scrolling runs on). */
const HAND_MS = 1000;

/** Room left above the question when a new reply's follow stops. */
const READING_TOP = 12;

/**
 * The conversation, virtualised: only the rows near the viewport are in the DOM, each measured as it
 * renders (replies vary from one line to pages). A new reply is followed until the question that asked
 * for it reaches the top of the view; from there it grows below, so a long reply is read from its start
 * and never moves under the reader (nor does the page redraw the whole view on every frame of a fast
 * stream). Latest, or scrolling to the end, follows it to its end; scrolling up stops following. A search
 * hit scrolls its turn into view.
 */
export function MessageList(props: { conversationId: string; format: TextFormat }) {
  const { conversationId, format } = props;
  const turns = useStore((s) => s.loaded[conversationId]?.turns);
  const pending = useStore((s) => s.pending[conversationId]);
  const streamedReplies = useStore((s) => s.streamedReplies);
  const scrollRequest = useStore((s) =>
    s.scrollRequest?.conversationId === conversationId ? s.scrollRequest : null,
  );

  const rows = useMemo<Row[]>(() => {
    const list: Row[] = visibleTurns(turns ?? [], pending).map((t) => {
      const requestId = streamedReplies[t.id];
      return { kind: 'turn', key: requestId ? streamKey(requestId) : t.id, turn: t };
    });
    if (pending?.kind === 'send' && pending.text !== null)
      list.push({
        kind: 'pending-user',
        key: `pending:${pending.requestId}`,
        text: pending.text,
        attachments: pending.attachments,
        toolResults: pending.toolResults,
      });
    if (pending)
      list.push({ kind: 'stream', key: streamKey(pending.requestId), requestId: pending.requestId });
    const last = turns?.at(-1);
    if (!pending && last?.role === 'assistant' && last.toolCalls?.length)
      list.push({ kind: 'tool-form', key: `tool-form:${last.id}`, reply: last });
    return list;
  }, [turns, pending, streamedReplies]);
  const lastAssistant = useMemo(() => {
    for (let i = rows.length - 1; i >= 0; i--) {
      const r = rows[i];
      if (r?.kind === 'turn') return r.turn.role === 'assistant' ? r.turn.id : null;
    }
    return null;
  }, [rows]);

  const scrollRef = useRef<HTMLDivElement>(null);
  // What growth does to the view: keep the end in view; follow a new reply up to its reading top, then hold
  // the view there while it streams (rows above it may still be measured); or nothing. The user's own
  // scrolling (or Latest) changes it after that, and a scroll by something else leaving or reaching the
  // end (see onScroll); the list's own moves never do.
  const follow = useRef<'end' | 'reading' | 'held' | 'none'>('end');
  // when the user last scrolled by hand (wheel, touch, keys, the scrollbar, a button in the list)
  const handAt = useRef(-Infinity);
  // where the last scroll event found the view
  const lastTop = useRef(0);
  // the row of the reply a new request is followed to (its key stays when it finishes)
  const reading = useRef<string | null>(null);
  // the view's top as last held, and the virtualiser's offset then (it learns of the move from the event)
  const heldAt = useRef<{ top: number; offset: number | null } | null>(null);
  const [atBottom, setAtBottom] = useState(true);
  const [flash, setFlash] = useState<string | null>(null);
  const handledScroll = useRef<number | null>(null);
  // rows flown past are shown plain until the list settles (components/skim.ts)
  const skim = useScrollSkim();
  // stable across renders (the object `skim` is not), so the search-hit effect below runs once per request
  // and its cleanup does not cancel the timer that ends the highlight
  const skimProgrammatic = skim.programmatic;
  const [skimTracker] = useState(createSkimTracker);

  // the virtualizer re-renders this component itself; rows are measured as drawn
  const { virtualizer, items, totalSize } = useVirtualRows({
    scrollRef,
    rows,
    estimate: estimateRow,
    keyOf: keyOfRow,
    overscan: 6,
    paddingStart: 20,
    paddingEnd: 28,
  });

  const scrollToBottom = useCallback(() => {
    const el = scrollRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, []);

  // Opening a conversation starts at its end, or at the turn a search hit points to.
  useLayoutEffect(() => {
    follow.current = 'end';
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the button follows a scroll made by code here
    setAtBottom(true);
    skim.programmatic();
    if (rows.length > 0) virtualizer.scrollToIndex(rows.length - 1, { align: 'end' });
    // only when the conversation changes
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [conversationId]);

  useEffect(() => {
    if (!scrollRequest || handledScroll.current === scrollRequest.nonce) return;
    const index = rows.findIndex((r) => r.kind === 'turn' && r.turn.id === scrollRequest.turnId);
    if (index < 0) return;
    handledScroll.current = scrollRequest.nonce;
    follow.current = 'none';
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the button follows a scroll made by code here
    setAtBottom(false);
    skimProgrammatic();
    virtualizer.scrollToIndex(index, { align: 'center' });
    setFlash(scrollRequest.turnId);
    const timer = setTimeout(() => setFlash(null), 2200);
    return () => clearTimeout(timer);
  }, [scrollRequest, rows, virtualizer, skimProgrammatic]);

  // A new request (send, regenerate, edit) brings the view back to the end, and its reply is followed
  // until its question reaches the top.
  const requestId = pending?.requestId;
  useLayoutEffect(() => {
    if (!requestId) return;
    follow.current = 'reading';
    reading.current = streamKey(requestId);
    heldAt.current = null;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the button follows a scroll made by code here
    setAtBottom(true);
    scrollToBottom();
  }, [requestId, scrollToBottom]);

  /**
   * Where following a new reply stops: its question at the top (a tall one keeps half the view). Found by
   * the reply's row, which keeps its key when it finishes: a fast reply may finish before it is measured.
   */
  const readingTop = useCallback((): number | undefined => {
    const at = reading.current === null ? -1 : rows.findIndex((r) => r.key === reading.current);
    const reply = virtualizer.measurementsCache[at];
    // the virtualiser's own record of the view's height: reading the element's would lay the page out
    const height = virtualizer.scrollRect?.height;
    if (!reply || height === undefined) return undefined;
    const before = rows[at - 1];
    const asked =
      before?.kind === 'pending-user' || (before?.kind === 'turn' && before.turn.role === 'user')
        ? virtualizer.measurementsCache[at - 1]
        : undefined;
    const top = Math.max(asked?.start ?? reply.start, reply.start - height / 2);
    return Math.max(0, Math.round(top - READING_TOP));
  }, [rows, virtualizer]);

  // Growth (streaming text, rows measured) keeps the end in view while following, up to a new reply's
  // reading top; from there the view stays with that reply, whatever rows above it are measured to be
  // (Latest shows: the list is no longer at its end).
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el || follow.current === 'none') return;
    const top = follow.current === 'end' ? undefined : readingTop();
    if (top === undefined) {
      if (follow.current !== 'held') scrollToBottom();
      return;
    }
    if (follow.current === 'reading' && top >= el.scrollHeight - el.clientHeight - BOTTOM_SLACK) {
      scrollToBottom();
      return;
    }
    follow.current = 'held';
    // The reply grows below a view that does not move, so no scroll event says the end has left it: its
    // growth does (from the virtualiser's figures, which need no layout).
    const bottom = totalSize - top - (virtualizer.scrollRect?.height ?? 0) < BOTTOM_SLACK;
    if (bottom !== atBottom) setAtBottom(bottom);
    // Put back only what moved: the place (rows above the reply measured), or the view (the virtualiser
    // moving it for such a row). Each write lays the page out, and a fast stream grows every frame.
    const offset = virtualizer.scrollOffset;
    const last = heldAt.current;
    if (last && last.top === top && (offset === top || offset === last.offset)) return;
    el.scrollTop = top;
    heldAt.current = { top, offset };
  }, [totalSize, scrollToBottom, readingTop, virtualizer, atBottom]);

  const byHand = () => {
    handAt.current = performance.now();
  };
  const onScroll = () => {
    const el = scrollRef.current;
    if (!el) return;
    skim.onScroll(el.scrollTop);
    const bottom = el.scrollHeight - el.scrollTop - el.clientHeight < BOTTOM_SLACK;
    // The user's scroll decides: to the end follows to the end, anywhere else stops following. A move the
    // list made itself (rows measured, the view kept at the end or with a reply) changes nothing; one made
    // by something else (a script, find in page) counts when it leaves the end upwards or reaches it.
    const moved = el.scrollTop - lastTop.current;
    lastTop.current = el.scrollTop;
    if (performance.now() - handAt.current < HAND_MS) follow.current = bottom ? 'end' : 'none';
    else if (follow.current === 'none' && bottom) follow.current = 'end';
    else if ((follow.current === 'end' || follow.current === 'reading') && !bottom && moved < -BOTTOM_SLACK)
      follow.current = 'none';
    if (bottom !== atBottom) setAtBottom(bottom);
  };

  const busy = pending !== undefined;
  const skimmed = skimTracker.update(
    items.map(({ item }) => String(item.key)),
    skim.skimming(),
    skim.settled,
  );

  return (
    <div className="msg-scroll-wrap">
      <div
        ref={scrollRef}
        className="msg-scroll"
        onScroll={onScroll}
        onWheel={byHand}
        onTouchMove={byHand}
        onKeyDown={byHand}
        onPointerDown={byHand}
        onPointerMove={(e) => {
          if (e.buttons !== 0) byHand();
        }}
        tabIndex={0}
        aria-label={t('chat.list')}
        data-testid="message-list"
      >
        <div className="msg-canvas" style={{ height: totalSize }}>
          {items.map(({ item: v, row }) => {
            return (
              <SkimContext.Provider key={v.key} value={row.kind === 'turn' && skimmed.has(String(v.key))}>
                <div
                  data-index={v.index}
                  ref={virtualizer.measureElement}
                  className={`msg-row${row.kind === 'turn' && row.turn.id === flash ? ' is-flash' : ''}`}
                  style={{ transform: `translateY(${v.start}px)` }}
                >
                  <ErrorBoundary
                    label={t('components.renderFailed.thisMessage')}
                    raw={row.kind === 'turn' ? row.turn.text : undefined}
                  >
                    {row.kind === 'turn' ? (
                      row.turn.role === 'user' ? (
                        <UserBubble
                          turn={row.turn}
                          conversationId={conversationId}
                          format={format}
                          busy={busy}
                        />
                      ) : (
                        <ReplyBubble
                          turn={row.turn}
                          conversationId={conversationId}
                          isLast={row.turn.id === lastAssistant}
                          busy={busy}
                        />
                      )
                    ) : row.kind === 'pending-user' ? (
                      <PendingUserBubble
                        text={row.text}
                        attachments={row.attachments}
                        toolResults={row.toolResults}
                      />
                    ) : row.kind === 'tool-form' ? (
                      <div className="msg">
                        <ToolResultsForm conversationId={conversationId} reply={row.reply} busy={busy} />
                      </div>
                    ) : (
                      <ReplyBubble
                        requestId={row.requestId}
                        conversationId={conversationId}
                        isLast={false}
                        busy={busy}
                      />
                    )}
                  </ErrorBoundary>
                </div>
              </SkimContext.Provider>
            );
          })}
        </div>
      </div>
      {!atBottom ? (
        <button
          type="button"
          className="jump-latest"
          data-testid="jump-latest"
          onClick={() => {
            follow.current = 'end';
            setAtBottom(true);
            skim.programmatic();
            virtualizer.scrollToIndex(rows.length - 1, { align: 'end' });
            requestAnimationFrame(scrollToBottom);
          }}
        >
          <Icon name="chevron-down" size={14} /> {t('chat.list.latest')}
        </button>
      ) : null}
    </div>
  );
}
