// Child process of electronegativity.test.ts: runs Electronegativity offline on one folder and prints its
// findings as JSON. The tool fetches translations on start (offline: it says so and carries on; the retry
// timer of that fetch later throws inside its HTTP library, which is ignored here) and Electron's release
// list in one global check, which the test excludes.
import { createRequire } from 'node:module';

const [input, electronVersion] = process.argv.slice(2);
if (!input || !electronVersion) throw new Error('usage: electronegativity-run.ts DIR ELECTRON_VERSION');
process.on('uncaughtException', (e) => {
  if (String(e.stack).includes('/got/') || String(e.stack).includes('p-cancelable')) return;
  throw e;
});
const require = createRequire(import.meta.url);
const run = require('@doyensec/electronegativity') as (o: unknown, cli: boolean) => Promise<unknown>;
const log = console.log;
console.log = () => undefined; // its offline notice; stdout is for the result
const result = await run(
  {
    input,
    electronVersionOverride: electronVersion,
    excludeFromScan: ['AvailableSecurityFixesGlobalCheck'],
    isRelative: true,
    parserPlugins: [],
  },
  false,
);
log(JSON.stringify(result));
process.exit(0);
