import { useContext, useId, useMemo, useState } from 'react';
import { StoreContext, useStore } from '../../store/index.ts';
import { selectToolsDraft } from '../../store/tools-slice.ts';
import {
  defOf,
  draftOf,
  draftProblems,
  hasProblems,
  keptFunctions,
  listProblem,
  sameDraft,
  screenDrafts,
  toolKeys,
  type ToolDraft,
  type ToolField as Field,
  type ToolProblems,
} from '../../store/tool-drafts.ts';
import type { Params } from '../../../shared/conversation.ts';
import { IMAGE_CONTROL_KEYS, formatSends, wireName } from '../../../shared/controls.ts';
import type { TextFormat } from '../../../shared/formats.ts';
import { MAX_TOOLS, TOOL_EXAMPLES, ToolsSchema, type ToolChoice } from '../../../shared/tools.ts';
import { Button } from '../../components/Button.tsx';
import { IconButton } from '../../components/IconButton.tsx';
import { useReportInvalid } from './invalid.ts';
import { ImageControls } from './ImageControls.tsx';
import { McpToolsPicker } from './McpToolsPicker.tsx';
import { t } from '../../i18n/active.ts';
import '../../styles/tools.css';

const BLANK_SCHEMA = JSON.stringify({ type: 'object', properties: {}, additionalProperties: false }, null, 2);

const fromParams = (params: Params, newKey: () => string): ToolDraft[] =>
  (params.tools ?? []).map((def) => draftOf(def, newKey));

/** What each format sends for the functions and for each tool choice (said under the control). */
export const TOOLS_WIRE: Record<TextFormat, string> = {
  chat: 'tools: [{type: "function", function: {name, description, parameters}}]',
  responses: 'tools: [{type: "function", name, description, parameters, strict: false}]',
  messages: 'tools: [{name, description, input_schema}]',
  generate: 'tools: [{functionDeclarations: [{name, description, parametersJsonSchema}]}]',
};

/** The tool choice as the format's request carries it. */
export function toolChoiceWire(format: TextFormat, choice: ToolChoice): string {
  const named = typeof choice === 'object' ? choice.name : undefined;
  const mode = typeof choice === 'string' ? choice : 'named';
  switch (format) {
    case 'chat':
      return `tool_choice: ${JSON.stringify(named ? { type: 'function', function: { name: named } } : mode)}`;
    case 'responses':
      return `tool_choice: ${JSON.stringify(named ? { type: 'function', name: named } : mode)}`;
    case 'messages':
      return `tool_choice: ${JSON.stringify(named ? { type: 'tool', name: named } : { type: mode === 'required' ? 'any' : mode })}`;
    case 'generate': {
      const config = named
        ? { mode: 'ANY', allowedFunctionNames: [named] }
        : { mode: mode === 'required' ? 'ANY' : mode.toUpperCase() };
      return `toolConfig.functionCallingConfig: ${JSON.stringify(config)}`;
    }
  }
}

/**
 * What the section sends, for its badge: the functions (typed and server tools) and the format's image making (the responses
 * image tool is an entry of `tools`; generate content's image output is `responseModalities`), or nothing.
 */
function sentSummary(format: TextFormat, params: Params): { label: string; wire: string } | undefined {
  // server tools go out as functions beside the typed ones (a server that is off leaves its tools out)
  const count = (params.tools?.length ?? 0) + (params.mcpTools?.length ?? 0);
  const toggle = IMAGE_CONTROL_KEYS.find((k) => formatSends(format, k));
  const image = toggle !== undefined && params[toggle] === true ? toggle : undefined;
  if (count === 0 && image === undefined) return undefined;
  const wires = [
    ...(count > 0 ? [TOOLS_WIRE[format]] : []),
    ...(image !== undefined ? [wireName(format, image) ?? image] : []),
  ];
  const label =
    image === undefined
      ? t('tools.sent', { count })
      : t(image === 'imageOutput' ? 'tools.sentImageOutput' : 'tools.sentImageTool', { count });
  return { label, wire: wires.join(' + ') };
}

