// The saved lab runs, newest first: show one, rename it, delete it, export it as CSV or JSON.
import { useState } from 'react';
import { formatDate } from '../../i18n/translate.ts';
import { activeLocale } from '../../i18n/active.ts';
import { Button } from '../../components/Button.tsx';
import { useT } from '../../i18n/useT.ts';
import { useStore } from '../../store/index.ts';
import { SPEED_LAB } from '../../../shared/limits.ts';
import type { LabSummary } from '../../../shared/speedlab.ts';

function SavedLab({ lab, shown }: { lab: LabSummary; shown: boolean }) {
  const t = useT();
  const openLab = useStore((s) => s.openLab);
  const renameLab = useStore((s) => s.renameLab);
  const deleteLab = useStore((s) => s.deleteLab);
  const exportLab = useStore((s) => s.exportLab);
  const [editing, setEditing] = useState<string | null>(null);
  const when = formatDate(activeLocale(), lab.createdAt, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <li className={`lab-saved${shown ? ' lab-saved--shown' : ''}`} data-testid="lab-saved">
      {editing === null ? (
        <div className="lab-saved-head">
          <span className="lab-saved-name" translate="no">
            {lab.name}
          </span>
          <span className="lab-saved-meta">
            {when} · {t('speedlab.saved.runs', { count: lab.runCount })}
          </span>
        </div>
      ) : (
        <form
          className="lab-saved-head"
          onSubmit={(e) => {
            e.preventDefault();
            if (editing.trim() === '') return;
            void renameLab(lab.id, editing.trim()).then((ok) => ok && setEditing(null));
          }}
        >
          <input
            className="input"
            aria-label={t('speedlab.saved.renameLabel', { name: lab.name })}
            value={editing}
            maxLength={SPEED_LAB.nameChars}
            autoFocus
            data-testid="lab-rename-input"
            onChange={(e) => setEditing(e.target.value)}
          />
          <Button size="s" type="submit" variant="primary">
            {t('speedlab.saved.save')}
          </Button>
          <Button size="s" onClick={() => setEditing(null)}>
            {t('speedlab.saved.cancel')}
          </Button>
        </form>
      )}
      <div className="lab-saved-actions">
        <Button
          size="s"
          onClick={() => void openLab(lab.id)}
          aria-pressed={shown}
          data-testid="lab-saved-open"
        >
          {t('speedlab.saved.open')}
        </Button>
        <Button size="s" onClick={() => setEditing(lab.name)} data-testid="lab-saved-rename">
          {t('speedlab.saved.rename')}
        </Button>
        <Button
          size="s"
          icon="download"
          onClick={() => void exportLab(lab.id, 'csv')}
          data-testid="lab-export-csv"
        >
          {t('speedlab.export.csv')}
        </Button>
        <Button
          size="s"
          icon="download"
          onClick={() => void exportLab(lab.id, 'json')}
          data-testid="lab-export-json"
        >
          {t('speedlab.export.json')}
        </Button>
        <Button size="s" variant="ghost" icon="trash" onClick={() => void deleteLab(lab.id)}>
          {t('speedlab.saved.delete')}
        </Button>
      </div>
    </li>
  );
}

export function SavedLabs() {
  const t = useT();
  const labs = useStore((s) => s.labRuns);
  const shownId = useStore((s) => s.labShown?.id ?? null);
  return (
    <section className="lab-section lab-saved-section" aria-labelledby="lab-saved-title">
      <h2 id="lab-saved-title">{t('speedlab.saved')}</h2>
      {labs === null || labs.length === 0 ? (
        <p className="lab-empty">{t('speedlab.saved.none')}</p>
      ) : (
        <ul className="lab-saved-list" data-testid="lab-saved-list">
          {labs.map((lab) => (
            <SavedLab key={lab.id} lab={lab} shown={lab.id === shownId} />
          ))}
        </ul>
      )}
    </section>
  );
}
