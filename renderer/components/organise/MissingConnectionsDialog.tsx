import { useId, useState, type FormEvent } from 'react';
import { displayName } from '../../../shared/display.ts';
import { Button } from '../Button.tsx';
import { Dialog } from '../Dialog.tsx';
import { useT } from '../../i18n/useT.ts';
import { useStore } from '../../store/index.ts';
import './organise.css';

const LEAVE = '';

/**
 * After an import whose conversations name a connection this data folder lacks: which saved connection
 * each name stands for, or none (they stay unassigned and ask again before a send). Nothing is made up:
 * every choice starts on "leave unassigned". Drawn once by App.tsx, for imports from any view.
 */
export function MissingConnectionsDialog() {
  const t = useT();
  const ask = useStore((s) => s.connectionAsk);
  const answer = useStore((s) => s.answerMissingConnections);
  const leaveAll = () => void answer({});
  return (
    <Dialog
      open={ask !== null}
      title={t('connection.ask.title')}
      onClose={leaveAll}
      testId="missing-connections-dialog"
    >
      {ask ? <AskForm ask={ask} onLeave={leaveAll} /> : null}
    </Dialog>
  );
}

function AskForm(props: { ask: { name: string; ids: string[] }[]; onLeave(): void }) {
  const t = useT();
  const id = useId();
  const connections = useStore((s) => s.connections);
  const answer = useStore((s) => s.answerMissingConnections);
  const [choices, setChoices] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    const answers: Record<string, string | null> = {};
    for (const { name } of props.ask) {
      const chosen = choices[name] ?? LEAVE;
      answers[name] = chosen === LEAVE ? null : chosen;
    }
    await answer(answers);
  };
  return (
    <form onSubmit={(e) => void onSubmit(e)}>
      <p className="muted">{t('connection.ask.intro')}</p>
      <ul className="ask-list">
        {props.ask.map(({ name, ids }, i) => (
          <li key={name} className="ask-row" data-testid="missing-connection">
            <label htmlFor={`${id}-${i}`} className="ask-name">
              <bdi translate="no" className="ask-wanted">
                {displayName(name)}
              </bdi>
              <span className="faint">{t('connection.ask.count', { count: ids.length })}</span>
            </label>
            <select
              id={`${id}-${i}`}
              className="select select--s"
              value={choices[name] ?? LEAVE}
              onChange={(e) => setChoices((c) => ({ ...c, [name]: e.target.value }))}
              data-testid="missing-connection-choice"
            >
              <option value={LEAVE}>{t('connection.ask.leave')}</option>
              {connections.map((c) => (
                <option key={c.id} value={c.id} translate="no">
                  {c.name}
                </option>
              ))}
            </select>
          </li>
        ))}
      </ul>
      <div className="dialog-actions">
        <Button type="button" onClick={props.onLeave} disabled={busy}>
          {t('connection.ask.leaveAll')}
        </Button>
        <Button type="submit" variant="primary" busy={busy} data-testid="missing-connections-apply">
          {t('connection.ask.apply')}
        </Button>
      </div>
    </form>
  );
}
