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
}) {
  const { formats, shared, params, onChange } = props;
  const first = formats[0] ?? 'chat';
  if (!shared) return <ToolsSection format={first} params={params} onChange={onChange} />;
  // A thinking messages column takes only auto or none: the section then offers the choice as messages has it.
  const messagesThinks =
    formats.includes('messages') && columnParams('messages', params).thinkingBudget !== undefined;
  const choice = params.toolChoice;
  const count = params.tools?.length ?? 0;
  return (
    <div className="compare-control" data-control="tools">
      <ToolsSection format={messagesThinks ? 'messages' : first} params={params} onChange={onChange} />
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