/**
 * Tools: the conversation's functions (name, description, JSON Schema of the arguments checked as typed
 * with line and column, an optional fixed result), examples to start from, and the tool choice with what
 * the format sends for it. Only a list that passes the shared checks is saved; while one field is broken
 * the list on screen is a draft: not sent (Send waits and says which field), kept under `scope` across
 * switches and restarts, and discarded only on the user's word.
 */
export function ToolsSection(props: {
  format: TextFormat;
  params: Params;
  /** where a changed set goes; the chat tab's conversation (or draft) of `format` when left out */
  onChange?: ((params: Params) => void) | undefined;
  /** where a draft with problems is kept (a conversation id, `new:<format>`); left out: on screen only */
  scope?: string | undefined;
  /** Compare: the columns' conversations whose "always run" tools the MCP list shows */
  mcpAlwaysIn?: { conversationIds: readonly string[]; where: 'column' | 'columns' } | undefined;
}) {
  const { format, params, onChange, scope, mcpAlwaysIn } = props;
  const setTabParams = useStore((s) => s.setParams);
  const save = (p: Params) => (onChange ? onChange(p) : setTabParams(format, p));
  const kept = useStore((s) => (scope === undefined ? null : selectToolsDraft(s, scope)));
  const setKept = useStore((s) => s.setToolsDraft);
  const id = useId();
  const store = useContext(StoreContext);
  const newKey = useMemo(() => toolKeys(store.runtime), [store]);
  const [drafts, setDrafts] = useState<ToolDraft[]>(() =>
    kept ? screenDrafts(kept, newKey) : fromParams(params, newKey),
  );

  // The kept draft changed elsewhere (discarded, reset, arrived with the settings): show it, or else the
  // saved list when what is on screen is a draft that is no longer kept.
  const [seenKept, setSeenKept] = useState(kept);
  if (kept !== seenKept) {
    setSeenKept(kept);
    if (kept ? !sameDraft(drafts, kept) : listProblem(drafts) !== undefined)
      setDrafts(kept ? screenDrafts(kept, newKey) : fromParams(params, newKey));
  }
  // Parameters replaced from elsewhere (another window's save, a preset): start again from them, unless
  // a draft is kept (it is the user's typing; the note below offers to discard it).
  const incoming = JSON.stringify(params.tools ?? []);
  const [seen, setSeen] = useState(incoming);
  if (incoming !== seen) {
    setSeen(incoming);
    if (!kept && incoming !== JSON.stringify(drafts.map(defOf))) setDrafts(fromParams(params, newKey));
  }

  const problems = drafts.map(draftProblems);
  const problem = listProblem(drafts, problems);
  useReportInvalid(format, 'tools', problem ?? null);

  const choice = params.toolChoice;
  const chosen = typeof choice === 'object' ? choice.name : undefined;
  const names = new Set((params.tools ?? []).map((def) => def.name));
  const thinking = format === 'messages' && params.thinkingBudget !== undefined;
  const thinkingClash = thinking && (choice === 'required' || typeof choice === 'object');
  const choiceProblem =
    (params.tools?.length ?? 0) === 0 || problem !== undefined
      ? undefined
      : chosen !== undefined && !names.has(chosen)
        ? t('tools.choice.unknown', { name: chosen })
        : thinkingClash
          ? t('tools.choice.thinkingClash')
          : undefined;
  useReportInvalid(format, 'toolChoice', choiceProblem ?? null);

  /** Shows `next`; a list with problems is kept as the draft, a valid one forgets the draft. */
  const show = (next: ToolDraft[], broken: boolean) => {
    setDrafts(next);
    if (scope !== undefined) setKept(scope, broken ? keptFunctions(next) : null);
  };

  /** Saves the list when every function passes (a chosen function follows its rename, goes with it). */
  const change = (next: ToolDraft[]) => {
    const defs = next.map(defOf);
    if (next.some((d) => hasProblems(draftProblems(d))) || !ToolsSchema.safeParse(defs).success) {
      show(next, true);
      return;
    }
    let nextChoice = params.toolChoice;
    if (typeof nextChoice === 'object') {
      const was = drafts.find((d) => d.savedName === chosen);
      const now = was && next.find((d) => d.key === was.key);
      if (was) nextChoice = now ? { name: now.name } : undefined;
    }
    if (defs.length === 0) nextChoice = undefined;
    show(
      next.map((d) => (d.savedName === d.name ? d : { ...d, savedName: d.name })),
      false,
    );
    const p: Params = { ...params };
    if (defs.length > 0) p.tools = defs;
    else delete p.tools;
    if (nextChoice !== undefined) p.toolChoice = nextChoice;
    else delete p.toolChoice;
    save(p);
  };
  const edit = (key: string, patch: Partial<ToolDraft>) =>
    change(drafts.map((d) => (d.key === key ? { ...d, ...patch } : d)));
  const toggle = (key: string, open: boolean) =>
    show(
      drafts.map((x) => (x.key === key ? { ...x, open } : x)),
      kept !== null,
    );
  const discard = () => show(fromParams(params, newKey), false);

  const setChoice = (value: string) => {
    const p: Params = { ...params };
    const next: ToolChoice | undefined =
      value === '' ? undefined : value.startsWith('fn:') ? { name: value.slice(3) } : (value as ToolChoice);
    if (next === undefined) delete p.toolChoice;
    else p.toolChoice = next;
    save(p);
  };

  const present = new Set(drafts.map((d) => d.name));
  const full = drafts.length >= MAX_TOOLS;
  const addBlank = () => {
    let n = drafts.length + 1;
    while (present.has(`function_${n}`)) n++;
    change([
      ...drafts,
      { ...draftOf({ name: `function_${n}`, parameters: BLANK_SCHEMA }, newKey, true), savedName: '' },
    ]);
  };
  const addExample = (name: string) => {
    const example = TOOL_EXAMPLES.find((def) => def.name === name);
    if (example) change([...drafts, draftOf(example, newKey, true)]);
  };

  const choiceValue = choice === undefined ? '' : typeof choice === 'object' ? `fn:${choice.name}` : choice;
  const options = functionOptions(drafts, problems, chosen, problem !== undefined);
  const savedNames = [...names].join(', ');
  const sent = sentSummary(format, params);

  return (
    <fieldset className="params-group tools-section" data-testid="param-tools">
      <legend className="field-row params-label-row" style={{ width: '100%' }}>
        <span>{t('tools.title')}</span>
        {problem ? (
          <span className="badge badge--warning" data-testid="tools-draft-badge">
            {t('tools.draft.badge')}
          </span>
        ) : sent !== undefined ? (
          <span
            className="badge badge--info"
            data-testid="tools-sent-badge"
            title={t('params.sentAs', { wire: sent.wire })}
          >
            {sent.label}
          </span>
        ) : (
          <span className="faint params-default">{t('params.notSent')}</span>
        )}
      </legend>

      {problem ? (
        <div className="callout callout--warning tools-draft" data-testid="tools-draft-note">
          <span>
            {t('tools.draft.notSent')}{' '}
            {names.size > 0
              ? t('tools.draft.saved', { count: names.size, names: savedNames })
              : t('tools.draft.savedNone')}
          </span>
          <Button size="s" onClick={discard} data-testid="tools-draft-discard">
            {t('tools.draft.discard')}
          </Button>
        </div>
      ) : null}

      <ImageControls format={format} params={params} save={save} />

      {drafts.length === 0 ? <span className="field-hint">{t('tools.empty')}</span> : null}

      {drafts.map((d, i) => (
        <ToolEditor
          key={d.key}
          draft={d}
          index={i}
          problems={problems[i] ?? {}}
          onEdit={(patch) => edit(d.key, patch)}
          onRemove={() => change(drafts.filter((x) => x.key !== d.key))}
          onToggle={(open) => toggle(d.key, open)}
        />
      ))}

      <div className="tools-add">
        <Button size="s" icon="plus" onClick={addBlank} disabled={full} data-testid="tool-add">
          {t('tools.add')}
        </Button>
        <select
          className="select select--s"
          aria-label={t('tools.addExample')}
          value=""
          disabled={full}
          onChange={(e) => addExample(e.target.value)}
          data-testid="tool-add-example"
        >
          <option value="">{t('tools.addExample.placeholder')}</option>
          {TOOL_EXAMPLES.map((def) => (
            <option key={def.name} value={def.name} disabled={present.has(def.name)}>
              {def.name}
            </option>
          ))}
        </select>
      </div>
      {full ? <span className="field-hint">{t('tools.full', { max: MAX_TOOLS })}</span> : null}

      <McpToolsPicker
        params={params}
        save={save}
        conversationId={scope !== undefined && !scope.startsWith('new:') ? scope : undefined}
        alwaysIn={mcpAlwaysIn}
      />

      {drafts.length > 0 ? (
        <div className="field">
          <label htmlFor={`${id}-choice`}>{t('tools.choice')}</label>
          <select
            id={`${id}-choice`}
            className="select select--s"
            value={choiceValue}
            onChange={(e) => setChoice(e.target.value)}
            aria-describedby={`${id}-choice-msg`}
            data-testid="tool-choice"
          >
            <option value="">{t('tools.choice.default')}</option>
            <option value="auto">{t('tools.choice.auto')}</option>
            <option value="none">{t('tools.choice.none')}</option>
            <option value="required" disabled={thinking}>
              {t(thinking ? 'tools.choice.requiredThinking' : 'tools.choice.required')}
            </option>
            {options.map((o) => (
              <option
                key={o.key}
                value={o.value}
                disabled={thinking || o.invalid}
                data-invalid={o.invalid ? 'true' : undefined}
              >
                {o.invalid
                  ? t('tools.choice.draftInvalid', { name: o.name })
                  : t(thinking ? 'tools.choice.functionThinking' : 'tools.choice.function', { name: o.name })}
              </option>
            ))}
            {chosen !== undefined && !options.some((o) => o.value === `fn:${chosen}`) ? (
              <option value={`fn:${chosen}`}>{t('tools.choice.undefined', { name: chosen })}</option>
            ) : null}
          </select>
          <span
            id={`${id}-choice-msg`}
            className={`${choiceProblem ? 'field-error' : 'field-hint'} tools-wire`}
            role={choiceProblem ? 'alert' : undefined}
            data-testid="tool-choice-wire"
          >
            {choiceProblem ??
              (problem !== undefined
                ? t('tools.choice.waits')
                : choice === undefined
                  ? t('tools.choice.notSent')
                  : t('tools.sentAs', { wire: toolChoiceWire(format, choice) }))}
          </span>
          {thinking && !thinkingClash ? (
            <span className="field-hint" data-testid="tool-choice-thinking">
              {t('tools.choice.thinking')}
            </span>
          ) : null}
        </div>
      ) : null}

      {problem ? (
        <span className="field-error" role="alert" data-testid="param-tools-error">
          {problem}
        </span>
      ) : drafts.length > 0 ? (
        <span className="field-hint tools-wire">{t('tools.sentAs', { wire: TOOLS_WIRE[format] })}</span>
      ) : null}
    </fieldset>
  );
}

