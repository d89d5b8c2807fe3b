import { useId, useState, type FormEvent } from 'react';
import { useStore } from '../../store/index.ts';
import type { Params } from '../../../shared/conversation.ts';
import {
  PRESET_DESCRIPTION_MAX,
  PRESET_NAME_MAX,
  presetVariables,
  type SavedPreset,
} from '../../../shared/presets.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { Button } from '../../components/Button.tsx';
import { Icon } from '../../components/Icon.tsx';
import { t } from '../../i18n/active.ts';
import { markAutofocus, showError } from '../../components/form-refs.ts';
import { presetParamsSummary } from './preset-summary.ts';

/** What the editor starts from: the tab's parameters and composer text, or a saved preset. */
export type PresetSource =
  { kind: 'new'; params: Params; message: string; from: string } | { kind: 'edit'; preset: SavedPreset };

/**
 * Saves a preset: a name, an optional description, the system prompt and the first message (both may
 * hold `{{variables}}`); the other parameters come along as they are and are listed. Also edits (and
 * renames) a saved one.
 */
export function PresetEditorDialog(props: { source: PresetSource | null; onClose(): void }) {
  const { source } = props;
  return (
    <Dialog
      open={source !== null}
      title={
        source?.kind === 'edit'
          ? t('presets.editor.titleEdit', { name: source.preset.name })
          : t('presets.editor.titleNew')
      }
      onClose={props.onClose}
      className="preset-editor-dialog"
      testId="preset-editor"
    >
      {source ? (
        <EditorForm
          key={source.kind === 'edit' ? source.preset.id : 'new'}
          source={source}
          onClose={props.onClose}
        />
      ) : null}
    </Dialog>
  );
}

function EditorForm(props: { source: PresetSource; onClose(): void }) {
  const { source } = props;
  const save = useStore((s) => s.savePreset);
  const notify = useStore((s) => s.notify);
  const presets = useStore((s) => s.presets);
  const start = source.kind === 'edit' ? source.preset : undefined;
  const baseParams = source.kind === 'edit' ? source.preset.params : source.params;
  const [name, setName] = useState(start?.name ?? '');
  const [description, setDescription] = useState(start?.description ?? '');
  const [system, setSystem] = useState(baseParams.system ?? '');
  const [message, setMessage] = useState(
    start ? (start.message ?? '') : source.kind === 'new' ? source.message : '',
  );
  const [problem, setProblem] = useState<{ message: string; field?: string | undefined } | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  const params: Params = { ...baseParams };
  if (system === '') delete params.system;
  else params.system = system;
  const variables = presetVariables({ params, message });
  // a new preset named like a saved one: the refusal offers to replace that one instead
  const sameName =
    problem?.field === 'name' && source.kind === 'new'
      ? presets.find((p) => p.name.toLocaleLowerCase('en') === name.trim().toLocaleLowerCase('en'))
      : undefined;

  const submit = async (replace?: SavedPreset) => {
    setBusy(true);
    const r = await save({
      ...(replace ? { id: replace.id } : start ? { id: start.id } : {}),
      name: replace ? replace.name : name,
      ...(description.trim() !== '' ? { description: description.trim() } : {}),
      params,
      ...(message !== '' ? { message } : {}),
    });
    setBusy(false);
    if (!r.ok) {
      setProblem({ message: r.message, field: r.field });
      return;
    }
    notify(t('presets.editor.saved', { name: r.preset.name }), 'success');
    props.onClose();
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit();
  };

  return (
    <form className="preset-editor" onSubmit={onSubmit} noValidate>
      {source.kind === 'new' ? (
        <p className="faint preset-editor-intro">
          {t('presets.editor.intro', { from: source.from, example: '{{name}}' })}
        </p>
      ) : null}
      <div className="field">
        <label htmlFor={`${id}-name`}>{t('presets.editor.name')}</label>
        <input
          id={`${id}-name`}
          ref={markAutofocus}
          className="input"
          value={name}
          maxLength={PRESET_NAME_MAX}
          aria-invalid={problem?.field === 'name' || undefined}
          onChange={(e) => {
            setName(e.target.value);
            if (problem?.field === 'name') setProblem(null);
          }}
          data-testid="preset-name"
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-description`}>
          {t('presets.editor.description')}
          <span className="faint">{t('presets.editor.optional')}</span>
        </label>
        <input
          id={`${id}-description`}
          className="input"
          value={description}
          maxLength={PRESET_DESCRIPTION_MAX}
          onChange={(e) => setDescription(e.target.value)}
          data-testid="preset-description"
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-system`}>{t('presets.editor.system')}</label>
        <textarea
          id={`${id}-system`}
          className="textarea preset-editor-text"
          rows={3}
          value={system}
          placeholder={t('presets.editor.none')}
          onChange={(e) => setSystem(e.target.value)}
          data-testid="preset-system"
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-message`}>
          {t('presets.editor.message')}
          <span className="faint">{t('presets.editor.messageNote')}</span>
        </label>
        <textarea
          id={`${id}-message`}
          className="textarea preset-editor-text"
          rows={2}
          value={message}
          placeholder={t('presets.editor.none')}
          onChange={(e) => setMessage(e.target.value)}
          data-testid="preset-message"
        />
      </div>
      <p className="preset-editor-facts" data-testid="preset-facts">
        <span>
          <span className="faint">{t('presets.editor.variables')}</span>
          {variables.length > 0 ? (
            <span className="mono">{variables.map((v) => `{{${v}}}`).join(' ')}</span>
          ) : (
            t('presets.editor.noVariables')
          )}
        </span>
        <span>
          <span className="faint">{t('presets.editor.alsoSaved')}</span>
          {presetParamsSummary(params)}
        </span>
      </p>
      {problem ? (
        <div
          className="callout callout--error preset-form-error"
          role="alert"
          ref={showError}
          data-testid="preset-editor-error"
        >
          <Icon name="alert-circle" size={14} />
          <span>{problem.message}</span>
          {sameName ? (
            <Button
              size="s"
              variant="ghost"
              onClick={() => void submit(sameName)}
              data-testid="preset-replace"
            >
              {t('presets.editor.replace', { name: sameName.name })}
            </Button>
          ) : null}
        </div>
      ) : null}
      <div className="preset-form-actions">
        <Button onClick={props.onClose}>{t('common.cancel')}</Button>
        <Button type="submit" variant="primary" busy={busy} disabled={busy} data-testid="preset-save">
          {t('common.save')}
        </Button>
      </div>
    </form>
  );
}
