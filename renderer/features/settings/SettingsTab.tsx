import { lazy, Suspense, useEffect, useState } from 'react';
import { MAX_REPLY_CHARS } from '../../../shared/limits.ts';
import { useStore } from '../../store/index.ts';
import type { Theme } from '../../../shared/contract.ts';
import { Icon, type IconName } from '../../components/Icon.tsx';
import { ConnectionsSection } from './ConnectionsSection.tsx';
import { CheckSection } from './CheckSection.tsx';
import { McpSection } from './McpSection.tsx';
import './settings.css';
import { DEFAULT_SETTINGS } from '../../../shared/default-settings.ts';
import { useT } from '../../i18n/useT.ts';
import {
  LOCALE_NAMES,
  LOCALES,
  localeOf,
  type LanguageSetting,
  type MessageKey,
} from '../../i18n/translate.ts';
import { rich } from '../../i18n/rich.tsx';
import { vaultMessage } from './vault-text.tsx';

// The price table's editor, its checks and its file are needed only here: loaded when Settings opens.
const PricesSection = lazy(() => import('./PricesSection.tsx').then((m) => ({ default: m.PricesSection })));

const THEMES: { id: Theme; label: MessageKey; icon: IconName }[] = [
  { id: 'system', label: 'settings.theme.system', icon: 'monitor' },
  { id: 'light', label: 'settings.theme.light', icon: 'sun' },
  { id: 'dark', label: 'settings.theme.dark', icon: 'moon' },
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
        <McpSection />
        <Suspense fallback={null}>
          <PricesSection />
        </Suspense>
      </div>
    </div>
  );
}

function AppearanceSection() {
  const theme = useStore((s) => s.settings?.theme ?? DEFAULT_SETTINGS.theme);
  const updateSettings = useStore((s) => s.updateSettings);
  const t = useT();
  return (
    <section className="settings-section" aria-labelledby="settings-appearance-title">
      <div className="settings-section-head">
        <h2 id="settings-appearance-title">{t('settings.appearance.title')}</h2>
      </div>
      <fieldset className="theme-group">
        <legend className="field-label">{t('settings.theme')}</legend>
        <div className="theme-options">
          {THEMES.map((option) => (
            <label key={option.id} className="theme-option" data-testid={`theme-${option.id}`}>
              <input
                type="radio"
                name="theme"
                value={option.id}
                checked={theme === option.id}
                onChange={() => void updateSettings({ theme: option.id })}
              />
              <Icon name={option.icon} size={15} />
              {t(option.label)}
            </label>
          ))}
        </div>
      </fieldset>
      <LanguageField />
      <ReplyLimitField />
    </section>
  );
}

/** The interface language: the system's (named), English or Simplified Chinese; applied at once. */
function LanguageField() {
  const setting = useStore((s) => s.settings?.language ?? 'system');
  const updateSettings = useStore((s) => s.updateSettings);
  const t = useT();
  const system = LOCALE_NAMES[localeOf(navigator.language)];
  return (
    <div className="reply-limit">
      <label className="field-label" htmlFor="language-select">
        {t('settings.language')}
      </label>
      <select
        id="language-select"
        className="select"
        data-testid="language-select"
        value={setting}
        onChange={(e) => void updateSettings({ language: e.target.value as LanguageSetting })}
      >
        <option value="system">{t('settings.language.system', { language: system })}</option>
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
      <p className="faint">{t('settings.language.hint')}</p>
    </div>
  );
}

/** The reply size cap: past it a reply stops being read and is kept as partial. */
function ReplyLimitField() {
  const stored = useStore((s) => s.settings?.maxReplyChars ?? MAX_REPLY_CHARS.default);
  const updateSettings = useStore((s) => s.updateSettings);
  const [draft, setDraft] = useState<string | null>(null);
  const t = useT();
  const text = draft ?? String(stored);
  const value = Number(text.replace(/[\s,_]/g, ''));
  const valid = Number.isInteger(value) && value >= MAX_REPLY_CHARS.min && value <= MAX_REPLY_CHARS.max;
  const save = () => {
    if (draft === null || !valid) return;
    void updateSettings({ maxReplyChars: value }).then((ok) => ok && setDraft(null));
  };
  return (
    <div className="reply-limit">
      <label className="field-label" htmlFor="reply-limit-input">
        {t('settings.replyLimit')}
      </label>
      <input
        id="reply-limit-input"
        data-testid="reply-limit-input"
        inputMode="numeric"
        value={text}
        aria-invalid={!valid}
        aria-describedby="reply-limit-help"
        onChange={(e) => setDraft(e.target.value)}
        onBlur={save}
        onKeyDown={(e) => {
          if (e.key === 'Enter') save();
        }}
      />
      <p id="reply-limit-help" className={valid ? 'faint' : 'field-error'} data-testid="reply-limit-help">
        {valid
          ? t('settings.replyLimit.hint')
          : t('settings.replyLimit.invalid', { min: MAX_REPLY_CHARS.min, max: MAX_REPLY_CHARS.max })}
      </p>
    </div>
  );
}

function StorageSection() {
  const info = useStore((s) => s.appInfo);
  const t = useT();
  return (
    <section className="settings-section" aria-labelledby="settings-storage-title">
      <div className="settings-section-head">
        <h2 id="settings-storage-title">{t('settings.storage.title')}</h2>
      </div>
      {info ? (
        <div className="storage-lines">
          {info.vault.weak ? (
            <div className="callout callout--warning" role="note" data-testid="vault-line">
              <Icon name="alert" />
              <span>
                <strong>{t('settings.storage.weak')}</strong> {vaultMessage(info.vault.message)}
              </span>
            </div>
          ) : (
            <p className="storage-line" data-testid="vault-line">
              <Icon name="lock" size={14} />
              <span>{vaultMessage(info.vault.message)}</span>
            </p>
          )}
          <p className="storage-line">
            <Icon name="file" size={14} />
            <span>
              {rich(t('settings.storage.dataDir'), {
                dir: (
                  <code className="storage-path" data-testid="data-dir">
                    {info.dataDir}
                  </code>
                ),
              })}
            </span>
          </p>
          <p className="faint storage-version">
            Quartet <span translate="no">{info.version}</span> ·{' '}
            {t(info.host === 'electron' ? 'settings.storage.host.electron' : 'settings.storage.host.web')}
          </p>
        </div>
      ) : (
        <p className="faint">{t('settings.storage.loading')}</p>
      )}
    </section>
  );
}
