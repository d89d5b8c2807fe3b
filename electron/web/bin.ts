#!/usr/bin/env node
import { launchWebHost } from './launch.ts';
import { USAGE, parseWebHostArgs } from './options.ts';

/**
 * `npm run web`: serves Quartet to a browser on 127.0.0.1 and prints the one-time address to open.
 * Nothing is opened automatically: the address carries the launch token, and only the first browser
 * that opens it gets in.
 */

async function main(): Promise<void> {
  const settings = parseWebHostArgs(process.argv.slice(2), process.env);
  if (settings.help) {
    process.stdout.write(USAGE);
    return;
  }
  const host = await launchWebHost({ dataDir: settings.dataDir, port: settings.port });
  process.stdout.write(
    [
      '',
      '  Quartet is running. Open this address in your browser:',
      '',
      `    ${host.url}`,
      '',
      '  It works once: the first visit trades it for a session cookie. Restart for a new one.',
      `  Data: ${host.dataDir}`,
      '  Press Ctrl+C to stop.',
      '',
      '',
    ].join('\n'),
  );
  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) process.exit(130); // a second Ctrl+C: do not wait
    stopping = true;
    process.stdout.write(`\n  ${signal}: stopping (running requests are stored as they are)...\n`);
    host.close().then(
      () => process.exit(0),
      (e: unknown) => {
        process.stderr.write(`Quartet: ${e instanceof Error ? e.message : String(e)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e: unknown) => {
  process.stderr.write(`Quartet: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exitCode = 1;
});
