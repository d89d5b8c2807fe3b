import { useId, useState } from 'react';
import { useStore } from '../../store/index.ts';
import { keyTestId } from '../../store/settings-slice.ts';
import type { ConnectionInfo, KeySlotStatus } from '../../../shared/contract.ts';
import { KEY_SLOT_LABELS, KEY_SLOTS, type KeySlot } from '../../../shared/formats.ts';
import { Button } from '../../components/Button.tsx';
import { CopyButton } from '../../components/CopyButton.tsx';
import { Icon } from '../../components/Icon.tsx';
import { t } from '../../i18n/active.ts';
import { rich } from '../../i18n/rich.tsx';
import type { MessageKey } from '../../i18n/messages-en.ts';

const SLOT_HINTS = {
  default: 'settings.keys.hint.default',
  bearer: 'settings.keys.hint.bearer',
  messages: 'settings.keys.hint.messages',
  generate: 'settings.keys.hint.generate',
} as const satisfies Record<KeySlot, MessageKey>;

/** A slot's name on the page: the two that are words translated, the two that name an API as they are. */
function slotLabel(slot: KeySlot): string {
  if (slot === 'default') return t('settings.keys.slot.default');
  if (slot === 'bearer') return t('settings.keys.slot.bearer');
  return KEY_SLOT_LABELS[slot];
}

/** The key slots of one connection: masked status, set/replace, clear and test. */
export function KeySlots(props: { connection: ConnectionInfo }) {
  const { connection } = props;
  const statuses = useStore((s) => s.keyStatus[connection.id]);
  const confirmFor = statuses?.find((k) => k.confirmFor !== undefined)?.confirmFor;
  const publicKey = statuses?.find((k) => k.publicKey !== undefined)?.publicKey;
  return (
    <div className="key-slots" data-testid="key-slots">
      <div className="key-slots-head">
        <h3>
          <Icon name="key" size={14} /> {t('settings.keys.title')}
        </h3>
        {connection.builtIn ? null : <span className="faint">{t('settings.keys.masked')}</span>}
      </div>
      {publicKey !== undefined ? <PublicKey value={publicKey} /> : null}
      {confirmFor !== undefined && <ConfirmKeys connectionId={connection.id} origin={confirmFor} />}
      <ul className="key-slot-list">
        {KEY_SLOTS.map((slot) => (
          <KeySlotRow
            key={slot}
            connectionId={connection.id}
            slot={slot}
            status={statuses?.find((k) => k.slot === slot)}
            builtIn={connection.builtIn}
            defaultSet={statuses?.some((k) => k.slot === 'default' && k.set) ?? false}
          />
        ))}
      </ul>
    </div>
  );
}

/** The built-in sandbox's key is no secret: shown whole, so a copied command can be run against it. */
function PublicKey(props: { value: string }) {
  return (
    <p className="key-public" data-testid="sandbox-key">
      {rich(t('settings.keys.public'), { key: <code>{props.value}</code> })}
      <CopyButton text={props.value} label={t('settings.keys.public.copy')} />
      <span className="faint">
        {rich(t('settings.keys.public.run'), {
          command: <code>export QUARTET_API_KEY={props.value}</code>,
        })}
      </span>
    </p>
  );
}

/** The address moved to another origin since the keys were entered: they wait for the user's word. */
function ConfirmKeys(props: { connectionId: string; origin: string }) {
  const confirmKeys = useStore((s) => s.confirmKeys);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="key-confirm" role="alert" data-testid="key-confirm">
      <p>{rich(t('settings.keys.confirm'), { origin: <code>{props.origin}</code> })}</p>
      <Button
        data-testid="key-confirm-button"
        onClick={() => {
          void confirmKeys(props.connectionId).then((e) => setError(e?.message ?? null));
        }}
      >
        {t('settings.keys.confirm.button', { origin: props.origin })}
      </Button>
      {error !== null && <p className="key-confirm-error">{error}</p>}
    </div>
  );
}

