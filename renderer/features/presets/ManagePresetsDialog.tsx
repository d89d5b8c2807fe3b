import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useStore } from '../../store/index.ts';
import type { SavedPreset, SkippedPreset } from '../../../shared/presets.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { Button } from '../../components/Button.tsx';
import { IconButton } from '../../components/IconButton.tsx';
import { Icon } from '../../components/Icon.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { presetParamsSummary } from './preset-summary.ts';

/** What the last import did, shown until the dialog closes. */
type ImportReport =
  { file: string; imported: number; skipped: SkippedPreset[] } | { file: string; error: string };

/**
 * Every preset with rename/edit and delete, and the presets file: import (each preset checked alone; the
 * ones skipped are listed with why) and export.
 */
export function ManagePresetsDialog(props: {
  open: boolean;
  onClose(): void;
  onEdit(preset: SavedPreset): void;
}) {
  const presets = useStore((s) => s.presets);
  const unreadable = useStore((s) => s.presetsUnreadable);
  const status = useStore((s) => s.presetsStatus);
  const load = useStore((s) => s.loadPresets);
  const exportPresets = useStore((s) => s.exportPresets);
  const [report, setReport] = useState<ImportReport | null>(null);

  useEffect(() => {
    if (props.open) void load();
  }, [props.open, load]);
  // the report belongs to this visit of the dialog
  const close = () => {
    setReport(null);
    props.onClose();
  };

  return (
    <Dialog
      open={props.open}
      title="Presets"
      onClose={close}
      className="preset-manage-dialog"
      testId="presets-dialog"
      actions={
        <>
          <ImportButton onReport={setReport} />
          <Button
            icon="download"
            onClick={() => void exportPresets()}
            disabled={presets.length === 0}
            data-testid="presets-export"
          >
            Export
          </Button>
          <span className="preset-actions-gap" />
          <Button variant="primary" onClick={close}>
            Done
          </Button>
        </>
      }
    >
      {report ? <ImportResult report={report} /> : null}
      {unreadable.length > 0 ? (
        <div className="callout callout--warning preset-unreadable" role="note">
          <Icon name="alert" size={14} />
          <span>
            {unreadable.length === 1
              ? `“${unreadable[0]?.name}” was saved by a newer version of Quartet and is not shown; it is kept as it is.`
              : `${unreadable.length} presets were saved by a newer version of Quartet and are not shown; they are kept as they are.`}
          </span>
        </div>
      ) : null}
      {status === 'loading' && presets.length === 0 ? (
        <p className="faint">
          <Spinner size={12} /> Loading presets…
        </p>
      ) : presets.length === 0 ? (
        <p className="faint preset-empty">
          No presets yet. Use “Save as preset…” in a conversation’s Presets menu, or import a file.
        </p>
      ) : (
        <ul className="preset-list" aria-label="Presets">
          {presets.map((p) => (
            <PresetRow
              key={p.id}
              preset={p}
              onEdit={() => {
                setReport(null);
                props.onEdit(p);
              }}
            />
          ))}
        </ul>
      )}
    </Dialog>
  );
}

function PresetRow(props: { preset: SavedPreset; onEdit(): void }) {
  const { preset } = props;
  const remove = useStore((s) => s.deletePreset);
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="preset-row" data-testid="preset-row" data-name={preset.name}>
      <div className="preset-row-text">
        <span className="preset-row-name">{preset.name}</span>
        <span className="preset-row-line">
          {preset.description ? `${preset.description} · ` : ''}
          {preset.params.system ? 'system prompt · ' : ''}
          {preset.message ? 'first message · ' : ''}
          {presetParamsSummary(preset.params)}
        </span>
      </div>
      {confirming ? (
        <span className="preset-row-confirm" role="group" aria-label={`Delete “${preset.name}”?`}>
          <Button size="s" onClick={() => setConfirming(false)} autoFocus>
            Keep
          </Button>
          <Button
            size="s"
            variant="danger"
            onClick={() => void remove(preset.id)}
            data-testid="preset-delete-confirm"
          >
            Delete
          </Button>
        </span>
      ) : (
        <span className="preset-row-actions">
          <IconButton
            icon="pencil"
            size="s"
            label={`Rename or edit “${preset.name}”`}
            onClick={props.onEdit}
            data-testid="preset-edit"
          />
          <IconButton
            icon="trash"
            size="s"
            variant="danger"
            label={`Delete “${preset.name}”`}
            onClick={() => setConfirming(true)}
            data-testid="preset-delete"
          />
        </span>
      )}
    </li>
  );
}

function ImportButton(props: { onReport(report: ImportReport): void }) {
  const importPresets = useStore((s) => s.importPresets);
  const inputRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setBusy(true);
    const r = await importPresets(await file.text());
    setBusy(false);
    props.onReport(
      r.ok
        ? { file: file.name, imported: r.imported.length, skipped: r.skipped }
        : { file: file.name, error: r.message },
    );
  };
  return (
    <>
      <Button
        icon="upload"
        busy={busy}
        onClick={() => inputRef.current?.click()}
        data-testid="presets-import"
      >
        Import…
      </Button>
      <input
        ref={inputRef}
        type="file"
        accept=".json,application/json"
        hidden
        onChange={(e) => void onFile(e)}
        data-testid="presets-import-file"
      />
    </>
  );
}

function ImportResult(props: { report: ImportReport }) {
  const { report } = props;
  if ('error' in report) {
    return (
      <div
        className="callout callout--error preset-import-report"
        role="alert"
        data-testid="presets-import-report"
      >
        <Icon name="alert-circle" size={14} />
        <span>
          “{report.file}” could not be imported: {report.error}
        </span>
      </div>
    );
  }
  const n = (count: number) => `${count} preset${count === 1 ? '' : 's'}`;
  return (
    <div
      className={`callout ${report.skipped.length > 0 ? 'callout--warning' : 'callout--info'} preset-import-report`}
      role="status"
      data-testid="presets-import-report"
    >
      <Icon name={report.skipped.length > 0 ? 'alert' : 'check-circle'} size={14} />
      <div>
        <p>
          Imported {n(report.imported)} from “{report.file}”
          {report.skipped.length > 0 ? `; ${n(report.skipped.length)} skipped:` : '.'}
        </p>
        {report.skipped.length > 0 ? (
          <ul className="preset-skipped">
            {report.skipped.slice(0, 20).map((s) => (
              <li key={s.position}>
                #{s.position}
                {s.name ? ` “${s.name}”` : ''}: {s.reason}
              </li>
            ))}
            {report.skipped.length > 20 ? <li>…and {report.skipped.length - 20} more.</li> : null}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