/** One function in the tool-choice list. */
interface FunctionOption {
  key: string;
  value: string;
  /** the name on screen (a draft's own, never a saved name it no longer has) */
  name: string;
  /** not offered: the function has a problem, or is renamed or new in a list that has one: not sent as this yet */
  invalid: boolean;
}

/**
 * The functions the tool choice can name, from what is on screen: one that passes every check by its name;
 * one that is not sent under its name yet (a bad or repeated name, a broken schema, or renamed while the list
 * has a problem) by its draft's name, marked and not offered. The chosen function keeps its value while its
 * draft is broken, so the list never shows a saved name the function no longer has on screen.
 */
export function functionOptions(
  drafts: readonly ToolDraft[],
  problems: readonly ToolProblems[],
  chosen: string | undefined,
  listBroken: boolean,
): FunctionOption[] {
  const count = new Map<string, number>();
  for (const d of drafts) count.set(d.name, (count.get(d.name) ?? 0) + 1);
  return drafts.map((d, i) => {
    const name = d.name || t('tools.def.unnamed', { n: i + 1 });
    const invalid =
      hasProblems(problems[i] ?? {}) ||
      (count.get(d.name) ?? 0) > 1 ||
      (listBroken && d.name !== d.savedName);
    if (!invalid) return { key: d.key, value: `fn:${d.name}`, name, invalid };
    const holdsChoice = chosen !== undefined && d.savedName === chosen;
    return { key: d.key, value: holdsChoice ? `fn:${chosen}` : `draft:${d.key}`, name, invalid };
  });
}

