// Reads an import file off the host's event loop: JSON.parse of a 50 MB file and checking its every turn
// would hold the loop for seconds. The entries come back in small messages (a conversation's turns in
// pieces), so taking each one in is a short task of its own. See import-parse.ts for the host's side.
import { parentPort, workerData } from 'node:worker_threads';
import { parseImportFile } from '../../shared/export.ts';
import { TURNS_PER_MESSAGE, type ParseMessage } from './import-protocol.ts';

const port = parentPort;
if (port) {
  const send = (m: ParseMessage) => port.postMessage(m);
  const parsed = parseImportFile(workerData as string);
  if (!parsed.ok) send({ type: 'fail', message: parsed.message });
  else {
    send({ type: 'start', kind: parsed.kind, count: parsed.entries.length });
    for (const [index, entry] of parsed.entries.entries()) {
      if (!entry.ok) {
        send({ type: 'skip', index, title: entry.title, message: entry.message });
        continue;
      }
      const { turns, branches, ...head } = entry.conversation;
      const runs = entry.toolRuns;
      send({
        type: 'entry',
        index,
        head,
        hasBranches: branches !== undefined,
        files: entry.files,
        ...(entry.organise !== undefined ? { organise: entry.organise } : {}),
      });
      for (const [which, list] of [
        ['turns', turns],
        ['branches', branches ?? []],
      ] as const) {
        for (let at = 0; at < list.length; at += TURNS_PER_MESSAGE) {
          send({ type: 'turns', index, which, turns: list.slice(at, at + TURNS_PER_MESSAGE) });
        }
      }
      for (let at = 0; at < runs.length; at += TURNS_PER_MESSAGE) {
        send({ type: 'toolRuns', index, runs: runs.slice(at, at + TURNS_PER_MESSAGE) });
      }
    }
    send({ type: 'done' });
  }
}
