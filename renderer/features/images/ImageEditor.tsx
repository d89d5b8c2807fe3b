import { useId, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { useStore } from '../../store/index.ts';
import { base64Of } from '../../store/attachments-slice.ts';
import { EDIT_SIZES, FIDELITIES, type EditSize, type InputFidelity } from '../../store/image-edit-slice.ts';
import { QUALITIES, OUTPUT_FORMATS, type ImageQuality, type OutputFormat } from '../../store/images-slice.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { Button } from '../../components/Button.tsx';
import { IconButton } from '../../components/IconButton.tsx';
import { Icon } from '../../components/Icon.tsx';
import { t } from '../../i18n/active.ts';
import { Choice, QUALITY_WORD } from './Choice.tsx';
import { clearMask, hasPaint, invertMask, maskPng, stroke, type MaskTool } from './mask-canvas.ts';

/**
 * The editor: the image to edit with a mask painted over it (brush, eraser, size, clear, invert), the
 * other reference images, the prompt and the settings. What is painted may change; with nothing painted
 * the whole image may.
 */
export function ImageEditor() {
  const images = useStore((s) => s.editImages);
  const close = useStore((s) => s.closeEdit);
  return (
    <Dialog
      open={images !== null}
      title={t('images.edit.title')}
      onClose={close}
      size="l"
      className="image-dialog"
      testId="image-editor"
    >
      {images && images[0] ? <EditorBody key={images[0].url} /> : null}
    </Dialog>
  );
}

function EditorBody() {
  const images = useStore((s) => s.editImages) ?? [];
  const form = useStore((s) => s.editForm);
  const setForm = useStore((s) => s.setEditForm);
  const run = useStore((s) => s.runEdit);
  const cancel = useStore((s) => s.cancelEdit);
  const busy = useStore((s) => s.editRequestId !== null);
  const error = useStore((s) => s.editError);
  const removeReference = useStore((s) => s.removeEditReference);
  const [tool, setTool] = useState<MaskTool>('brush');
  const [brush, setBrush] = useState(40);
  const [painted, setPainted] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const last = useRef<{ x: number; y: number } | null>(null);
  const uid = useId();
  const first = images[0];
  if (!first) return null;

  /** A pointer position in the mask's pixels. */
  const at = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    const c = e.currentTarget;
    const rect = c.getBoundingClientRect();
    return {
      x: ((e.clientX - rect.left) * c.width) / Math.max(1, rect.width),
      y: ((e.clientY - rect.top) * c.height) / Math.max(1, rect.height),
      scale: c.width / Math.max(1, rect.width),
    };
  };
  const down = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    const p = at(e);
    last.current = p;
    stroke(e.currentTarget, tool, (brush / 2) * p.scale, p, p);
  };
  const move = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    if (!last.current) return;
    const p = at(e);
    stroke(e.currentTarget, tool, (brush / 2) * p.scale, last.current, p);
    last.current = p;
  };
  const up = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    if (!last.current) return;
    last.current = null;
    setPainted(hasPaint(e.currentTarget));
  };

  const submit = async () => {
    setAttempted(true);
    if (form.prompt.trim() === '') return;
    const canvas = canvasRef.current;
    const mask = canvas && painted ? await base64Of(await maskPng(canvas)) : undefined;
    await run(mask);
  };

  const promptError = attempted && form.prompt.trim() === '' ? t('images.form.noPrompt') : undefined;

  return (
    <div className="image-editor">
      <div className="image-editor-stage">
        <div className="mask-frame" style={{ aspectRatio: `${first.width} / ${first.height}` }}>
          <img src={first.url} alt={first.name} width={first.width} height={first.height} draggable={false} />
          <canvas
            ref={canvasRef}
            className={`mask-canvas${tool === 'eraser' ? ' is-eraser' : ''}`}
            width={first.width}
            height={first.height}
            role="img"
            aria-label={painted ? t('images.edit.mask.painted') : t('images.edit.mask.empty')}
            data-testid="mask-canvas"
            onPointerDown={down}
            onPointerMove={move}
            onPointerUp={up}
            onPointerCancel={up}
          />
        </div>
        <div className="mask-tools" role="toolbar" aria-label={t('images.edit.mask.tools')}>
          <div className="segmented" role="radiogroup" aria-label={t('images.edit.mask.tool')}>
            {(['brush', 'eraser'] as const).map((k) => (
              <label key={k} className={`segmented-item${tool === k ? ' is-on' : ''}`}>
                <input
                  type="radio"
                  name={`${uid}-tool`}
                  checked={tool === k}
                  onChange={() => setTool(k)}
                  data-testid={`mask-${k}`}
                />
                <Icon name={k === 'brush' ? 'pencil' : 'x'} size={14} />
                {t(k === 'brush' ? 'images.edit.mask.brush' : 'images.edit.mask.eraser')}
              </label>
            ))}
          </div>
          <label className="mask-size">
            <span>{t('images.edit.mask.size')}</span>
            <input
              type="range"
              min={4}
              max={200}
              value={brush}
              onChange={(e) => setBrush(Number(e.target.value))}
              data-testid="mask-size"
            />
            <span className="tabular faint">{brush}</span>
          </label>
          <Button
            size="s"
            icon="trash"
            disabled={!painted}
            onClick={() => {
              if (canvasRef.current) clearMask(canvasRef.current);
              setPainted(false);
            }}
            data-testid="mask-clear"
          >
            {t('images.edit.mask.clear')}
          </Button>
          <Button
            size="s"
            icon="retry"
            onClick={() => {
              const c = canvasRef.current;
              if (!c) return;
              invertMask(c);
              setPainted(hasPaint(c));
            }}
            data-testid="mask-invert"
          >
            {t('images.edit.mask.invert')}
          </Button>
        </div>
        <p className="field-hint" data-testid="mask-hint">
          {painted ? t('images.edit.mask.hint.painted') : t('images.edit.mask.hint.empty')}
        </p>
      </div>
      <form
        className="image-editor-side image-form"
        aria-label={t('images.edit.form')}
        onSubmit={(e) => {
          e.preventDefault();
          if (!busy) void submit();
        }}
      >
        {images.length > 1 ? (
          <div className="field">
            <span className="field-label">{t('images.edit.references')}</span>
            <ul className="edit-references">
              {images.slice(1).map((img, i) => (
                <li key={img.url}>
                  <img src={img.url} alt={img.name} width={48} height={48} />
                  <IconButton
                    icon="x"
                    label={t('images.edit.references.remove', { name: img.name.slice(0, 40) })}
                    onClick={() => removeReference(i + 1)}
                  />
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <div className="field">
          <label htmlFor={`${uid}-prompt`}>{t('images.edit.prompt')}</label>
          <textarea
            id={`${uid}-prompt`}
            className="textarea"
            rows={4}
            value={form.prompt}
            placeholder={t('images.edit.placeholder')}
            aria-invalid={promptError ? true : undefined}
            data-testid="edit-prompt"
            onChange={(e) => setForm({ prompt: e.target.value })}
          />
          {promptError ? <span className="field-error">{promptError}</span> : null}
        </div>
        <div className="image-form-row">
          <Choice
            id={`${uid}-size`}
            label={t('images.form.size')}
            value={form.size}
            options={EDIT_SIZES}
            text={(v) => (v === 'auto' ? t('images.edit.size.auto') : v.replace('x', ' × '))}
            onChange={(size: EditSize) => setForm({ size })}
          />
          <Choice
            id={`${uid}-quality`}
            label={t('images.form.quality')}
            value={form.quality}
            options={QUALITIES}
            text={(q) => t(QUALITY_WORD[q])}
            onChange={(quality: ImageQuality) => setForm({ quality })}
          />
        </div>
        <div className="image-form-row">
          <Choice
            id={`${uid}-fidelity`}
            label={t('images.edit.fidelity')}
            value={form.inputFidelity}
            options={FIDELITIES}
            text={(f) => t(`images.edit.fidelity.${f}`)}
            onChange={(inputFidelity: InputFidelity) => setForm({ inputFidelity })}
          />
          <Choice
            id={`${uid}-format`}
            label={t('images.form.format')}
            value={form.outputFormat}
            options={OUTPUT_FORMATS}
            text={(f) => f.toUpperCase()}
            onChange={(outputFormat: OutputFormat) => setForm({ outputFormat })}
          />
          <div className="field image-n">
            <label htmlFor={`${uid}-n`}>{t('images.form.count')}</label>
            <input
              id={`${uid}-n`}
              className="input"
              type="number"
              min={1}
              max={10}
              value={form.n}
              onChange={(e) =>
                setForm({ n: Math.min(10, Math.max(1, Math.trunc(Number(e.target.value) || 1))) })
              }
            />
          </div>
        </div>
        {error ? (
          <div className="callout callout--error" role="alert" data-testid="edit-error">
            <Icon name="alert-circle" />
            <span translate="no">{error.message}</span>
          </div>
        ) : null}
        <div className="image-actions">
          <Button
            type="submit"
            variant="primary"
            icon="image"
            busy={busy}
            disabled={busy}
            data-testid="edit-run"
          >
            {t('images.edit.run')}
          </Button>
          {busy ? (
            <Button onClick={() => void cancel()} data-testid="edit-cancel">
              {t('common.cancel')}
            </Button>
          ) : null}
        </div>
      </form>
    </div>
  );
}
