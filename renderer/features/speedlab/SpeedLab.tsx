// The speed lab section: which service, format and model is fastest and most reliable, now and over
// time. The form, the results of the lab running or shown (pictures first), the saved runs.
import { useEffect, useId, useMemo } from 'react';
import { rowKey } from '../../../shared/speedlab.ts';
import { useT } from '../../i18n/useT.ts';
import { useStore } from '../../store/index.ts';
import { LabForm } from './LabForm.tsx';
import { LabResults } from './LabResults.tsx';
import { SavedLabs } from './SavedLabs.tsx';
import './speedlab.css';

function CompareWith() {
  const t = useT();
  const id = useId();
  const shown = useStore((s) => s.labShown);
  const labs = useStore((s) => s.labRuns);
  const compareId = useStore((s) => s.labCompareId);
  const compareLab = useStore((s) => s.compareLab);
  // earlier runs that measured at least one of the same rows
  const earlier = useMemo(() => {
    if (!shown || !labs) return [];
    const keys = new Set(shown.rows.map(rowKey));
    return labs.filter(
      (l) => l.id !== shown.id && l.createdAt <= shown.createdAt && l.rows.some((r) => keys.has(rowKey(r))),
    );
  }, [shown, labs]);
  if (earlier.length === 0) return null;
  return (
    <label className="lab-field" htmlFor={id}>
      <span>{t('speedlab.compare')}</span>
      <select
        id={id}
        className="input"
        value={compareId ?? ''}
        data-testid="lab-compare"
        onChange={(e) => void compareLab(e.target.value || null)}
      >
        <option value="">{t('speedlab.compare.none')}</option>
        {earlier.map((l) => (
          <option key={l.id} value={l.id} translate="no">
            {l.name}
          </option>
        ))}
      </select>
    </label>
  );
}

export default function SpeedLab() {
  const t = useT();
  const live = useStore((s) => s.labLive);
  const shown = useStore((s) => s.labShown);
  const compared = useStore((s) => s.labCompared);
  const error = useStore((s) => s.labError);
  const loadLabRuns = useStore((s) => s.loadLabRuns);
  const loadPresets = useStore((s) => s.loadPresets);
  useEffect(() => {
    void loadLabRuns();
    void loadPresets();
  }, [loadLabRuns, loadPresets]);
  const record = live ?? shown;
  return (
    <div className="speedlab" data-testid="speedlab">
      <p className="lab-intro">{t('speedlab.intro')}</p>
      <LabForm />
      <section className="lab-section lab-results-section" aria-labelledby="lab-results-title">
        <div className="lab-results-head">
          <h2 id="lab-results-title">
            {t('speedlab.results')}
            {!live && shown ? (
              <span className="lab-results-name" translate="no">
                {' '}
                · {shown.name}
              </span>
            ) : null}
          </h2>
          {!live ? <CompareWith /> : null}
        </div>
        {error ? (
          <p className="lab-error" role="alert" translate="no">
            {error}
          </p>
        ) : null}
        {!live && shown && !shown.complete ? <p className="lab-note">{t('speedlab.incomplete')}</p> : null}
        {record && record.runs.length > 0 ? (
          <LabResults record={record} earlier={live ? null : compared} />
        ) : (
          <p className="lab-empty">{t('speedlab.results.none')}</p>
        )}
      </section>
      <SavedLabs />
    </div>
  );
}
