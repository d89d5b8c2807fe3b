import { useRef, useState, type DragEvent } from 'react';
import { createPortal } from 'react-dom';
import { useSideSlot } from '../../components/side-slot.ts';
import { displayModelId } from '../../../shared/display.ts';
import { useStore } from '../../store/index.ts';
import { draftKey, selectTabModel } from '../../store/chat-helpers.ts';
import { FORMAT_LABELS, type TextFormat } from '../../../shared/formats.ts';
import { Sidebar } from './Sidebar.tsx';
import { ConversationHeader } from './ConversationHeader.tsx';
import type { ChatPresetsSlot } from '../../components/slots.ts';
import { MessageList } from './MessageList.tsx';
import { Composer } from './Composer.tsx';
import { ParamsPanel } from './ParamsPanel.tsx';
import { NewConversationStart } from './NewConversationStart.tsx';
import { ParamsNarrowContext, selectParamsInSide, selectParamsOpen } from '../params/useParamsPanel.ts';
import { useElementWidth } from '../../components/useSize.ts';
import { PARAMS_DOCKED_MIN_W, SIDEBAR_FULL_MIN_W, SIDEBAR_W } from '../../components/layout.ts';
import { sidebarCollapsed } from '../../commands/registry.ts';
import { Icon } from '../../components/Icon.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { Button } from '../../components/Button.tsx';
import { t } from '../../i18n/active.ts';
import { rich } from '../../i18n/rich.tsx';
import type { MessageKey } from '../../i18n/translate.ts';
import '../../styles/chat.css';

/** Wire text (a path, a field's name) inside a sentence: the same in every language. */
const wire = (text: string) => <span translate="no">{text}</span>;

/** What each format sends: the sentence in the page's language, the endpoint and fields as they are. */
const INTROS: Record<TextFormat, { key: MessageKey; parts: Record<string, string> }> = {
  chat: {
    key: 'chat.intro.chat',
    parts: { endpoint: 'POST /v1/chat/completions', roleContent: 'role/content' },
  },
  responses: {
    key: 'chat.intro.responses',
    parts: { endpoint: 'POST /v1/responses', input: 'input', instructions: 'instructions' },
  },
  messages: {
    key: 'chat.intro.messages',
    parts: { endpoint: 'POST /v1/messages', maxTokens: 'max_tokens' },
  },
  generate: {
    key: 'chat.intro.generate',
    parts: { endpoint: 'POST /v1beta/models/{model}:generateContent' },
  },
};

function Intro(props: { format: TextFormat }) {
  const intro = INTROS[props.format];
  const parts = Object.fromEntries(Object.entries(intro.parts).map(([name, text]) => [name, wire(text)]));
  return <p className="faint chat-empty-intro">{rich(t(intro.key), parts)}</p>;
}

function EmptyConversation(props: { format: TextFormat }) {
  const model = useStore((s) => selectTabModel(s, props.format));
  const onSandbox = useStore(
    (s) => s.connections.find((c) => c.id === s.activeConnectionId)?.builtIn ?? false,
  );
  const setTab = useStore((s) => s.setTab);
  return (
    <div className="empty chat-empty">
      <Icon name="message" size={28} />
      <p className="empty-title">{t('chat.empty.title', { format: FORMAT_LABELS[props.format] })}</p>
      <p>
        {model
          ? rich(t('chat.empty.model'), {
              model: (
                <span className="mono" translate="no">
                  {displayModelId(model)}
                </span>
              ),
            })
          : t('chat.empty.chooseModel')}
      </p>
      <NewConversationStart format={props.format} />
      <Intro format={props.format} />
      {onSandbox ? (
        <p className="chat-empty-sandbox" data-testid="sandbox-note">
          <Icon name="info" size={14} />
          <span>
            {rich(t('chat.empty.sandbox'), {
              link: (
                <button type="button" className="link-btn" onClick={() => setTab('settings')}>
                  {t('chat.empty.sandbox.link')}
                </button>
              ),
            })}
          </span>
        </p>
      ) : null}
    </div>
  );
}

function ConversationBody(props: { format: TextFormat; conversationId: string | null }) {
  const { format, conversationId } = props;
  const loaded = useStore((s) => (conversationId ? s.loaded[conversationId] !== undefined : false));
  const error = useStore((s) => (conversationId ? s.loadErrors[conversationId] : undefined));
  const open = useStore((s) => s.openConversation);
  if (conversationId === null) return <EmptyConversation format={format} />;
  if (error) {
    return (
      <div className="empty">
        <div className="callout callout--error" role="alert">
          <Icon name="alert-circle" size={15} />
          <span>
            {rich(t('chat.tab.openFailed'), { message: <span translate="no">{error.message}</span> })}
          </span>
        </div>
        <Button size="s" icon="retry" onClick={() => void open(format, conversationId)}>
          {t('chat.tab.tryAgain')}
        </Button>
      </div>
    );
  }
  if (!loaded) {
    return (
      <div className="empty">
        <Spinner size={18} label={t('chat.tab.loading')} />
      </div>
    );
  }
  return <MessageList conversationId={conversationId} format={format} />;
}

