import { useStore } from '../../store/index.ts';
import { useParamsPanel } from './useParamsPanel.ts';
import { selectTabModel, visibleTurns } from '../../store/chat-helpers.ts';
import { totalsOf } from '../../../shared/usage.ts';
import { FORMAT_LABELS, familyOf, type TextFormat } from '../../../shared/formats.ts';
import { ModelPicker } from '../models/ModelPicker.tsx';
import { IconButton } from '../../components/IconButton.tsx';
import { MenuButton } from '../../components/Menu.tsx';
import { formatCount } from '../../components/format.ts';
import { useShallow } from 'zustand/react/shallow';
import { ChatPresets } from '../presets/ChatPresets.tsx';
import { SidebarToggle } from '../../commands/SidebarToggle.tsx';
import { useShortcutProps } from '../../commands/platform.ts';
import { ConversationCost } from '../cost/Cost.tsx';

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
    <p
      className="conv-totals"
      data-testid="conversation-totals"
      title="Running totals of this conversation (tokens reported by the service)"
    >
      <span>
        <span className="tabular">{totals.replies}</span> {totals.replies === 1 ? 'reply' : 'replies'}
      </span>
      {totals.input !== undefined ? (
        <span>
          <span className="tabular">{formatCount(totals.input)}</span> in
        </span>
      ) : null}
      {totals.output !== undefined ? (
        <span>
          <span className="tabular">{formatCount(totals.output)}</span> out
        </span>
      ) : null}
      {totals.total !== undefined ? (
        <span>
          <span className="tabular">{formatCount(totals.total)}</span> total
        </span>
      ) : null}
      {totals.thinking !== undefined && totals.thinking > 0 ? (
        <span>
          <span className="tabular">{formatCount(totals.thinking)}</span> thinking
        </span>
      ) : null}
      <ConversationCost conversationId={props.conversationId} />
    </p>
  );
}

/** Title, model, running totals, export and the parameters toggle. */
export function ConversationHeader(props: { format: TextFormat; conversationId: string | null }) {
  const { format, conversationId } = props;
  const title = useStore((s) => (conversationId ? s.loaded[conversationId]?.title : undefined));
  const model = useStore((s) => selectTabModel(s, format));
  const setModel = useStore((s) => s.setModel);
  const { open: paramsOpen, setOpen: setParamsOpen } = useParamsPanel();
  const paramsLabel = paramsOpen ? 'Hide parameters' : 'Show parameters';
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
        <h2 className="conv-heading-title" title={title}>
          {title ?? 'New conversation'}
        </h2>
        {conversationId ? (
          <Totals conversationId={conversationId} />
        ) : (
          <p className="conv-totals faint">{FORMAT_LABELS[format]}</p>
        )}
      </div>
      <div className="conv-picker">
        <ModelPicker
          family={familyOf(format)}
          purpose={format}
          value={model}
          onChange={(id) => setModel(format, id)}
          id={`model-${format}`}
          compact
        />
      </div>
      <div className="conv-tools">
        <ChatPresets format={format} conversationId={conversationId} />
        <MenuButton
          icon="download"
          label="Export this conversation"
          disabled={conversationId === null}
          testId="export-menu"
          items={[
            {
              id: 'export-markdown',
              label: 'Export as Markdown',
              icon: 'file',
              onSelect: () => conversationId && void exportConversation(conversationId, 'markdown'),
            },
            {
              id: 'export-json',
              label: branched ? 'Export as JSON (the versions on screen)' : 'Export as JSON',
              icon: 'code',
              onSelect: () => conversationId && void exportConversation(conversationId, 'json'),
            },
            ...(branched
              ? [
                  {
                    id: 'export-json-all',
                    label: 'Export as JSON (every version)',
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
