import type { Params } from '../../../shared/conversation.ts';
import { SHORT_FORMAT_NAMES, type TextFormat } from '../../../shared/formats.ts';
import { columnParams } from '../../store/compare-params.ts';
import { TOOLS_WIRE, ToolsSection, toolChoiceWire } from '../params/ToolsSection.tsx';
import { t } from '../../i18n/active.ts';

/**
 * The chat panel's Tools section in Compare's parameters. One column's editor is the chat tab's section on
 * that column's set. The shared one gives every column the same functions, so its lines under the section
 * say what each column's format sends for the tool choice (the section's own lines name one format's
 * fields and are hidden there, compare.css).
 */
export function CompareTools(props: {
  /** the columns' formats, each once; one format: a column's own editor */
  formats: readonly TextFormat[];
  shared: boolean;
  params: Params;
  onChange(params: Params): void;
  /** the conversations of the columns this set goes to (those that have one yet) */
  conversationIds: readonly string[];
}) {
  const { formats, shared, params, onChange, conversationIds } = props;
  const first = formats[0] ?? 'chat';
  // "Always run in this column / comparison" (a call's card) is listed here, with "Ask again"
  const alwaysIn = { conversationIds, where: shared ? ('columns' as const) : ('column' as const) };
  if (!shared)
    return <ToolsSection format={first} params={params} onChange={onChange} mcpAlwaysIn={alwaysIn} />;
  // A thinking messages column takes only auto or none: the section then offers the choice as messages has it.
  const messagesThinks =
    formats.includes('messages') && columnParams('messages', params).thinkingBudget !== undefined;
  const choice = params.toolChoice;
  const count = params.tools?.length ?? 0;
  return (
    <div className="compare-control" data-control="tools">
      <ToolsSection
        format={messagesThinks ? 'messages' : first}
        params={params}
        onChange={onChange}
        mcpAlwaysIn={alwaysIn}
      />
      {count > 0 ? (
        <div className="compare-tools-wire field-hint" data-testid="tool-choice-where">
          {choice === undefined ? (
            <span>{t('tools.compare.choiceNotSent')}</span>
          ) : (
            <>
              <span>{t('tools.compare.choiceGoesAs')}</span>
              <ul className="compare-tools-list">
                {formats.map((f) => (
                  <li
                    key={f}
                    data-format={f}
                    title={t('tools.compare.functionsSentAs', { wire: TOOLS_WIRE[f] })}
                  >
                    <span className="compare-tools-format">{SHORT_FORMAT_NAMES[f]}</span>{' '}
                    <code className="mono">{toolChoiceWire(f, choice)}</code>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      ) : null}
    </div>
  );
}
