// Child process of data-folder-lock.test.ts.
//   hold DIR                  opens an app core on DIR as the browser host does, reports "ready", waits
//   keys FILE PREFIX COUNT    reports "ready", then on "go" (stdin), sets COUNT keys PREFIX-0.. in the plain key file, reports "done"
import { createPlainFileVault } from '../../electron/vault/index.ts';
import { openQuietCore } from './child-process.ts';

const [mode, ...args] = process.argv.slice(2);

if (mode === 'hold') {
  const [dataDir] = args;
  if (dataDir === undefined) throw new Error('usage: lock-child.ts hold DIR');
  try {
    await openQuietCore(dataDir);
    process.stdout.write('ready\n');
  } catch (e) {
    process.stdout.write(`refused ${(e as Error).message}\n`);
    process.exit(1);
  }
  setInterval(() => undefined, 60_000); // held until killed
} else if (mode === 'keys') {
  const [file, prefix, count] = args;
  if (file === undefined || prefix === undefined || count === undefined)
    throw new Error('usage: keys FILE PREFIX COUNT');
  const vault = createPlainFileVault(file);
  process.stdout.write('ready\n');
  await new Promise<void>((resolve) => process.stdin.once('data', () => resolve()));
  process.stdin.pause();
  for (let i = 0; i < Number(count); i++) await vault.set(`${prefix}-${i}`, `secret-${prefix}-${i}`);
  process.stdout.write('done\n');
} else {
  throw new Error(`unknown mode ${String(mode)}`);
}
