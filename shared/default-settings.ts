import type { Settings } from './contract.ts';

/**
 * Settings before the user changed any: the host starts from them (each stored value that still fits
 * the schema overrides one), and the page shows them until the host's settings have arrived.
 */
export const DEFAULT_SETTINGS: Settings = {
  theme: 'system',
  tabs: {},
  compareColumns: [
    { format: 'chat', model: 'gpt-5-mini' },
    { format: 'messages', model: 'gpt-5-mini' },
    { format: 'generate', model: 'gpt-5-mini' },
  ],
};
