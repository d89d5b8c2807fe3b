import { useId, useState } from 'react';
import { useStore } from '../../store/index.ts';
import { keyTestId } from '../../store/settings-slice.ts';
import type { ConnectionInfo, KeySlotStatus } from '../../../shared/contract.ts';
import { KEY_SLOT_LABELS, KEY_SLOTS, type KeySlot } from '../../../shared/formats.ts';
import { Button } from '../../components/Button.tsx';
import { CopyButton } from '../../components/CopyButton.tsx';
import { Icon } from '../../components/Icon.tsx';

const SLOT_HINTS: Record<KeySlot, string> = {
  default: 'Used by every interface whose own slot is empty.',
  bearer: 'Sent as Authorization: Bearer.',
  messages: 'Sent as x-api-key.',
  generate: 'Sent as the key query parameter.',
};

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
          <Icon name="key" size={14} /> Keys
        </h3>
        {connection.builtIn ? null : (
          <span className="faint">Only the last four characters are ever shown.</span>
        )}
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
      The Sandbox's key is public: <code>{props.value}</code>
      <CopyButton text={props.value} label="Copy the Sandbox's key" />
      <span className="faint">
        To run a copied command against the Sandbox: <code>export QUARTET_API_KEY={props.value}</code>
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
      <p>
        These keys were entered for another address. They are not sent to <code>{props.origin}</code> until
        you confirm that this service may have them.
      </p>
      <Button
        data-testid="key-confirm-button"
        onClick={() => {
          void confirmKeys(props.connectionId).then((e) => setError(e?.message ?? null));
        }}
      >
        Send my keys to {props.origin}
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
  const label = KEY_SLOT_LABELS[slot];

  const submit = async () => {
    if (draft.trim() === '') {
      setError('Paste a key first.');
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
        <span className="field-hint">{SLOT_HINTS[slot]}</span>
      </div>
      <div className="key-slot-status" data-testid={`key-status-${slot}`}>
        {builtInKey ? (
          <span className="badge badge--info">
            <Icon name="lock" size={11} /> built in
          </span>
        ) : status?.set ? (
          <code className="key-mask" aria-label={`Key ending in ${status.last4 ?? ''}`}>
            ••••{status.last4 ?? ''}
          </code>
        ) : slot !== 'default' && props.defaultSet ? (
          <span className="faint" title="Empty: requests of this family use the default key">
            Uses default
          </span>
        ) : (
          <span className="faint">Not set</span>
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
              placeholder={status?.set ? 'Replace key' : 'Paste key'}
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
              {status?.set ? 'Replace' : 'Set'}
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
                Clear
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
          title={status?.set ? 'List the models with this key' : 'Set a key first'}
        >
          Test
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
