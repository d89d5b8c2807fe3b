import { useId, type KeyboardEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useStore } from '../../store/index.ts';
import { selectInvalidParam } from '../../store/chat-helpers.ts';
import { fixedResultOf, type ToolResultDraft } from '../../store/tools-slice.ts';
import type { Turn } from '../../../shared/conversation.ts';
import type { TextFormat } from '../../../shared/formats.ts';
import {
  MAX_TOOL_RESULT_CHARS,
  pairingProblem,
  type ToolCall,
  type ToolDef,
  type ToolResult,
} from '../../../shared/tools.ts';
import { Button } from '../Button.tsx';
import { Icon } from '../Icon.tsx';
import { compactResult, prettyResult } from './tool-text.ts';
import { McpCallCard } from './McpCallCard.tsx';
import { ToolImage } from './ToolImage.tsx';
import { mcpCallKey, mcpToolResult } from '../../store/mcp-slice.ts';
import { t } from '../../i18n/active.ts';
import { sharedProblemText } from '../../i18n/problem-text.ts';
import type { MessageKey } from '../../i18n/translate.ts';
import '../../styles/tools.css';

/** A result longer than this (or on several lines) is shown collapsed. */
const SHORT_RESULT = 120;

/** The user turn that answered calls: "Results", then one line per call, name → value. */
export function ToolResultsList(props: { results: readonly ToolResult[] }) {
  return (
    <div className="msg-bubble tool-results" data-testid="tool-results">
      <div className="tool-results-head">
        <Icon name="check-circle" size={12} />
        {t('tools.results')}
      </div>
      <ul className="tool-results-list">
        {props.results.map((r, i) => {
          const line = compactResult(r.content);
          const long = line.length > SHORT_RESULT || line.includes('\n');
          const name = (
            <>
              <span className="tool-result-name mono">{r.name}</span>
              <span className="tool-result-arrow" aria-hidden="true">
                →
              </span>
              {r.isError ? (
                <span className="badge badge--error tool-result-error">{t('tools.results.error')}</span>
              ) : null}
            </>
          );
          return (
            <li
              key={`${r.callId}:${i}`}
              className="tool-result"
              data-testid="tool-result"
              data-call-id={r.callId}
            >
              {long ? (
                <details className="tool-result-long">
                  <summary>
                    {name}
                    <span className="tool-result-value mono">{line.slice(0, SHORT_RESULT)}…</span>
                  </summary>
                  <pre className="tool-result-full mono">{prettyResult(r.content)}</pre>
                </details>
              ) : (
                <>
                  {name}
                  <span className="tool-result-value mono" data-testid="tool-result-value">
                    {line}
                  </span>
                </>
              )}
              {/* a server tool's images, kept with the turn (by reference) */}
              {(r.images ?? []).map((img, k) => (
                <ToolImage
                  key={`${img.id}:${k}`}
                  id={img.id}
                  tool={r.name}
                  width={img.width}
                  height={img.height}
                />
              ))}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** How each format carries the results (said under the form, so a playground user knows what is sent). */
const RESULTS_WIRE: Record<TextFormat, MessageKey> = {
  chat: 'tools.results.wire.chat',
  responses: 'tools.results.wire.responses',
  messages: 'tools.results.wire.messages',
  generate: 'tools.results.wire.generate',
};

/** What stands between the typed results and sending them, or undefined. */
function resultsProblem(calls: readonly ToolCall[], results: readonly ToolResult[]): string | undefined {
  const empty = results.find((r) => r.content.trim() === '');
  if (empty) return t('tools.results.empty', { name: empty.name, id: empty.callId });
  const big = results.find((r) => r.content.length > MAX_TOOL_RESULT_CHARS);
  if (big) return t('tools.results.tooBig', { name: big.name });
  const unpaired = pairingProblem(calls, results);
  return unpaired === undefined ? undefined : sharedProblemText(unpaired);
}

/**
 * Where the form's results go when its conversation is not the chat tab's (a Compare column): the
 * conversation's format and functions as on screen, why sending waits, and the send itself.
 */
export interface ToolResultsTarget {
  format: TextFormat;
  tools: readonly ToolDef[] | undefined;
  /** a parameter on screen is not a valid value, or null */
  invalid: string | null;
  send(results: ToolResult[]): Promise<boolean>;
}

/**
 * Under a reply with function calls (the last on the branch): one field per call, filled with the
 * function's fixed result when it has one, an error box each, and Send results (Ctrl/Cmd+Enter). With
 * `editTurn`, the same form makes a new version of that results turn. What is typed lives in the store,
 * so the row can scroll out of the virtual list without losing it.
 */
export function ToolResultsForm(props: {
  conversationId: string;
  reply: Turn;
  editTurn?: Turn | undefined;
  busy: boolean;
  onDone?: (() => void) | undefined;
  /** the conversation is not the chat tab's: where its results go (the chat tab's send when left out) */
  target?: ToolResultsTarget | undefined;
}) {
  const { conversationId, reply, editTurn, busy, target } = props;
  const calls = reply.toolCalls ?? [];
  const key = editTurn ? `edit:${editTurn.id}` : reply.id;
  const id = useId();
  const tabFormat = useStore((s) => s.loaded[conversationId]?.format ?? 'chat');
  const format = target?.format ?? tabFormat;
  const tabTools = useStore((s) => s.loaded[conversationId]?.params.tools);
  const tools = target ? target.tools : tabTools;
  const drafts = useStore(useShallow((s) => s.toolDrafts[key] ?? {}));
  const stopped = useStore((s) => (editTurn ? undefined : s.autoStopped[conversationId]));
  const tabInvalid = useStore((s) => selectInvalidParam(s, format));
  const invalid = target ? target.invalid : tabInvalid;
  const setDraft = useStore((s) => s.setToolDraft);
  const clearDrafts = useStore((s) => s.clearToolDrafts);
  const sendToolResults = useStore((s) => s.sendToolResults);
  const mcpCalls = useStore((s) => s.mcpCalls);

  const initial = (c: ToolCall): ToolResultDraft => {
    const before = editTurn?.toolResults?.find((r) => r.callId === c.id);
    if (before) return { content: before.content, isError: before.isError === true };
    return { content: fixedResultOf(tools, c.name) ?? '', isError: false };
  };
  const serverResult = (c: ToolCall): ToolResult | undefined => {
    const state = editTurn ? undefined : mcpCalls[mcpCallKey(reply.id, c.id)];
    return state ? mcpToolResult(state) : undefined;
  };
  const fromServer = (c: ToolCall): ToolResultDraft | undefined => {
    const state = editTurn ? undefined : mcpCalls[mcpCallKey(reply.id, c.id)];
    if (!state) return undefined;
    const r = serverResult(c);
    return { content: r?.content ?? '', isError: r?.isError === true };
  };
  const current = (c: ToolCall): ToolResultDraft => fromServer(c) ?? drafts[c.id] ?? initial(c);
  const results: ToolResult[] = calls.map((c) => {
    const d = current(c);
    // a server tool's images go with its result; a version of a results turn keeps the ones it had
    const images = serverResult(c)?.images ?? editTurn?.toolResults?.find((r) => r.callId === c.id)?.images;
    return {
      callId: c.id,
      name: c.name,
      content: d.content,
      ...(d.isError ? { isError: true } : {}),
      ...(images && images.length > 0 ? { images } : {}),
    };
  });
  const problem = resultsProblem(calls, results);
  const reason =
    problem ?? (invalid !== null ? t('tools.results.fixInParams', { problem: invalid }) : undefined);

  const submit = async () => {
    if (busy || reason !== undefined) return;
    const ok = target
      ? await target.send(results)
      : await sendToolResults(conversationId, results, editTurn ? { editTurnId: editTurn.id } : undefined);
    if (ok) {
      clearDrafts(key);
      props.onDone?.();
    }
  };
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      void submit();
    } else if (e.key === 'Escape' && props.onDone) {
      e.preventDefault();
      props.onDone();
    }
  };

  return (
    <section
      className="tool-form"
      aria-label={t(editTurn ? 'tools.results.edit' : 'tools.results.answerAll')}
      data-testid="tool-results-form"
      onKeyDown={onKeyDown}
    >
      <div className="tool-form-head">
        <Icon name="code" size={14} />
        <strong>
          {editTurn ? t('tools.results.edit') : t('tools.results.answer', { count: calls.length })}
        </strong>
        <span className="faint tool-form-wire">{t(RESULTS_WIRE[format])}</span>
      </div>
      {stopped ? (
        <p className="callout callout--warning" role="status" data-testid="tool-auto-stopped">
          <Icon name="alert" size={14} />
          <span>{stopped}</span>
        </p>
      ) : null}
      {calls.map((c, i) => {
        const mcpKey = mcpCallKey(reply.id, c.id);
        const mcpState = editTurn ? undefined : mcpCalls[mcpKey];
        if (mcpState) {
          return <McpCallCard key={`${c.id}:${i}`} stateKey={mcpKey} state={mcpState} />;
        }
        const d = current(c);
        const fixed = fixedResultOf(tools, c.name);
        return (
          <div key={`${c.id}:${i}`} className="tool-form-field" data-testid="tool-result-field">
            <div className="field-row tool-form-label">
              <label htmlFor={`${id}-${i}`}>
                <span className="mono">{c.name}</span>
              </label>
              <span className="mono faint tool-call-id">{c.id}</span>
              <label className="tool-form-error">
                <input
                  type="checkbox"
                  checked={d.isError}
                  onChange={(e) => setDraft(key, c.id, { ...d, isError: e.target.checked })}
                  data-testid="tool-result-is-error"
                />
                {t('tools.results.error')}
              </label>
            </div>
            <textarea
              id={`${id}-${i}`}
              className="textarea mono tool-form-input"
              rows={Math.min(8, Math.max(2, d.content.split('\n').length))}
              spellCheck={false}
              placeholder={t('tools.results.placeholder')}
              value={d.content}
              onChange={(e) => setDraft(key, c.id, { ...d, content: e.target.value })}
              data-testid="tool-result-input"
            />
            {fixed !== undefined && d.content === fixed ? (
              <span className="field-hint">{t('tools.results.fixedResult')}</span>
            ) : null}
          </div>
        );
      })}
      <div className="tool-form-actions">
        <span
          className={reason ? 'composer-reason tool-form-reason' : 'faint tool-form-reason'}
          data-testid={reason ? 'tool-results-problem' : undefined}
        >
          {reason ?? (
            <>
              <span className="kbd">Ctrl</span>+<span className="kbd">Enter</span> {t('tools.results.sends')}
            </>
          )}
        </span>
        {props.onDone ? (
          <Button size="s" onClick={props.onDone}>
            {t('common.cancel')}
          </Button>
        ) : null}
        <Button
          size="s"
          variant="primary"
          icon="send"
          disabled={busy || reason !== undefined}
          onClick={() => void submit()}
          data-testid="tool-results-send"
        >
          {t(editTurn ? 'tools.results.sendVersion' : 'tools.results.send')}
        </Button>
      </div>
    </section>
  );
}
