import { useId, useState, type FormEvent } from 'react';
import { presetVariables, templateVariables, type SavedPreset } from '../../../shared/presets.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { Button } from '../../components/Button.tsx';
import { Icon } from '../../components/Icon.tsx';
import { t } from '../../i18n/active.ts';
import { markAutofocus, showError } from '../../components/form-refs.ts';

/** Where a variable is used, for its field's hint. */
function whereUsed(preset: SavedPreset, name: string): string {
  const inSystem = templateVariables(preset.params.system).includes(name);
  const inMessage = templateVariables(preset.message).includes(name);
  if (inSystem && inMessage) return t('presets.fill.inBoth');
  return t(inSystem ? 'presets.fill.inSystem' : 'presets.fill.inMessage');
}

/**
 * The small form a preset with `{{variables}}` opens before it is applied: one field per variable, the
 * first focused, Enter applies. `onApply` answers why it could not (a variable left empty), shown here.
 */
export function FillVariablesDialog(props: {
  preset: SavedPreset | null;
  /** where it goes, e.g. "a new Messages conversation" */
  target: string;
  onApply(values: Record<string, string>): string | null;
  onClose(): void;
}) {
  const { preset } = props;
  return (
    <Dialog
      open={preset !== null}
      title={preset ? t('presets.fill.title', { name: preset.name }) : t('presets.fill.titleEmpty')}
      onClose={props.onClose}
      className="preset-fill-dialog"
      testId="preset-fill-dialog"
    >
      {/* a fresh form per preset, so values never carry over from another one */}
      {preset ? <FillForm key={preset.id} {...props} preset={preset} /> : null}
    </Dialog>
  );
}

function FillForm(props: {
  preset: SavedPreset;
  target: string;
  onApply(values: Record<string, string>): string | null;
  onClose(): void;
}) {
  const { preset } = props;
  const names = presetVariables(preset);
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(names.map((n) => [n, ''])),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const id = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    const why = props.onApply(values);
    if (why === null) props.onClose();
    else setProblem(why);
  };

  return (
    <form onSubmit={submit} className="preset-fill" noValidate>
      <p className="faint preset-fill-intro">{t('presets.fill.intro', { target: props.target })}</p>
      {names.map((name, i) => {
        const empty = tried && (values[name] ?? '').trim() === '';
        return (
          <div className="field" key={name}>
            <label htmlFor={`${id}-${name}`} className="mono">
              {name}
            </label>
            <input
              id={`${id}-${name}`}
              className="input"
              value={values[name] ?? ''}
              // the attribute, not React's focus() call: showModal() focuses it once the dialog is open
              ref={i === 0 ? markAutofocus : undefined}
              autoComplete="off"
              spellCheck={false}
              aria-invalid={empty || undefined}
              aria-describedby={`${id}-${name}-hint`}
              onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
              data-testid="preset-variable"
              data-name={name}
            />
            <span id={`${id}-${name}-hint`} className="field-hint">
              {whereUsed(preset, name)}
            </span>
          </div>
        );
      })}
      {problem ? (
        <div
          className="callout callout--error preset-form-error"
          role="alert"
          ref={showError}
          data-testid="preset-fill-error"
        >
          <Icon name="alert-circle" size={14} />
          <span>{problem}</span>
        </div>
      ) : null}
      <div className="preset-form-actions">
        <Button onClick={props.onClose}>{t('common.cancel')}</Button>
        <Button type="submit" variant="primary" data-testid="preset-fill-apply">
          {t('presets.fill.apply')}
        </Button>
      </div>
    </form>
  );
}
