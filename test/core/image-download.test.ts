// Image URLs through real sockets (issue 26): the connection goes to the address that was checked, with no
// second resolution of the name, and a local service's own origin is the only internal place allowed.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadBytes, type DownloadOptions } from '../../electron/core/images/download.ts';
import { pngHeader } from './helpers/images.ts';

const IMAGE = pngHeader(8, 8);
let server: Server;
let port = 0;
const served: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    served.push(`${req.headers.host ?? ''}${req.url ?? ''}`);
    if (req.url === '/elsewhere') {
      res.writeHead(302, { location: `http://127.0.0.1:${port + 1}/img.png` }).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'image/png' }).end(IMAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function options(over: Partial<DownloadOptions>): DownloadOptions {
  return {
    fetch: globalThis.fetch,
    headersTimeoutMs: 5000,
    idleTimeoutMs: 5000,
    maxBytes: 1024 * 1024,
    serviceOrigin: 'https://api.example',
    ...over,
  };
}

describe('downloadBytes over a real connection', () => {
  it('connects to the address the check resolved: the name is never looked up again', async () => {
    // `.invalid` names never resolve: a second lookup by the system would fail the download
    const asked: string[] = [];
    const answers = [['127.0.0.1'], ['203.0.113.9']];
    const bytes = await downloadBytes(
      `http://img.invalid:${port}/img.png`,
      options({
        serviceOrigin: `http://img.invalid:${port}`,
        lookup: (host) => {
          asked.push(host);
          return Promise.resolve(answers.shift() ?? []);
        },
      }),
    );
    expect(Buffer.from(bytes).equals(Buffer.from(IMAGE))).toBe(true);
    expect(asked).toEqual(['img.invalid']);
    // the request still names the host it asked for
    expect(served.at(-1)).toBe(`img.invalid:${port}/img.png`);
  });

  it('a local service may not send Quartet to another internal address, directly or by a redirect', async () => {
    const local = options({ serviceOrigin: `http://127.0.0.1:${port}` });
    await expect(downloadBytes(`http://127.0.0.1:${port + 1}/img.png`, local)).rejects.toThrow(
      /points at 127\.0\.0\.1:\d+ \(127\.0\.0\.1\), an address on this machine or a private network/,
    );
    await expect(downloadBytes('http://10.0.0.1/img.png', local)).rejects.toThrow(/\(10\.0\.0\.1\)/);
    const before = served.length;
    await expect(downloadBytes(`http://127.0.0.1:${port}/elsewhere`, local)).rejects.toThrow(
      /\(127\.0\.0\.1\), an address on this machine/,
    );
    // the own origin was asked once; the redirect's target never
    expect(served.length).toBe(before + 1);
  });

  it('a public service gets no internal address at all', async () => {
    await expect(downloadBytes(`http://127.0.0.1:${port}/img.png`, options({}))).rejects.toThrow(
      /only downloads images from public addresses, or from the service's own address/,
    );
  });
});
