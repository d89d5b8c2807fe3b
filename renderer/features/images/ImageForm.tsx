import { useId, useState, type KeyboardEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useStore } from '../../store/index.ts';
import {
  OUTPUT_FORMATS,
  QUALITIES,
  SIZE_PRESETS,
  selectImageForm,
  validateImageForm,
  type GenerationPhase,
  type ImageQuality,
  type OutputFormat,
  type SizePreset,
} from '../../store/images-slice.ts';
import { describeError } from '../../../shared/errors.ts';
import { ModelPicker } from '../../components/ModelPicker.tsx';
import { Button } from '../../components/Button.tsx';
import { ElapsedTime } from '../../components/ElapsedTime.tsx';
import { Icon } from '../../components/Icon.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { t } from '../../i18n/active.ts';
import { rich } from '../../i18n/rich.tsx';
import { Choice, QUALITY_WORD } from './Choice.tsx';
import type { MessageKey } from '../../i18n/messages-en.ts';

/** Read when shown, so they are in the page's language. */
const SIZE_LABELS: Record<SizePreset, () => { label: string; hint: string }> = {
  auto: () => ({ label: t('images.form.size.auto'), hint: t('images.form.size.auto.hint') }),
  '1024x1024': () => ({ label: '1024 × 1024', hint: t('images.form.size.square') }),
  '1536x1024': () => ({ label: '1536 × 1024', hint: t('images.form.size.landscape') }),
  '1024x1536': () => ({ label: '1024 × 1536', hint: t('images.form.size.portrait') }),
  custom: () => ({ label: t('images.form.size.custom'), hint: t('images.form.size.custom.hint') }),
};

const PHASE_KEYS = {
  sending: 'images.phase.sending',
  waiting: 'images.phase.waiting',
  decoding: 'images.phase.decoding',
  saving: 'images.phase.saving',
} as const satisfies Record<GenerationPhase, MessageKey>;

