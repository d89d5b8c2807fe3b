// #6 Start-up: the gzipped size of the JavaScript the first page loads (the entry script and its
// modulepreloads, as dist/renderer/index.html references them), and how soon a freshly spawned browser
// host (`node electron/web/bin.ts`) serves its first page.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { ms, percentile, verdict, type BenchResult } from './util.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const RENDERER = path.join(ROOT, 'dist/renderer');
const STARTS = 5;

export async function initialJs(): Promise<{
  files: { name: string; raw: number; gz: number }[];
  gz: number;
}> {
  const html = await readFile(path.join(RENDERER, 'index.html'), 'utf8');
  const refs = new Set<string>();
  for (const m of html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)) refs.add(m[1]!);
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) refs.add(m[1]!);
  for (const m of html.matchAll(/<link[^>]*href="([^"]+)"[^>]*rel="modulepreload"/g)) refs.add(m[1]!);
  const files = [];
  for (const ref of refs) {
    const bytes = await readFile(path.join(RENDERER, ref));
    files.push({ name: path.basename(ref), raw: bytes.length, gz: gzipSync(bytes, { level: 9 }).length });
  }
  return { files, gz: files.reduce((a, f) => a + f.gz, 0) };
}

/** Spawns the host, waits for its address, fetches the first page (following the token redirect). */
async function startOnce(): Promise<number> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'quartet-bench-start-'));
  const t0 = performance.now();
  const child = spawn(
    process.execPath,
    [path.join(ROOT, 'electron/web/bin.ts'), '--port', '0', '--data-dir', dataDir],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      let err = '';
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /(http:\/\/127\.0\.0\.1:\d+\/\S*)/.exec(out);
        if (m) resolve(m[1]!);
      });
      child.stderr.on('data', (d: Buffer) => (err += d.toString()));
      child.once('exit', (code) => reject(new Error(`host exited ${code}: ${err}`)));
      setTimeout(() => reject(new Error(`host did not start in 20 s: ${out}${err}`)), 20_000);
    });
    let res = await fetch(url, { redirect: 'manual' });
    const cookie = res.headers.get('set-cookie')?.split(';')[0];
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      res = await fetch(new URL(location, url), { headers: cookie ? { cookie } : {} });
    }
    const html = await res.text();
    const dt = performance.now() - t0;
    if (!res.ok || !html.includes('<div id="root">')) throw new Error(`first page: ${res.status}`);
    return dt;
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode === null ? child.once('exit', r) : r(null)));
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function run(): Promise<BenchResult> {
  const js = await initialJs();
  const starts: number[] = [];
  for (let i = 0; i < STARTS; i++) starts.push(await startOnce());
  const p50 = percentile(starts, 50);
  const kb = js.gz / 1024;
  return {
    rows: [
      {
        item: '6',
        name: 'Initial JavaScript (entry + modulepreloads, gzip -9)',
        measured: `${kb.toFixed(1)} KB (${js.files.map((f) => `${f.name} ${(f.raw / 1024).toFixed(0)} KB raw`).join(', ')})`,
        budget: '< 350 KB gzipped',
        verdict: verdict(kb < 350),
      },
      {
        item: '6',
        name: `Browser host: spawn to first page served (${STARTS} starts)`,
        measured: `median ${ms(p50, 0)}, worst ${ms(Math.max(...starts), 0)}`,
        budget: '< 1 s',
        verdict: verdict(p50 < 1000),
      },
    ],
    notes: [
      '**Start-up (#6).** Initial JavaScript is every `<script src>` and `modulepreload` of `dist/renderer/index.html` ' +
        '(built by the runner with `vite build`), gzipped at level 9 with node:zlib; lazily imported chunks are not ' +
        'counted. Host start is wall time from spawning `node electron/web/bin.ts --port 0` (fresh data folder, ' +
        "type stripping, SQLite migrations, sandbox simulator) until the first page's HTML has been received " +
        `through its one-time address; median of ${STARTS}.`,
    ],
  };
}
