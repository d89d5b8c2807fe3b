import type { Handlers } from './dispatch.ts';
import type { Services } from './services.ts';

export function appInfoHandlers(s: Services): Pick<Handlers, 'getAppInfo'> {
  return {
    async getAppInfo() {
      return {
        host: s.deps.host,
        version: s.deps.version,
        dataDir: s.paths.dataDir,
        vault: await s.vault.info(),
        notices: [...s.notices],
      };
    },
  };
}
