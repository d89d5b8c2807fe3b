// `quartet ... --connection NAME`: the address of a connection saved in the app, read from its data
// folder's database; keys from the environment as always. Where it cannot be read, one line says why and
// the command goes on as before.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_KEY, startSimulator, type RunningSimulator } from '../../electron/simulator/index.ts';
import { openStore } from '../../electron/store/index.ts';
import { runCli } from './run-cli.ts';

let saved: RunningSimulator;
let other: RunningSimulator;
let dataDir: string;

beforeAll(async () => {
  saved = await startSimulator({ port: 0 });
  other = await startSimulator({ port: 0 });
  dataDir = await mkdtemp(join(tmpdir(), 'quartet-cli-data-'));
  // the app's own store, as the app leaves it
  const store = openStore(join(dataDir, 'quartet.db'));
  store.connections.insert({
    id: 's',
    name: 'Sandbox',
    baseUrl: 'http://127.0.0.1:0',
    builtIn: true,
    createdAt: 1,
  });
  store.connections.insert({
    id: 'g',
    name: 'Office gateway',
    baseUrl: saved.baseUrl,
    builtIn: false,
    createdAt: 2,
  });
  store.close();
});
afterAll(async () => {
  await saved.close();
  await other.close();
  await rm(dataDir, { recursive: true, force: true });
});

const env = () => ({ QUARTET_DATA_DIR: dataDir, QUARTET_API_KEY: SANDBOX_KEY });

describe('--connection NAME', () => {
  it('sends to the saved connection’s address with the key from the environment', async () => {
    const r = await runCli(['models', '--connection', 'office gateway'], {
      env: { ...env(), QUARTET_BASE_URL: other.baseUrl },
    });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('gpt-5-mini');
    // the saved address won over the environment's
    expect(saved.requests.some((q) => q.path.includes('models'))).toBe(true);
    expect(other.requests).toHaveLength(0);
  });

  it('says in one line why it cannot, and goes on as before', async () => {
    const r = await runCli(['models', '--connection', 'Nowhere'], {
      env: { ...env(), QUARTET_BASE_URL: other.baseUrl },
    });
    expect(r.code).toBe(0);
    expect(r.stderr.trim().split('\n')).toEqual([
      'quartet: --connection: no saved connection named "Nowhere" (saved: "Sandbox", "Office gateway"); using --base-url or QUARTET_BASE_URL instead',
    ]);
    expect(other.requests.some((q) => q.path.includes('models'))).toBe(true);

    const sandbox = await runCli(['models', '--connection', 'Sandbox'], {
      env: { ...env(), QUARTET_BASE_URL: other.baseUrl },
    });
    expect(sandbox.stderr).toContain("the app's built-in sandbox");
    expect(sandbox.code).toBe(0);

    const noData = await runCli(['models', '--connection', 'Office gateway'], {
      env: {
        QUARTET_DATA_DIR: join(dataDir, 'missing'),
        QUARTET_API_KEY: SANDBOX_KEY,
        QUARTET_BASE_URL: other.baseUrl,
      },
    });
    expect(noData.stderr).toContain('no saved connections in');
    expect(noData.code).toBe(0);
  });
});
