import { useId, useState } from 'react';
import { useStore } from '../../store/index.ts';
import type { ConnectionInfo } from '../../../shared/contract.ts';
import { normaliseBaseUrl } from '../../../shared/endpoints.ts';
import { baseUrlProblemMessage, pastedEndpointNote } from './base-url-text.tsx';
import { Button } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { Icon } from '../../components/Icon.tsx';
import { EndpointPreview } from './EndpointPreview.tsx';
import { KeySlots } from './KeySlots.tsx';
import { t } from '../../i18n/active.ts';
import { rich } from '../../i18n/rich.tsx';

/** Connections: a list on the left, the selected one's address, preview and keys on the right. */
export function ConnectionsSection() {
  const connections = useStore((s) => s.connections);
  const activeId = useStore((s) => s.activeConnectionId);
  const error = useStore((s) => s.connectionsError);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);

  const current = adding
    ? null
    : (connections.find((c) => c.id === (selectedId ?? activeId)) ?? connections[0] ?? null);

  return (
    <section className="settings-section" aria-labelledby="settings-connections-title">
      <div className="settings-section-head">
        <h2 id="settings-connections-title">{t('settings.connections.title')}</h2>
        <p className="muted">{t('settings.connections.intro')}</p>
      </div>
      {error ? (
        <div className="callout callout--error" role="alert">
          <Icon name="alert-circle" />
          <span>{t('settings.connections.loadFailed', { message: error.message })}</span>
        </div>
      ) : null}
      <div className="conn-layout">
        <div className="conn-side">
          <ul
            className="conn-list"
            aria-label={t('settings.connections.title')}
            data-testid="connection-list"
          >
            {connections.map((c) => {
              const selected = !adding && current?.id === c.id;
              return (
                <li key={c.id}>
                  <button
                    type="button"
                    className="conn-item"
                    aria-current={selected ? 'true' : undefined}
                    data-testid="connection-item"
                    onClick={() => {
                      setAdding(false);
                      setSelectedId(c.id);
                    }}
                  >
                    <span className="conn-item-name">
                      {c.name}
                      {c.id === activeId ? (
                        <span className="badge badge--success">{t('settings.connections.active')}</span>
                      ) : null}
                    </span>
                    <span className="conn-item-url">
                      {c.builtIn ? t('settings.connections.simulator') : c.baseUrl}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
          <Button
            icon="plus"
            size="s"
            variant="ghost"
            onClick={() => setAdding(true)}
            data-testid="add-connection"
            disabled={adding}
          >
            {t('settings.connections.add')}
          </Button>
        </div>
        <div className="conn-main">
          {adding || current ? (
            <ConnectionEditor
              key={adding ? 'new' : current?.id}
              connection={adding ? null : current}
              active={!adding && current?.id === activeId}
              onSaved={(id) => {
                setAdding(false);
                setSelectedId(id);
              }}
              onCancelNew={() => setAdding(false)}
              onDeleted={() => setSelectedId(null)}
            />
          ) : (
            <p className="muted">{t('settings.connections.none')}</p>
          )}
        </div>
      </div>
    </section>
  );
}

function ConnectionEditor(props: {
  connection: ConnectionInfo | null;
  active: boolean;
  onSaved(id: string): void;
  onCancelNew(): void;
  onDeleted(): void;
}) {
  const { connection } = props;
  const saveConnection = useStore((s) => s.saveConnection);
  const deleteConnection = useStore((s) => s.deleteConnection);
  const activateConnection = useStore((s) => s.activateConnection);
  const [name, setName] = useState(connection?.name ?? t('settings.connections.newName'));
  const [baseUrl, setBaseUrl] = useState(connection?.baseUrl ?? '');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState<'save' | 'activate' | 'delete' | null>(null);
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const uid = useId();

  const builtIn = connection?.builtIn ?? false;
  // The sandbox's address is read-only and becomes known once it runs: always show the live one.
  const url = builtIn && connection ? connection.baseUrl : baseUrl;
  const check = normaliseBaseUrl(url);
  const nameError = name.trim() === '' ? t('settings.connections.nameMissing') : null;
  const urlError = check.ok ? null : baseUrlProblemMessage(check.problem);
  const dirty = connection === null || name !== connection.name || baseUrl !== connection.baseUrl;
  const showUrlError = urlError !== null && (touched || baseUrl !== '');

  const save = async () => {
    setTouched(true);
    if (nameError || urlError) return;
    setBusy('save');
    setMessage(null);
    const r = await saveConnection({
      ...(connection ? { id: connection.id } : {}),
      name: name.trim(),
      baseUrl: baseUrl.trim(),
    });
    setBusy(null);
    if (!r.ok) {
      setMessage({ kind: 'error', text: r.error.message });
      return;
    }
    setMessage({ kind: 'success', text: t('settings.connections.saved') });
    props.onSaved(r.value.id);
  };

  const activate = async () => {
    if (!connection) return;
    setBusy('activate');
    const error = await activateConnection(connection.id);
    setBusy(null);
    setMessage(error ? { kind: 'error', text: error.message } : null);
  };

  const remove = async () => {
    if (!connection) return;
    setConfirming(false);
    setBusy('delete');
    const error = await deleteConnection(connection.id);
    setBusy(null);
    if (error) setMessage({ kind: 'error', text: error.message });
    else props.onDeleted();
  };

  return (
    <div className="conn-editor" data-testid="connection-editor">
      <form
        className="conn-form"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <div className="conn-fields">
          <div className="field conn-field-name">
            <label htmlFor={`${uid}-name`}>{t('settings.connections.name')}</label>
            <input
              id={`${uid}-name`}
              className="input"
              value={name}
              readOnly={builtIn}
              aria-invalid={touched && nameError ? true : undefined}
              data-testid="settings-conn-name"
              onChange={(e) => setName(e.target.value)}
            />
            {touched && nameError ? <span className="field-error">{nameError}</span> : null}
          </div>
          <div className="field conn-field-url">
            <label htmlFor={`${uid}-url`}>{t('settings.connections.baseUrl')}</label>
            <input
              id={`${uid}-url`}
              className="input mono"
              value={url}
              readOnly={builtIn}
              placeholder="https://api.example.com"
              translate="no"
              spellCheck={false}
              autoComplete="off"
              inputMode="url"
              aria-invalid={showUrlError ? true : undefined}
              aria-describedby={`${uid}-url-msg`}
              data-testid="settings-base-url"
              onChange={(e) => setBaseUrl(e.target.value)}
              onBlur={() => setTouched(true)}
            />
            <span
              id={`${uid}-url-msg`}
              className={showUrlError ? 'field-error' : 'field-hint'}
              data-testid="base-url-message"
            >
              {showUrlError
                ? urlError
                : builtIn
                  ? t('settings.connections.builtInNote')
                  : check.ok && check.pasted
                    ? pastedEndpointNote(check.root, check.pasted)
                    : t('settings.connections.urlHint')}
            </span>
          </div>
        </div>
        <EndpointPreview baseUrl={url} />
        <div className="conn-actions">
          {!builtIn ? (
            <Button
              type="submit"
              variant="primary"
              icon="save"
              busy={busy === 'save'}
              disabled={!dirty || busy !== null}
              data-testid="save-connection"
            >
              {connection ? t('common.save') : t('settings.connections.add')}
            </Button>
          ) : null}
          {connection === null ? (
            <Button variant="ghost" onClick={props.onCancelNew}>
              {t('common.cancel')}
            </Button>
          ) : null}
          {connection && !props.active ? (
            <Button
              icon="check"
              busy={busy === 'activate'}
              disabled={busy !== null}
              onClick={() => void activate()}
              data-testid="activate-connection"
            >
              {t('settings.connections.use')}
            </Button>
          ) : null}
          {connection && props.active ? (
            <span className="conn-active-note">
              <Icon name="check-circle" size={14} /> {t('settings.connections.inUse')}
            </span>
          ) : null}
          <span className="conn-actions-spacer" />
          {connection && !builtIn ? (
            <Button
              variant="ghost"
              icon="trash"
              className="conn-delete"
              busy={busy === 'delete'}
              disabled={busy !== null}
              onClick={() => setConfirming(true)}
              data-testid="delete-connection"
            >
              {t('common.delete')}
            </Button>
          ) : null}
        </div>
        {message ? (
          <p
            className={message.kind === 'error' ? 'field-error' : 'conn-saved'}
            role={message.kind === 'error' ? 'alert' : 'status'}
          >
            {message.text}
          </p>
        ) : null}
      </form>
      {connection ? <KeySlots connection={connection} /> : null}
      <ConfirmDialog
        open={confirming}
        title={t('settings.connections.delete.title')}
        message={rich(t('settings.connections.delete.message'), {
          name: <strong>{connection?.name}</strong>,
        })}
        confirmLabel={t('common.delete')}
        danger
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
