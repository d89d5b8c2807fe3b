import { createServiceClient, type ClientOptions, type ServiceClient } from '../core/index.ts';
import type { KeySlot } from '../../shared/formats.ts';
import { UsageError } from './args.ts';
import { savedConnectionAddress } from './saved-connections.ts';

export const ENV = {
  baseUrl: 'QUARTET_BASE_URL',
  key: 'QUARTET_API_KEY',
  bearer: 'QUARTET_CHAT_API_KEY',
  messages: 'QUARTET_MESSAGES_API_KEY',
  generate: 'QUARTET_GENERATE_API_KEY',
} as const;

export interface ConnectionFlags {
  'base-url'?: string | undefined;
  /** a connection saved in the app, by name: its address (keys still come from the environment) */
  connection?: string | undefined;
  key?: string | undefined;
}

/** Every key the command line knows of, from flags and environment: also what its output redacts. */
export function keysFrom(flags: ConnectionFlags, env: CliEnv): Partial<Record<KeySlot, string>> {
  const keys: Partial<Record<KeySlot, string>> = {};
  const set = (slot: KeySlot, value: string | undefined) => {
    if (value !== undefined && value.trim() !== '') keys[slot] = value.trim();
  };
  set('default', flags.key ?? env[ENV.key]);
  set('bearer', env[ENV.bearer]);
  set('messages', env[ENV.messages]);
  set('generate', env[ENV.generate]);
  return keys;
}

type CliEnv = Readonly<Record<string, string | undefined>>;

/**
 * The service address: the saved connection named by --connection where the app's data folder can be
 * read (else `note` says why in one line, and the address comes as before), then --base-url, then the
 * environment.
 */
export function serviceAddress(flags: ConnectionFlags, env: CliEnv, note?: (line: string) => void): string {
  const name = flags.connection?.trim();
  if (name) {
    const saved = savedConnectionAddress(name, env);
    if (saved.ok) return saved.baseUrl;
    note?.(`quartet: --connection: ${saved.why}; using --base-url or ${ENV.baseUrl} instead\n`);
  }
  return (flags['base-url'] ?? env[ENV.baseUrl] ?? '').trim();
}

/** A client for the service named by flags and environment; bad or missing settings are usage errors. */
export function connect(
  flags: ConnectionFlags,
  env: CliEnv,
  extra: Partial<ClientOptions> = {},
  note?: (line: string) => void,
): ServiceClient {
  const baseUrl = serviceAddress(flags, env, note);
  if (baseUrl === '') {
    throw new UsageError(
      `no service address: pass --base-url URL, set ${ENV.baseUrl}, or name a saved connection with --connection NAME. ` +
        'To try Quartet offline, run `npx quartet simulate` and use the address and sandbox key it prints.',
    );
  }
  const keys = keysFrom(flags, env);
  if (Object.keys(keys).length === 0) {
    throw new UsageError(
      `no API key: set ${ENV.key} (or ${ENV.bearer}, ${ENV.messages}, ${ENV.generate} per family), or pass --key KEY. ` +
        '`npx quartet simulate` prints a sandbox key.',
    );
  }
  return createServiceClient({ baseUrl, keys, ...extra });
}