/** Whether a drag carries files (not text or a link being moved inside the page). */
const carriesFiles = (e: DragEvent) => Array.from(e.dataTransfer.types).includes('Files');

/**
 * The conversation takes files dropped anywhere on it; while files are dragged over, it says what a drop
 * will do. Entering and leaving child elements fires pairs of events, so a depth counter tracks the drag.
 */
function useFileDrop(format: TextFormat, conversationId: string | null) {
  const addFiles = useStore((s) => s.addFiles);
  const [over, setOver] = useState(false);
  const depth = useRef(0);
  return {
    over,
    handlers: {
      onDragEnter(e: DragEvent) {
        if (!carriesFiles(e)) return;
        e.preventDefault();
        depth.current += 1;
        setOver(true);
      },
      onDragOver(e: DragEvent) {
        if (!carriesFiles(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
      },
      onDragLeave(e: DragEvent) {
        if (!carriesFiles(e)) return;
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setOver(false);
      },
      onDrop(e: DragEvent) {
        if (!carriesFiles(e)) return;
        e.preventDefault();
        depth.current = 0;
        setOver(false);
        const files = Array.from(e.dataTransfer.files);
        if (files.length > 0) void addFiles(draftKey(format, conversationId), files);
      },
    },
  };
}

/** One text tab (Chat Completions, Responses, Messages or Generate Content): the same screen for each format. */
/** `presets` is the Presets menu of the header (features/presets, passed in by App.tsx). */
export function ChatTab(props: { format: TextFormat; presets: ChatPresetsSlot }) {
  const { format } = props;
  const conversationId = useStore((s) => s.activeConversation[format]);
  const [ref, width] = useElementWidth<HTMLDivElement>();
  // a folded sidebar (Ctrl/Cmd+Shift+S) gives its width to the conversation and the parameters
  const collapsed = useStore(sidebarCollapsed);
  const narrow = width > 0 && width < PARAMS_DOCKED_MIN_W - (collapsed ? SIDEBAR_W : 0);
  const tight = width > 0 && width < SIDEBAR_FULL_MIN_W;
  // ChatTab provides the context useParamsPanel reads, so it applies the same selector itself
  const paramsOpen = useStore(selectParamsOpen(narrow));
  // with the inspector open the panel is a tab of its column (kept while the inspector's tab shows)
  const inSide = useStore(selectParamsInSide);
  const paramsWanted = useStore((s) => s.paramsOpen);
  const sideSlot = useSideSlot();
  const docked = paramsOpen && !inSide;
  const classes = [
    'chat',
    docked && 'has-params',
    narrow && 'is-narrow',
    tight && 'is-tight',
    collapsed && 'is-sidebar-collapsed',
  ];
  const drop = useFileDrop(format, conversationId);
  // a preset applied to the new conversation replaces its parameters: the form starts again from them
  const presetRevision = useStore((s) => s.presetRevision[format]);
  return (
    <ParamsNarrowContext value={narrow}>
      <div
        ref={ref}
        className={classes.filter(Boolean).join(' ')}
        data-format={format}
        data-testid={`chat-${format}`}
      >
        {collapsed ? null : <Sidebar format={format} />}
        <section
          className={`chat-main${drop.over ? ' is-drop-target' : ''}`}
          aria-label={t('chat.tab.conversation', { format: FORMAT_LABELS[format] })}
          {...drop.handlers}
        >
          {drop.over ? (
            <div className="drop-hint" aria-hidden="true">
              <Icon name="paperclip" size={22} />
              {t('chat.tab.drop')}
            </div>
          ) : null}
          <ConversationHeader format={format} conversationId={conversationId} presets={props.presets} />
          <ConversationBody format={format} conversationId={conversationId} />
          <Composer format={format} conversationId={conversationId} />
        </section>
        {docked ? <ParamsPanel key={presetRevision} format={format} /> : null}
        {inSide && paramsWanted && sideSlot
          ? createPortal(<ParamsPanel key={presetRevision} format={format} />, sideSlot)
          : null}
      </div>
    </ParamsNarrowContext>
  );
}
