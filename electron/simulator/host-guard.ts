// DNS-rebinding defence (guide/security.md, "A loopback server"): a page on another site whose name
// was rebound to 127.0.0.1 sends its own name in Host, so a loopback simulator answers only requests
// addressed to a loopback name. The recorded requests may hold a key a user pasted by mistake.

const LOOPBACK_NAMES = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** True when the Host header names this simulator through a loopback name and its port. */
export function isAllowedHostHeader(hostHeader: string | undefined, port: number): boolean {
  if (hostHeader === undefined) return false;
  const match = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(hostHeader.toLowerCase());
  if (!match) return false;
  const [, name = '', portText] = match;
  return (
    (LOOPBACK_NAMES.has(name) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name)) && Number(portText) === port
  );
}