/** The generation form: model, prompt, size, count, quality and format; progress and errors inline. */
export function ImageForm() {
  const form = useStore(useShallow(selectImageForm));
  const setForm = useStore((s) => s.setImageForm);
  const generate = useStore((s) => s.generateImages);
  const generation = useStore((s) => s.generation);
  const cancel = useStore((s) => s.cancelGeneration);
  const error = useStore((s) => s.generationError);
  const inspect = useStore((s) => s.openInspector);
  const [attempted, setAttempted] = useState(false);
  const uid = useId();

  // The size choice a refused Generate was pressed with: an empty Custom field is only a mistake once
  // Generate has been pressed with it (an earlier, successful press does not make the fresh field red).
  const [refusedSize, setRefusedSize] = useState<string | null>(null);
  const errors = validateImageForm(form);
  const show = (field: keyof typeof errors) => (attempted ? errors[field] : undefined);
  // The size is checked as it is typed: that is where mistakes are easy to see.
  const sizeError =
    form.sizePreset === 'custom' && form.customSize !== ''
      ? errors.size
      : refusedSize === form.sizePreset
        ? show('size')
        : undefined;

  const submit = () => {
    const refused = Object.keys(errors).length > 0;
    // only a refused press shows the fields' errors; after one that went, the form starts clean
    setAttempted(refused);
    setRefusedSize(refused ? form.sizePreset : null);
    if (refused) return;
    void generate();
  };
  const onPromptKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      if (!generation) submit();
    }
  };

  return (
    <form
      className="image-form"
      aria-label={t('images.form.label')}
      onSubmit={(e) => {
        e.preventDefault();
        if (!generation) submit();
      }}
    >
      <div className="field">
        <ModelPicker
          family="bearer"
          purpose="images"
          value={form.model}
          onChange={(model) => setForm({ model })}
          label={t('images.form.model')}
          id={`${uid}-model`}
        />
        {show('model') ? <span className="field-error">{show('model')}</span> : null}
      </div>

      <div className="field">
        <label htmlFor={`${uid}-prompt`}>{t('images.form.prompt')}</label>
        <textarea
          id={`${uid}-prompt`}
          className="textarea image-prompt"
          rows={6}
          value={form.prompt}
          placeholder={t('images.form.placeholder')}
          aria-invalid={show('prompt') ? true : undefined}
          data-testid="image-prompt"
          onChange={(e) => setForm({ prompt: e.target.value })}
          onKeyDown={onPromptKey}
        />
        {show('prompt') ? (
          <span className="field-error">{show('prompt')}</span>
        ) : (
          <span className="field-hint">
            {rich(t('images.form.shortcut'), {
              ctrl: <kbd className="kbd">Ctrl</kbd>,
              enter: <kbd className="kbd">Enter</kbd>,
            })}
          </span>
        )}
      </div>

      <fieldset className="field image-sizes">
        <legend className="field-label">{t('images.form.size')}</legend>
        <div className="image-size-options">
          {[...SIZE_PRESETS, 'custom' as const].map((p) => {
            const { label, hint } = SIZE_LABELS[p]();
            return (
              <label key={p} className="image-size-option" title={hint} data-testid={`image-size-${p}`}>
                <input
                  type="radio"
                  name={`${uid}-size`}
                  value={p}
                  checked={form.sizePreset === p}
                  onChange={() => setForm({ sizePreset: p })}
                />
                <span className="image-size-label">{label}</span>
                <span className="image-size-hint">{hint}</span>
              </label>
            );
          })}
        </div>
        {form.sizePreset === 'custom' ? (
          <div className="image-custom-size">
            <label htmlFor={`${uid}-custom`} className="visually-hidden">
              {t('images.form.size.custom.label')}
            </label>
            <input
              id={`${uid}-custom`}
              className="input mono"
              placeholder="1280x720"
              value={form.customSize}
              inputMode="text"
              autoComplete="off"
              spellCheck={false}
              aria-invalid={sizeError ? true : undefined}
              aria-describedby={`${uid}-custom-msg`}
              data-testid="image-size-input"
              onChange={(e) => setForm({ customSize: e.target.value })}
            />
            <span id={`${uid}-custom-msg`} className={sizeError ? 'field-error' : 'field-hint'}>
              {sizeError ?? t('images.form.size.custom.note')}
            </span>
          </div>
        ) : null}
      </fieldset>

      <div className="image-form-row">
        <div className="field image-n">
          <label htmlFor={`${uid}-n`}>{t('images.form.count')}</label>
          <input
            id={`${uid}-n`}
            className="input"
            type="number"
            min={1}
            max={10}
            step={1}
            value={Number.isNaN(form.n) ? '' : form.n}
            aria-invalid={errors.n ? true : undefined}
            data-testid="image-n"
            onChange={(e) =>
              setForm({ n: e.target.value === '' ? Number.NaN : Math.trunc(Number(e.target.value)) })
            }
          />
        </div>
        <Choice
          id={`${uid}-quality`}
          testId="image-quality"
          label={t('images.form.quality')}
          value={form.quality}
          options={QUALITIES}
          text={(q) => t(QUALITY_WORD[q])}
          onChange={(quality: ImageQuality) => setForm({ quality })}
        />
        <Choice
          id={`${uid}-format`}
          testId="image-format"
          label={t('images.form.format')}
          value={form.outputFormat}
          options={OUTPUT_FORMATS}
          text={(f) => f.toUpperCase()}
          onChange={(outputFormat: OutputFormat) => setForm({ outputFormat })}
        />
      </div>
      {errors.n ? <span className="field-error">{errors.n}</span> : null}

      {generation ? (
        <div className="image-progress" role="status" aria-live="polite" data-testid="image-progress">
          <Spinner size={16} />
          <div className="image-progress-text">
            <span>
              {t('images.form.generating', { count: generation.n })} ·{' '}
              <ElapsedTime since={generation.startedAt} />
            </span>
            <span className="faint" data-testid="image-phase">
              {t(PHASE_KEYS[generation.phase])}
            </span>
          </div>
          <Button icon="stop" size="s" onClick={() => void cancel()} data-testid="cancel-generation">
            {t('common.cancel')}
          </Button>
        </div>
      ) : (
        <Button type="submit" variant="primary" icon="image" block data-testid="generate-button">
          {t('images.generate')}
        </Button>
      )}

      {error ? (
        <div className="callout callout--error image-error" role="alert" data-testid="image-error">
          <Icon name="alert-circle" />
          <div className="image-error-body">
            <span>{describeError(error)}</span>
            <span className="image-error-actions">
              <Button size="s" icon="retry" onClick={submit}>
                {t('images.form.retry')}
              </Button>
              {error.exchangeId ? (
                <Button size="s" variant="ghost" icon="code" onClick={() => inspect(error.exchangeId ?? '')}>
                  {t('inspector.inspect')}
                </Button>
              ) : null}
            </span>
          </div>
        </div>
      ) : null}
    </form>
  );
}
