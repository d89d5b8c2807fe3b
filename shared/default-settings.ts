import type { Settings } from './contract.ts';

/**
 * Settings before the user changed any: the host starts from them (each stored value that still fits
 * the schema overrides one), and the page shows them until the host's settings have arrived.
 */
export const DEFAULT_SETTINGS: Settings = {
  theme: 'system',
  tabs: {},
  // No model yet: each column takes the first its format's key family lists (one id through every format
  // would go to services that do not list it for that key).
  compareColumns: [
    { format: 'chat', model: '' },
    { format: 'messages', model: '' },
    { format: 'generate', model: '' },
  ],
};
