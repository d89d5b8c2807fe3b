import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { raceIdle } from '../../electron/core/http/body.ts';
import { IdleTimeout } from '../../electron/core/errors/failures.ts';

/** Keeps this process busy, as parsing a large body or a loaded machine does. */
function busyFor(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // spin
  }
}

describe('the idle timeout on a busy process', () => {
  it('does not blame the service for a stall of this process: a reply that arrived meanwhile wins', async () => {
    // The headers come first; the body is written on cue, just before this process stalls, so it is
    // waiting on the socket when the late timer fires. (Sending the request during the stall would
    // leave a whole round trip for after it, which a loaded machine cannot promise within 50 ms.)
    let sendBody: () => void = () => undefined;
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.flushHeaders();
      sendBody = () => res.end('here');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/`);
      const raced = raceIdle(response.text(), 50);
      sendBody();
      // The whole wait passes while the process cannot look at its sockets.
      busyFor(400);
      await expect(raced).resolves.toBe('here');
    } finally {
      server.close();
    }
  });

  it('still times out a service that stays silent', async () => {
    const never = new Promise<string>(() => undefined);
    await expect(raceIdle(never, 30)).rejects.toBeInstanceOf(IdleTimeout);
  });
});
