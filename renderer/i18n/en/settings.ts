import type { Entry, Vars } from '../translate.ts';

export const settings = {
  'settings.language': 'Language',
  'settings.language.system': 'Same as the system ({language})',
  'settings.language.hint':
    'The command line, and messages that come from the service or the connection check, stay in English.',

  'settings.check.title': 'Check connection',
  'settings.check.intro':
    'Sends a small request to every interface of {name} ({url}) and compares what comes back with the contract.',
  'settings.check.intro.none':
    'Sends a small request to every interface of the active connection and compares what comes back with the contract.',
  'settings.check.simulator': 'built-in simulator',
  'settings.check.running': 'Checking…',
  'settings.check.again': 'Check again',
  'settings.check.stop': 'Stop',
  'settings.check.images':
    'Include image generation (images, edits, the image tool and image output; slower; may be billed)',
  'settings.check.attachments': 'Send each format a tiny image',
  'settings.check.tools': 'Make each format call a function',
  'settings.check.report': 'Download report',
  'settings.check.status.pass': 'Pass',
  'settings.check.status.warn': 'Warn',
  'settings.check.status.fail': 'Fail',
  'settings.check.status.info': 'Info',
  'settings.check.count.pass': '{count} pass',
  'settings.check.count.warn': '{count} warn',
  'settings.check.count.fail': '{count} fail',
  'settings.check.count.info': '{count} info',
  'settings.check.progress': '{count} done, still running…',
  'settings.check.stopped': 'The check was stopped.',
  'settings.check.failed': 'The check failed: {message}',
  'settings.check.inspect': 'Inspect the request of "{name}"',

  'settings.connections.title': 'Connections',
  'settings.connections.intro':
    'A connection is a service address and its keys. Requests go to the active one.',
  'settings.connections.loadFailed': 'The connections could not be loaded: {message}',
  'settings.connections.active': 'Active',
  'settings.connections.simulator': 'Built-in simulator',
  'settings.connections.add': 'Add connection',
  'settings.connections.none': 'No connection yet.',
  'settings.connections.newName': 'New connection',
  'settings.connections.nameMissing': 'Give the connection a name.',
  'settings.connections.saved': 'Saved.',
  'settings.connections.name': 'Name',
  'settings.connections.baseUrl': 'Base address',
  'settings.connections.builtInNote':
    'The built-in Sandbox runs inside Quartet; its address and keys are fixed.',
  'settings.connections.urlHint':
    'Any form works: https://host, https://host/v1, https://host/prefix/v1beta/ …',
  'settings.connections.use': 'Use this connection',
  'settings.connections.inUse': 'Requests go here',
  'settings.connections.delete.title': 'Delete connection',
  'settings.connections.delete.message': 'Delete {name} and the keys stored for it? This cannot be undone.',
  'settings.endpoints.title': 'Where each request goes',
  'settings.endpoints.root': 'root {root}',

  'settings.keys.title': 'Keys',
  'settings.keys.masked': 'Only the last four characters are ever shown.',
  'settings.keys.slot.default': 'Default key',
  'settings.keys.slot.bearer': 'Chat, Responses, Images, Models (Bearer)',
  'settings.keys.hint.default': 'Used by every interface whose own slot is empty.',
  'settings.keys.hint.bearer': 'Sent as Authorization: Bearer.',
  'settings.keys.hint.messages': 'Sent as x-api-key.',
  'settings.keys.hint.generate': 'Sent as the key query parameter.',
  'settings.keys.public': "The Sandbox's key is public: {key}",
  'settings.keys.public.copy': "Copy the Sandbox's key",
  'settings.keys.public.run': 'To run a copied command against the Sandbox: {command}',
  'settings.keys.confirm':
    'These keys were entered for another address. They are not sent to {origin} until you confirm that this service may have them.',
  'settings.keys.confirm.button': 'Send my keys to {origin}',
  'settings.keys.pasteFirst': 'Paste a key first.',
  'settings.keys.builtIn': 'built in',
  'settings.keys.ending': 'Key ending in {last4}',
  'settings.keys.usesDefault': 'Uses default',
  'settings.keys.usesDefault.title': 'Empty: requests of this family use the default key',
  'settings.keys.notSet': 'Not set',
  'settings.keys.replace.placeholder': 'Replace key',
  'settings.keys.paste.placeholder': 'Paste key',
  'settings.keys.replace': 'Replace',
  'settings.keys.set': 'Set',
  'settings.keys.clear': 'Clear',
  'settings.keys.test': 'Test',
  'settings.keys.test.title': 'List the models with this key',
  'settings.keys.test.noKey': 'Set a key first',
  // said once, by the page (the host's sentence says the same in English only)
  'settings.keys.test.models': (v: Vars) => {
    const count = Number(v['count'] ?? 0);
    return `The key works: the service lists ${count.toLocaleString('en')} model${count === 1 ? '' : 's'} for it.`;
  },
  'settings.appearance.title': 'Appearance',
  'settings.theme': 'Theme',
  'settings.theme.system': 'System',
  'settings.theme.light': 'Light',
  'settings.theme.dark': 'Dark',
  'settings.replyLimit': 'Largest reply kept (characters)',
  'settings.replyLimit.hint':
    'Past this size Quartet stops reading a reply and keeps what arrived, marked as cut at the limit.',
  'settings.replyLimit.invalid': 'A whole number from {min} to {max}; not saved.',

  'settings.storage.title': 'Where data and keys are kept',
  'settings.storage.weak': 'Keys are only weakly protected.',
  'settings.storage.dataDir': 'Conversations, images and request records are kept in {dir}.',
  'settings.storage.host.electron': 'desktop app',
  'settings.storage.host.web': 'browser host',
  'settings.storage.loading': 'Loading…',
  // where the keys are, as the host says it (matched, so the page can say it in its own language)
  'settings.vault.memory': 'Keys are kept in memory only and are forgotten when Quartet quits.',
  'settings.vault.keyring': 'Keys are stored in the system keyring.',
  'settings.vault.file':
    'Keys are stored unencrypted in {path}, readable only by your user account, because no system keyring or encryption is available.',
  'settings.vault.obfuscated':
    'No system keyring (GNOME Keyring, KWallet) was found, so keys are only obfuscated on disk, not encrypted: anyone who can read your files can read them.',
  'settings.vault.encrypted': 'Keys are encrypted with {store} and readable only by your user account.',
  'settings.vault.store.keychain': 'the macOS Keychain',
  'settings.vault.store.dpapi': 'Windows DPAPI',
  'settings.vault.store.secretService': 'the Secret Service (GNOME Keyring)',
  'settings.vault.store.kwallet': 'KWallet',
  'settings.vault.store.keyring': 'the system keyring',
} satisfies Record<string, Entry>;
