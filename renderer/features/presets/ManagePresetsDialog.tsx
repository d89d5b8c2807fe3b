import { useEffect, useState } from 'react';
import { useStore } from '../../store/index.ts';
import type { SavedPreset, SkippedPreset } from '../../../shared/presets.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { Button } from '../../components/Button.tsx';
import { JsonFileButton } from '../../components/JsonFileButton.tsx';
import { IconButton } from '../../components/IconButton.tsx';
import { Icon } from '../../components/Icon.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { t } from '../../i18n/active.ts';
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
      title={t('presets.title')}
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
            {t('presets.manage.export')}
          </Button>
          <span className="preset-actions-gap" />
          <Button variant="primary" onClick={close}>
            {t('presets.manage.done')}
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
              ? t('presets.manage.unreadableOne', { name: unreadable[0]?.name ?? '' })
              : t('presets.manage.unreadableMany', { count: unreadable.length })}
          </span>
        </div>
      ) : null}
      {status === 'loading' && presets.length === 0 ? (
        <p className="faint">
          <Spinner size={12} /> {t('presets.menu.loading')}
        </p>
      ) : presets.length === 0 ? (
        <p className="faint preset-empty">{t('presets.manage.empty')}</p>
      ) : (
        <ul className="preset-list" aria-label={t('presets.title')}>
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
          {[
            preset.description,
            preset.params.system ? t('presets.manage.systemPrompt') : undefined,
            preset.message ? t('presets.manage.firstMessage') : undefined,
            presetParamsSummary(preset.params),
          ]
            .filter(Boolean)
            .join(' · ')}
        </span>
      </div>
      {confirming ? (
        <span
          className="preset-row-confirm"
          role="group"
          aria-label={t('presets.manage.deleteConfirm', { name: preset.name })}
        >
          <Button size="s" onClick={() => setConfirming(false)} autoFocus>
            {t('presets.manage.keep')}
          </Button>
          <Button
            size="s"
            variant="danger"
            onClick={() => void remove(preset.id)}
            data-testid="preset-delete-confirm"
          >
            {t('common.delete')}
          </Button>
        </span>
      ) : (
        <span className="preset-row-actions">
          <IconButton
            icon="pencil"
            size="s"
            label={t('presets.manage.edit', { name: preset.name })}
            onClick={props.onEdit}
            data-testid="preset-edit"
          />
          <IconButton
            icon="trash"
            size="s"
            variant="danger"
            label={t('presets.manage.delete', { name: preset.name })}
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
  return (
    <JsonFileButton
      label={t('presets.manage.import')}
      testId="presets-import"
      inputTestId="presets-import-file"
      onText={async (text, file) => {
        const r = await importPresets(text);
        props.onReport(
          r.ok ? { file, imported: r.imported.length, skipped: r.skipped } : { file, error: r.message },
        );
      }}
    />
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
        <span>{t('presets.import.failed', { file: report.file, error: report.error })}</span>
      </div>
    );
  }
  return (
    <div
      className={`callout ${report.skipped.length > 0 ? 'callout--warning' : 'callout--info'} preset-import-report`}
      role="status"
      data-testid="presets-import-report"
    >
      <Icon name={report.skipped.length > 0 ? 'alert' : 'check-circle'} size={14} />
      <div>
        <p>
          {report.skipped.length > 0
            ? t('presets.import.doneSkipped', {
                count: report.imported,
                file: report.file,
                skipped: report.skipped.length,
              })
            : t('presets.import.done', { count: report.imported, file: report.file })}
        </p>
        {report.skipped.length > 0 ? (
          <ul className="preset-skipped">
            {report.skipped.slice(0, 20).map((s) => (
              <li key={s.position}>
                {s.name
                  ? t('presets.import.skippedRowNamed', {
                      position: s.position,
                      name: s.name,
                      reason: s.reason,
                    })
                  : t('presets.import.skippedRow', { position: s.position, reason: s.reason })}
              </li>
            ))}
            {report.skipped.length > 20 ? (
              <li>{t('presets.import.more', { count: report.skipped.length - 20 })}</li>
            ) : null}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
