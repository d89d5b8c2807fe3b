// Figures a test measured (crashes survived, bytes scanned, requests made), written where docs/reliability.md
// takes them from.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Writes a test's figures to test-results/reliability/NAME.json (gitignored), for docs/reliability.md. */
export async function writeFigures(name: string, figures: unknown): Promise<void> {
  const dir = join(process.cwd(), 'test-results', 'reliability');
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, `${name}.json`), JSON.stringify(figures, null, 2) + '\n');
}
