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

/**
 * The conversation, virtualised: only the rows near the viewport are in the DOM, each measured as it
 * renders (replies vary from one line to pages). Sticks to the bottom while a reply streams unless the
 * user has scrolled up; a search hit scrolls its turn into view.
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
  const stick = useRef(true);
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
    stick.current = true;
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
    stick.current = false;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the button follows a scroll made by code here
    setAtBottom(false);
    skimProgrammatic();
    virtualizer.scrollToIndex(index, { align: 'center' });
    setFlash(scrollRequest.turnId);
    const timer = setTimeout(() => setFlash(null), 2200);
    return () => clearTimeout(timer);
  }, [scrollRequest, rows, virtualizer, skimProgrammatic]);

  // A new request (send, regenerate, edit) brings the view back to the end.
  const requestId = pending?.requestId;
  useLayoutEffect(() => {
    if (!requestId) return;
    stick.current = true;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the button follows a scroll made by code here
    setAtBottom(true);
    scrollToBottom();
  }, [requestId, scrollToBottom]);

  // Growth (streaming text, rows measured) keeps the end in view while sticking.
  useLayoutEffect(() => {
    if (stick.current) scrollToBottom();
  }, [totalSize, scrollToBottom]);

  const onScroll = () => {
    const el = scrollRef.current;
    if (!el) return;
    skim.onScroll(el.scrollTop);
    const bottom = el.scrollHeight - el.scrollTop - el.clientHeight < BOTTOM_SLACK;
    stick.current = bottom;
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
          onClick={() => {
            stick.current = true;
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
