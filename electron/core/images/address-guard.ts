import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';

/** Resolves a host name to every address it has (injectable so tests need no DNS). */
export type Lookup = (host: string) => Promise<string[]>;

export const systemLookup: Lookup = async (host) =>
  (await dnsLookup(host, { all: true, verbatim: true })).map((a) => a.address);

function ipv4Parts(ip: string): number[] | null {
  const parts = ip.split('.').map(Number);
  return parts.length === 4 && parts.every((p) => Number.isInteger(p) && p >= 0 && p <= 255) ? parts : null;
}

function isInternalIpv4(ip: string): boolean {
  const p = ipv4Parts(ip);
  if (!p) return true;
  const [a = 0, b = 0] = p;
  return (
    a === 0 || // "this" network
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) || // carrier-grade NAT
    (a === 169 && b === 254) || // link-local, cloud metadata
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0 && p[2] === 0) ||
    (a === 198 && (b === 18 || b === 19)) || // benchmarking
    a >= 224 // multicast, reserved, broadcast
  );
}

/** Expands an IPv6 literal to its eight 16-bit groups. */
function ipv6Groups(ip: string): number[] | null {
  let text =
    ip
      .toLowerCase()
      .replace(/^\[|\]$/g, '')
      .split('%')[0] ?? '';
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4?.[1]) {
    const p = ipv4Parts(v4[1]);
    if (!p) return null;
    text =
      text.slice(0, -v4[1].length) +
      `${((p[0] ?? 0) << 8) | (p[1] ?? 0)}:${((p[2] ?? 0) << 8) | (p[3] ?? 0)}`.replace(/\d+/g, (n) =>
        Number(n).toString(16),
      );
  }
  const [head = '', tail] = text.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? left.length !== 8 : missing < 0) return null;
  const groups = [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right].map((g) =>
    parseInt(g, 16),
  );
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff)
    ? groups
    : null;
}

function isInternalIpv6(ip: string): boolean {
  const g = ipv6Groups(ip);
  if (!g) return true;
  const [first = 0] = g;
  const zeroPrefix = g.slice(0, 5).every((x) => x === 0);
  if (zeroPrefix && (g[5] === 0xffff || g[5] === 0)) {
    // IPv4-mapped (::ffff:a.b.c.d) and IPv4-compatible (::a.b.c.d, which includes :: and ::1)
    const v4 = `${(g[6] ?? 0) >> 8}.${(g[6] ?? 0) & 255}.${(g[7] ?? 0) >> 8}.${(g[7] ?? 0) & 255}`;
    return isInternalIpv4(v4);
  }
  if (first === 0x64 && g[1] === 0xff9b) {
    // NAT64 prefix carrying an IPv4 address
    return isInternalIpv4(
      `${(g[6] ?? 0) >> 8}.${(g[6] ?? 0) & 255}.${(g[7] ?? 0) >> 8}.${(g[7] ?? 0) & 255}`,
    );
  }
  return (
    (first & 0xfe00) === 0xfc00 || // unique local
    (first & 0xffc0) === 0xfe80 || // link-local
    (first & 0xff00) === 0xff00 // multicast
  );
}

/** Loopback, private, link-local, carrier NAT, multicast or otherwise not a public internet address. */
export function isInternalAddress(ip: string): boolean {
  const kind = isIP(ip.replace(/^\[|\]$/g, ''));
  if (kind === 4) return isInternalIpv4(ip);
  if (kind === 6) return isInternalIpv6(ip);
  return true;
}

/** Every address the URL's host stands for (the host itself when it is an IP literal). */
export async function addressesOf(url: URL, lookup: Lookup): Promise<string[]> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0) return [host];
  if (host === 'localhost' || host.endsWith('.localhost')) return ['127.0.0.1'];
  return lookup(host);
}