/** One function: collapsed to its name (and a problem marker) once set up. */
function ToolEditor(props: {
  draft: ToolDraft;
  index: number;
  problems: ToolProblems;
  onEdit(patch: Partial<ToolDraft>): void;
  onRemove(): void;
  onToggle(open: boolean): void;
}) {
  const { draft: d, problems: p } = props;
  const id = useId();
  const broken = Object.keys(p).length > 0;
  const field = (f: Field) => ({
    'aria-invalid': p[f] ? true : undefined,
    'aria-describedby': `${id}-${f}-msg`,
  });
  const message = (f: Field, hint?: string) =>
    p[f] || hint ? (
      <span
        id={`${id}-${f}-msg`}
        className={p[f] ? 'field-error' : 'field-hint'}
        data-testid={p[f] ? `tool-${f}-error` : undefined}
      >
        {p[f] ?? hint}
      </span>
    ) : null;
  return (
    <details
      className={`tool-def${broken ? ' is-broken' : ''}`}
      open={d.open}
      onToggle={(e) => {
        const open = (e.currentTarget as HTMLDetailsElement).open;
        if (open !== d.open) props.onToggle(open);
      }}
      data-testid="tool-def"
      data-name={d.name}
    >
      <summary className="tool-def-summary">
        <span className="tool-def-name mono">{d.name || t('tools.def.unnamed', { n: props.index + 1 })}</span>
        {d.fixedOn ? <span className="badge">{t('tools.def.fixed')}</span> : null}
        {broken ? <span className="badge badge--error">{t('tools.def.fix')}</span> : null}
        <IconButton
          icon="trash"
          size="s"
          label={d.name ? t('tools.def.remove', { name: d.name }) : t('tools.def.removeUnnamed')}
          className="tool-def-remove"
          onClick={(e) => {
            e.preventDefault();
            props.onRemove();
          }}
          data-testid="tool-remove"
        />
      </summary>
      <div className="tool-def-body">
        <div className="field">
          <label htmlFor={`${id}-name`}>{t('tools.def.name')}</label>
          <input
            id={`${id}-name`}
            className="input input--s mono"
            value={d.name}
            spellCheck={false}
            onChange={(e) => props.onEdit({ name: e.target.value })}
            data-testid="tool-name"
            {...field('name')}
          />
          {message('name')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-description`}>{t('tools.def.description')}</label>
          <textarea
            id={`${id}-description`}
            className="textarea"
            rows={2}
            placeholder={t('tools.def.description.placeholder')}
            value={d.description}
            onChange={(e) => props.onEdit({ description: e.target.value })}
            data-testid="tool-description"
            {...field('description')}
          />
          {message('description')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-parameters`}>{t('tools.def.parameters')}</label>
          <textarea
            id={`${id}-parameters`}
            className="textarea mono tool-def-code"
            rows={Math.min(12, Math.max(4, d.parameters.split('\n').length))}
            spellCheck={false}
            value={d.parameters}
            onChange={(e) => props.onEdit({ parameters: e.target.value })}
            data-testid="tool-parameters"
            {...field('parameters')}
          />
          {message('parameters')}
        </div>
        <label className="switch params-switch">
          <input
            type="checkbox"
            role="switch"
            checked={d.fixedOn}
            onChange={(e) =>
              props.onEdit({
                fixedOn: e.target.checked,
                fixedResult: e.target.checked && d.fixedResult === '' ? '{}' : d.fixedResult,
              })
            }
            data-testid="tool-fixed-on"
          />
          <span>{t('tools.def.fixedOn')}</span>
        </label>
        {d.fixedOn ? (
          <div className="field">
            <textarea
              className="textarea mono tool-def-code"
              aria-label={t('tools.def.fixedLabel', { name: d.name })}
              rows={3}
              spellCheck={false}
              value={d.fixedResult}
              onChange={(e) => props.onEdit({ fixedResult: e.target.value })}
              data-testid="tool-fixed-result"
              {...field('fixedResult')}
            />
            {message('fixedResult', t('tools.def.fixedHint'))}
          </div>
        ) : null}
      </div>
    </details>
  );
}
