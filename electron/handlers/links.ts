import type { Handlers } from './dispatch.ts';
import type { Services } from './services.ts';

/** The URL when it parses and is http(s); anything else (file:, javascript:, custom schemes) is refused. */
export function safeExternalUrl(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
}

export function linkHandlers(s: Services): Pick<Handlers, 'openExternal'> {
  return {
    async openExternal({ url }) {
      const safe = safeExternalUrl(url);
      if (safe === null || !s.deps.openExternal) return { opened: false };
      return { opened: await s.deps.openExternal(safe) };
    },
  };
}
