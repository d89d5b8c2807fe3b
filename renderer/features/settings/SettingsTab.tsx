import { useEffect } from 'react';
import { useStore } from '../../store/index.ts';
import type { Theme } from '../../../shared/contract.ts';
import { Icon, type IconName } from '../../components/Icon.tsx';
import { ConnectionsSection } from './ConnectionsSection.tsx';
import { CheckSection } from './CheckSection.tsx';
import './settings.css';

const THEMES: { id: Theme; label: string; icon: IconName }[] = [
  { id: 'system', label: 'System', icon: 'monitor' },
  { id: 'light', label: 'Light', icon: 'sun' },
  { id: 'dark', label: 'Dark', icon: 'moon' },
];

/** Settings: connections and keys, the connection check, theme, and where things are kept. */
export function SettingsTab() {
  const loadConnections = useStore((s) => s.loadConnections);
  // The sandbox's address is known only once it has started; coming here shows the live one.
  useEffect(() => {
    void loadConnections();
  }, [loadConnections]);
  return (
    <div className="settings" data-testid="settings">
      <div className="settings-inner">
        <ConnectionsSection />
        <CheckSection />
        <div className="settings-pair">
          <AppearanceSection />
          <StorageSection />
        </div>
      </div>
    </div>
  );
}

function AppearanceSection() {
  const theme = useStore((s) => s.settings?.theme ?? 'system');
  const updateSettings = useStore((s) => s.updateSettings);
  return (
    <section className="settings-section" aria-labelledby="settings-appearance-title">
      <div className="settings-section-head">
        <h2 id="settings-appearance-title">Appearance</h2>
      </div>
      <fieldset className="theme-group">
        <legend className="field-label">Theme</legend>
        <div className="theme-options">
          {THEMES.map((t) => (
            <label key={t.id} className="theme-option" data-testid={`theme-${t.id}`}>
              <input
                type="radio"
                name="theme"
                value={t.id}
                checked={theme === t.id}
                onChange={() => void updateSettings({ theme: t.id })}
              />
              <Icon name={t.icon} size={15} />
              {t.label}
            </label>
          ))}
        </div>
      </fieldset>
    </section>
  );
}

function StorageSection() {
  const info = useStore((s) => s.appInfo);
  return (
    <section className="settings-section" aria-labelledby="settings-storage-title">
      <div className="settings-section-head">
        <h2 id="settings-storage-title">Where data and keys are kept</h2>
      </div>
      {info ? (
        <div className="storage-lines">
          {info.vault.weak ? (
            <div className="callout callout--warning" role="note" data-testid="vault-line">
              <Icon name="alert" />
              <span>
                <strong>Keys are only weakly protected.</strong> {info.vault.message}
              </span>
            </div>
          ) : (
            <p className="storage-line" data-testid="vault-line">
              <Icon name="lock" size={14} />
              <span>{info.vault.message}</span>
            </p>
          )}
          <p className="storage-line">
            <Icon name="file" size={14} />
            <span>
              Conversations, images and request records are kept in{' '}
              <code className="storage-path" data-testid="data-dir">
                {info.dataDir}
              </code>
              .
            </span>
          </p>
          <p className="faint storage-version">
            Quartet {info.version} · {info.host === 'electron' ? 'desktop app' : 'browser host'}
          </p>
        </div>
      ) : (
        <p className="faint">Loading…</p>
      )}
    </section>
  );
}
