import { useShallow } from 'zustand/react/shallow';
import { useStore } from '../../store/index.ts';
import { selectTabParams } from '../../store/chat-helpers.ts';
import { selectToolsDraft, toolsScope } from '../../store/tools-slice.ts';
import { defaultParams, type Params } from '../../../shared/conversation.ts';
import type { TextFormat } from '../../../shared/formats.ts';
import { Button } from '../../components/Button.tsx';
import { controlWords } from '../params/params-words.ts';
import { t } from '../../i18n/active.ts';

const SYSTEM_SHOWN = 40;

/** Fields named in the line by their own words; any other that differs from the defaults is counted. */
const NAMED = new Set<string>([
  'system',
  'tools',
  'toolChoice',
  'temperature',
  'maxTokens',
  'output',
  'stream',
  'topP',
  'topK',
  'stop',
  'seed',
  'presencePenalty',
  'frequencyPenalty',
  'reasoningEffort',
  'reasoningSummary',
  'thinkingLevel',
  'extraBody',
]);

/**
 * What a tab's new conversation starts with beyond the defaults, in a few words: its system prompt (as
 * typed, so a `{{variable}}` left in it shows), its functions and tool choice, a functions draft, the other
 * parameters by name, and how many more differ. Empty when it starts from the defaults.
 */
export function startsWith(format: TextFormat, p: Params, toolsDraft: boolean): string[] {
  const bits: string[] = [];
  const defaults: Record<string, unknown> = defaultParams(format);
  if (p.system) {
    const line = p.system.replace(/\s+/g, ' ').trim();
    const text = line.length > SYSTEM_SHOWN ? `${line.slice(0, SYSTEM_SHOWN - 1)}…` : line;
    bits.push(t('params.start.system', { text }));
  }
  const functions = p.tools?.length ?? 0;
  if (functions > 0) bits.push(t('params.start.functions', { count: functions }));
  if (toolsDraft) bits.push(t('params.start.toolsDraft'));
  const choice = p.toolChoice;
  // a choice is its wire value (auto, required) or a function's name, the same in every language
  if (choice !== undefined)
    bits.push(t('params.words.toolChoice', { choice: typeof choice === 'object' ? choice.name : choice }));
  if (p.temperature !== undefined) bits.push(t('params.words.temp', { value: String(p.temperature) }));
  if (p.maxTokens !== undefined && p.maxTokens !== defaults['maxTokens'])
    bits.push(t('params.words.tokens', { count: p.maxTokens }));
  if (p.output)
    bits.push(p.output.mode === 'json' ? 'JSON' : t('params.words.schema', { name: p.output.name }));
  bits.push(...controlWords(p));
  if (!p.stream) bits.push(t('params.words.notStreamed'));
  const differs = (key: string, value: unknown) => JSON.stringify(value) !== JSON.stringify(defaults[key]);
  const others =
    Object.entries(p).filter(([key, value]) => !NAMED.has(key) && value !== undefined && differs(key, value))
      .length + Object.keys(defaults).filter((key) => !(key in p)).length;
  if (others > 0) bits.push(t('params.start.others', { count: others }));
  return bits;
}

/**
 * The empty conversation's line saying what this new conversation inherits from earlier work in the tab
 * (the parameters are remembered per tab), with a Reset back to the defaults. Nothing when it inherits none.
 */
export function NewConversationStart(props: { format: TextFormat }) {
  const { format } = props;
  const params = useStore(useShallow((s) => selectTabParams(s, format)));
  const draft = useStore((s) => selectToolsDraft(s, toolsScope(format, null)) !== null);
  const reset = useStore((s) => s.resetNewConversation);
  const bits = startsWith(format, params, draft);
  if (bits.length === 0) return null;
  return (
    <p className="chat-empty-start" data-testid="new-conversation-start">
      <span>
        <span className="faint">{t('params.start.label')}</span> {bits.join(' · ')}
      </span>
      <Button
        size="s"
        variant="ghost"
        icon="retry"
        onClick={() => reset(format)}
        title={t('params.start.resetLabel')}
        data-testid="new-conversation-reset"
      >
        {t('params.start.reset')}
      </Button>
    </p>
  );
}
