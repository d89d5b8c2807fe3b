import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator } from '../../electron/simulator/index.ts';
import { isAllowedHostHeader, isLoopbackHost } from '../../electron/simulator/host-guard.ts';
import type { RunningSimulator } from '../../electron/simulator/index.ts';

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(() => sim.close());

/** GET with a chosen Host header, which fetch does not let a caller set. */
function getWithHost(path: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: sim.port, path, headers: { host } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('host guard', () => {
  it('serves requests addressed to a loopback name and this port', async () => {
    expect(await getWithHost('/__sim/faults', `127.0.0.1:${sim.port}`)).toBe(200);
    expect(await getWithHost('/__sim/faults', `localhost:${sim.port}`)).toBe(200);
  });

  it('refuses a rebound name or another port with 403, control paths included', async () => {
    expect(await getWithHost('/__sim/requests', `evil.example:${sim.port}`)).toBe(403);
    expect(await getWithHost('/v1/models', `127.0.0.1:${sim.port + 1}`)).toBe(403);
  });

  it('parses Host headers strictly', () => {
    expect(isAllowedHostHeader('[::1]:8080', 8080)).toBe(true);
    expect(isAllowedHostHeader('127.0.0.2:8080', 8080)).toBe(true);
    expect(isAllowedHostHeader('127.0.0.1', 8080)).toBe(false);
    expect(isAllowedHostHeader('127.0.0.1.evil.example:8080', 8080)).toBe(false);
    expect(isAllowedHostHeader(undefined, 8080)).toBe(false);
    expect(isLoopbackHost('127.0.0.1')).toBe(true);
    expect(isLoopbackHost('0.0.0.0')).toBe(false);
  });
});
