import type { Handlers } from './dispatch.ts';
import type { Services } from './services.ts';
import { safeExternalUrl } from '../../shared/links.ts';

export function linkHandlers(s: Services): Pick<Handlers, 'openExternal'> {
  return {
    async openExternal({ url }) {
      const safe = safeExternalUrl(url);
      if (safe === null || !s.deps.openExternal) return { opened: false };
      return { opened: await s.deps.openExternal(safe) };
    },
  };
}
