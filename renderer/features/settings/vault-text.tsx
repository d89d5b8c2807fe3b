import type { ReactNode } from 'react';
import { activeLocale, t } from '../../i18n/active.ts';
import { en, type MessageKey } from '../../i18n/translate.ts';
import { matchTemplate } from '../../i18n/templates.ts';
import { rich } from '../../i18n/rich.tsx';

const SENTENCES = [
  'settings.vault.memory',
  'settings.vault.keyring',
  'settings.vault.file',
  'settings.vault.obfuscated',
  'settings.vault.encrypted',
] as const satisfies readonly MessageKey[];

const STORES = [
  'settings.vault.store.keychain',
  'settings.vault.store.dpapi',
  'settings.vault.store.secretService',
  'settings.vault.store.kwallet',
  'settings.vault.store.keyring',
] as const satisfies readonly MessageKey[];

/**
 * Where the keys are kept, as the host says it (one English sentence per kind of vault), in the page's
 * language; the file's path is never translated. A sentence no template knows is shown as it is.
 */
export function vaultMessage(message: string): ReactNode {
  if (activeLocale() === 'en') return message;
  const found = matchTemplate(SENTENCES, message);
  if (!found) return message;
  const store = found.vars['store'];
  if (store !== undefined) {
    const known = STORES.find((k) => en[k] === store);
    if (!known) return message;
    found.vars['store'] = t(known);
  }
  const { path, ...vars } = found.vars;
  // the path stays a {path} for rich() to put in unmarked for translation
  return rich(t(found.key, vars), path === undefined ? {} : { path: <span translate="no">{path}</span> });
}
