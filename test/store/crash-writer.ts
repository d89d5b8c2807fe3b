// Child process of crash.test.ts: appends numbered turns, one transaction each, and reports every commit
// on stdout until it is killed.
import { openStore } from '../../electron/store/index.ts';

const [file, startArg] = process.argv.slice(2);
if (file === undefined) throw new Error('usage: crash-writer.ts FILE START');
const store = openStore(file);
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
let n = Number(startArg ?? 0);
for (;;) {
  const id = `turn-${n}`;
  store.transaction(() => {
    store.messages.append('crash', {
      id,
      role: 'user',
      text: `row ${n} `.repeat(40),
      status: 'complete',
      createdAt: n,
    });
    store.conversations.update('crash', { updatedAt: n });
  });
  // Reported only once the commit has returned.
  process.stdout.write(`${n}\n`);
  n += 1;
}
