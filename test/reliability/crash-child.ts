// Child process of crash.test.ts. Appends numbered turns (one transaction each) and, for every turn, one
// image the way the app stores one: the file first (temp file, fsync, rename), then its row. Reports
// "ready" (after being told its first number on stdin), then "turn N" after each commit and "image N" after each image row, until it is SIGKILLed.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openStore } from '../../electron/store/index.ts';
import { writeFileAtomic } from '../../electron/store/atomic-write.ts';

const [dataDir] = process.argv.slice(2);
if (dataDir === undefined) throw new Error('usage: crash-child.ts DATA_DIR, then "START\\n" on stdin');
// The parent boots the next child while it checks the last one; this one starts when told to.
const startArg = await new Promise<string>((resolve) => {
  let input = '';
  process.stdin.on('data', (chunk: Buffer) => {
    input += chunk.toString();
    if (input.includes('\n')) resolve(input.split('\n')[0] ?? '0');
  });
});
process.stdin.pause();
mkdirSync(join(dataDir, 'images'), { recursive: true });
const store = openStore(join(dataDir, 'quartet.db'));
if (!store.conversations.get('crash')) {
  store.conversations.insert({
    id: 'crash',
    format: 'chat',
    model: 'm',
    title: 'crash test',
    origin: 'chat',
    params: { stream: true },
    createdAt: 0,
    updatedAt: 0,
  });
}
// Enough bytes to make the write take a moment; a PNG signature so it looks like an image.
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(16_384, 7),
]);
process.stdout.write('ready\n');
for (let n = Number(startArg); ; n++) {
  store.transaction(() => {
    store.messages.append('crash', {
      id: `turn-${n}`,
      role: 'user',
      text: `row ${n} `.repeat(40),
      status: 'complete',
      createdAt: n,
    });
    store.conversations.update('crash', { updatedAt: n });
  });
  process.stdout.write(`turn ${n}\n`);
  const rel = `images/img-${n}.png`;
  await writeFileAtomic(join(dataDir, rel), png);
  store.images.insert({
    id: `img-${n}`,
    batchId: `batch-${n}`,
    prompt: 'p',
    model: 'm',
    format: 'png',
    source: 'images',
    width: 1,
    height: 1,
    sizeAdjusted: false,
    bytes: png.length,
    filePath: rel,
    createdAt: n,
  });
  process.stdout.write(`image ${n}\n`);
}
