import { useCallback, useRef } from 'react';
import { useDismiss } from '../../components/useDismiss.ts';
import { useShallow } from 'zustand/react/shallow';
import { useStore } from '../../store/index.ts';
import { selectTabParams } from '../../store/chat-helpers.ts';
import { toolsScope } from '../../store/tools-slice.ts';
import { wireName } from '../../../shared/controls.ts';
import type { Params } from '../../../shared/conversation.ts';
import { FORMAT_LABELS, type TextFormat } from '../../../shared/formats.ts';
import { IconButton } from '../../components/IconButton.tsx';
import { paramsProblem } from '../params/params-problem.ts';
import { useParamsPanel } from '../params/useParamsPanel.ts';
import { ToolsSection } from '../params/ToolsSection.tsx';
import { t } from '../../i18n/active.ts';
import { messagesThinking, withParam } from '../params/edit.ts';
import { MaxTokens, StreamSwitch, SystemPromptField, Temperature } from '../params/fields.tsx';
import { GenerateThinking, MessagesThinking } from '../params/thinking.tsx';
import { MoreControls } from '../params/controls.tsx';
import { StructuredOutput } from '../params/StructuredOutput.tsx';

/** The parameters of the open conversation (or of the tab's next one); saved as you change them. */
export function ParamsPanel(props: { format: TextFormat }) {
  const conversationId = useStore((s) => s.activeConversation[props.format]);
  const { narrow, inSide, setOpen } = useParamsPanel();
  const ref = useRef<HTMLElement>(null);

  // Floating over a narrow window, the panel goes away on Escape or a click elsewhere (as a tab of the
  // side column it stays until closed there).
  const close = useCallback(() => setOpen(false), [setOpen]);
  useDismiss(ref, narrow && !inSide, close);

  return (
    <aside ref={ref} className="params-panel" aria-label={t('params.title')} data-testid="params-panel">
      <div className="params-head">
        <h2 className="params-title">{t('params.title')}</h2>
        <IconButton icon="x" size="s" label={t('params.hide')} onClick={() => setOpen(false)} />
      </div>
      {/* a fresh form per conversation, so half-typed numbers never leak from one to another */}
      <ParamsForm
        key={conversationId ?? 'new'}
        format={props.format}
        isNew={conversationId === null}
        scope={toolsScope(props.format, conversationId)}
      />
    </aside>
  );
}

function ParamsForm(props: { format: TextFormat; isNew: boolean; scope: string }) {
  const { format } = props;
  const params = useStore(useShallow((s) => selectTabParams(s, format)));
  const setParams = useStore((s) => s.setParams);
  const update = <K extends keyof Params>(key: K, value: Params[K] | undefined) =>
    setParams(format, withParam(params, key, value));
  const problem = paramsProblem(format, params);

  return (
    <div className="params-body">
      <SystemPromptField params={params} update={update} />

      <Temperature format={format} value={params.temperature} onChange={(v) => update('temperature', v)} />

      <MaxTokens
        format={format}
        value={params.maxTokens}
        onCommit={(v) => update('maxTokens', v)}
        required={format === 'messages'}
        hint={
          format === 'messages'
            ? t('params.maxTokens.hint.messages')
            : t('params.maxTokens.hint', { wire: wireName(format, 'maxTokens') ?? '' })
        }
        error={problem?.field === 'maxTokens' ? problem.message : undefined}
      />

      <StreamSwitch params={params} update={update} />

      {format === 'generate' ? (
        <GenerateThinking params={params} update={update} />
      ) : format === 'messages' ? (
        <MessagesThinking
          params={params}
          update={update}
          setThinking={(on) => setParams(format, messagesThinking(params, on))}
          error={problem?.field === 'thinkingBudget' ? problem.message : undefined}
        />
      ) : null}

      <MoreControls format={format} params={params} update={update} />

      <StructuredOutput format={format} params={params} update={update} />

      <ToolsSection format={format} params={params} scope={props.scope} />

      <p className="params-note">
        {t(props.isNew ? 'params.note.new' : 'params.note.saved', { format: FORMAT_LABELS[format] })}
      </p>
    </div>
  );
}