function KeySlotRow(props: {
  connectionId: string;
  slot: KeySlot;
  status: KeySlotStatus | undefined;
  builtIn: boolean;
  /** the default slot has a key, which this slot falls back to when empty */
  defaultSet: boolean;
}) {
  const { connectionId, slot, status } = props;
  const setKey = useStore((s) => s.setKey);
  const clearKey = useStore((s) => s.clearKey);
  const testKey = useStore((s) => s.testKey);
  const test = useStore((s) => s.keyTests[keyTestId(connectionId, slot)]);
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState<'set' | 'clear' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const uid = useId();
  const builtInKey = status?.source === 'builtin';
  const label = slotLabel(slot);

  const submit = async () => {
    if (draft.trim() === '') {
      setError(t('settings.keys.pasteFirst'));
      return;
    }
    setBusy('set');
    const e = await setKey(connectionId, slot, draft);
    setBusy(null);
    if (e) setError(e.issues?.[0]?.message ?? e.message);
    else {
      setError(null);
      setDraft('');
    }
  };

  const clear = async () => {
    setBusy('clear');
    const e = await clearKey(connectionId, slot);
    setBusy(null);
    setError(e ? e.message : null);
  };

  return (
    <li className="key-slot" data-testid={`key-slot-${slot}`}>
      <div className="key-slot-label">
        {props.builtIn ? (
          <span className="key-slot-name">{label}</span>
        ) : (
          <label htmlFor={`${uid}-key`}>{label}</label>
        )}
        <span className="field-hint">{t(SLOT_HINTS[slot])}</span>
      </div>
      <div className="key-slot-status" data-testid={`key-status-${slot}`}>
        {builtInKey ? (
          <span className="badge badge--info">
            <Icon name="lock" size={11} /> {t('settings.keys.builtIn')}
          </span>
        ) : status?.set ? (
          <code className="key-mask" aria-label={t('settings.keys.ending', { last4: status.last4 ?? '' })}>
            ••••{status.last4 ?? ''}
          </code>
        ) : slot !== 'default' && props.defaultSet ? (
          <span className="faint" title={t('settings.keys.usesDefault.title')}>
            {t('settings.keys.usesDefault')}
          </span>
        ) : (
          <span className="faint">{t('settings.keys.notSet')}</span>
        )}
      </div>
      <div className="key-slot-actions">
        {props.builtIn ? null : (
          <form
            className="key-slot-form"
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
          >
            <input
              id={`${uid}-key`}
              type="password"
              className="input input--s mono"
              placeholder={
                status?.set ? t('settings.keys.replace.placeholder') : t('settings.keys.paste.placeholder')
              }
              autoComplete="off"
              spellCheck={false}
              value={draft}
              aria-invalid={error ? true : undefined}
              data-testid={`key-input-${slot}`}
              onChange={(e) => {
                setDraft(e.target.value);
                if (error) setError(null);
              }}
            />
            <Button
              type="submit"
              size="s"
              busy={busy === 'set'}
              disabled={busy !== null}
              data-testid={`key-set-${slot}`}
            >
              {status?.set ? t('settings.keys.replace') : t('settings.keys.set')}
            </Button>
            {status?.set && !builtInKey ? (
              <Button
                size="s"
                variant="ghost"
                busy={busy === 'clear'}
                disabled={busy !== null}
                onClick={() => void clear()}
                data-testid={`key-clear-${slot}`}
              >
                {t('settings.keys.clear')}
              </Button>
            ) : null}
          </form>
        )}
        <Button
          size="s"
          busy={test?.running ?? false}
          disabled={!status?.set || test?.running === true}
          onClick={() => void testKey(connectionId, slot)}
          data-testid={`key-test-${slot}`}
          title={status?.set ? t('settings.keys.test.title') : t('settings.keys.test.noKey')}
        >
          {t('settings.keys.test')}
        </Button>
      </div>
      {error ? (
        <p className="field-error key-slot-msg" role="alert">
          {error}
        </p>
      ) : test && !test.running && test.message ? (
        <p
          className={`key-slot-msg ${test.ok ? 'key-test-ok' : 'key-test-fail'}`}
          role="status"
          data-testid={`key-test-result-${slot}`}
        >
          <Icon name={test.ok ? 'check-circle' : 'x-circle'} size={13} /> {test.message}
        </p>
      ) : null}
    </li>
  );
}
