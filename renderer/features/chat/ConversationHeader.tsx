import { useStore } from '../../store/index.ts';
import { useParamsPanel } from '../params/useParamsPanel.ts';
import { selectTabConnection, selectTabModel, visibleTurns } from '../../store/chat-helpers.ts';
import { ConnectionSelect } from '../../components/ConnectionSelect.tsx';
import { ConnectionStatus } from '../../components/ConnectionStatus.tsx';
import { totalsOf } from '../../../shared/usage.ts';
import { FORMAT_LABELS, familyOf, type TextFormat } from '../../../shared/formats.ts';
import { ModelPicker } from '../../components/ModelPicker.tsx';
import { IconButton } from '../../components/IconButton.tsx';
import { MenuButton } from '../../components/Menu.tsx';
import { formatCount } from '../../components/format.ts';
import { useShallow } from 'zustand/react/shallow';
import type { ChatPresetsSlot } from '../../components/slots.ts';
import { SidebarToggle } from '../../commands/SidebarToggle.tsx';
import { useShortcutProps } from '../../commands/platform.ts';
import { ConversationCost } from '../../components/cost/Cost.tsx';
import { t } from '../../i18n/active.ts';
import { rich } from '../../i18n/rich.tsx';
import { usagePart, type UsagePart } from './usage-words.ts';

/** One running total, its figure where the language puts it. */
function Figure(props: { part: UsagePart }) {
  return <span>{rich(props.part.text, { value: <span className="tabular">{props.part.value}</span> })}</span>;
}

/** Running totals of the open conversation, from every reply's reported usage. */
function Totals(props: { conversationId: string }) {
  const totals = useStore(
    useShallow((s) => {
      const c = s.loaded[props.conversationId];
      const turns = c ? visibleTurns(c.turns, s.pending[props.conversationId]) : [];
      return { ...totalsOf(turns), replies: turns.filter((t) => t.role === 'assistant').length };
    }),
  );
  if (totals.replies === 0) return null;
  return (
    <p className="conv-totals" data-testid="conversation-totals" title={t('chat.header.totals')}>
      <span>
        {rich(t('chat.header.replies', { count: totals.replies }), {
          value: <span className="tabular">{formatCount(totals.replies)}</span>,
        })}
      </span>
      {totals.input !== undefined ? <Figure part={usagePart('in', totals.input)} /> : null}
      {totals.output !== undefined ? <Figure part={usagePart('out', totals.output)} /> : null}
      {totals.total !== undefined ? <Figure part={usagePart('total', totals.total)} /> : null}
      {totals.thinking !== undefined && totals.thinking > 0 ? (
        <Figure part={usagePart('thinking', totals.thinking)} />
      ) : null}
      <ConversationCost conversationId={props.conversationId} />
    </p>
  );
}

/** Title, model, running totals, export and the parameters toggle. */
export function ConversationHeader(props: {
  format: TextFormat;
  conversationId: string | null;
  presets: ChatPresetsSlot;
}) {
  const { format, conversationId, presets: Presets } = props;
  const title = useStore((s) => (conversationId ? s.loaded[conversationId]?.title : undefined));
  const model = useStore((s) => selectTabModel(s, format));
  const setModel = useStore((s) => s.setModel);
  const connectionId = useStore((s) => selectTabConnection(s, format));
  const wanted = useStore((s) => (conversationId ? s.loaded[conversationId]?.connection : undefined));
  const setConnection = useStore((s) => s.setConnection);
  const { open: paramsOpen, setOpen: setParamsOpen } = useParamsPanel();
  const paramsLabel = t(paramsOpen ? 'params.hide' : 'chat.header.showParams');
  const paramsKeys = useShortcutProps('toggleParams', paramsLabel);
  const exportConversation = useStore((s) => s.exportConversation);
  const branched = useStore((s) =>
    conversationId
      ? (s.loaded[conversationId]?.turns.some((t) => (t.versions?.length ?? 0) > 1) ?? false)
      : false,
  );

  return (
    <header className="conv-header">
      <SidebarToggle />
      <div className="conv-heading">
        {/* a conversation's title is what the user or the first message wrote */}
        <h2 className="conv-heading-title" title={title} translate={title === undefined ? undefined : 'no'}>
          {title ?? t('chat.header.new')}
        </h2>
        {conversationId ? (
          <Totals conversationId={conversationId} />
        ) : (
          <p className="conv-totals faint">{FORMAT_LABELS[format]}</p>
        )}
      </div>
      <div className="conv-picker">
        <ConnectionSelect
          value={connectionId}
          wanted={wanted && wanted.id === undefined ? wanted.name : undefined}
          onChange={(id) => void setConnection(format, id)}
          label={t('connection.title')}
          id={`connection-${format}`}
        />
        <ConnectionStatus connectionId={connectionId} format={format} model={model} />
        <ModelPicker
          family={familyOf(format)}
          purpose={format}
          value={model}
          connectionId={connectionId}
          acrossConnections
          onChange={(id, elsewhere) =>
            elsewhere !== undefined ? void setConnection(format, elsewhere, id) : setModel(format, id)
          }
          id={`model-${format}`}
          compact
        />
      </div>
      <div className="conv-tools">
        <Presets format={format} conversationId={conversationId} />
        <MenuButton
          icon="download"
          label={t('chat.header.export')}
          disabled={conversationId === null}
          testId="export-menu"
          items={[
            {
              id: 'export-markdown',
              label: t('chat.header.export.markdown'),
              icon: 'file',
              onSelect: () => conversationId && void exportConversation(conversationId, 'markdown'),
            },
            {
              id: 'export-json',
              label: t(branched ? 'chat.header.export.jsonShown' : 'chat.header.export.json'),
              icon: 'code',
              onSelect: () => conversationId && void exportConversation(conversationId, 'json'),
            },
            ...(branched
              ? [
                  {
                    id: 'export-json-all',
                    label: t('chat.header.export.jsonAll'),
                    icon: 'code' as const,
                    onSelect: () => conversationId && void exportConversation(conversationId, 'json', 'all'),
                  },
                ]
              : []),
          ]}
        />
        <IconButton
          icon="sliders"
          label={paramsLabel}
          {...paramsKeys}
          aria-pressed={paramsOpen}
          onClick={() => setParamsOpen(!paramsOpen)}
          data-params-toggle
          data-testid="params-toggle"
        />
      </div>
    </header>
  );
}
