// The lint rule quartet/feature-boundaries (eslint.config.js): a feature folder imports no other feature
// folder, only what is shared (components/, store/, i18n/, shared/, features/params). Run here too so that
// `npm test` fails on a new cross-feature import, and so the rule itself is shown to refuse one.
import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const RULE = 'quartet/feature-boundaries';
// only this rule: the rest of the config is `npm run lint`'s job
const eslint = new ESLint({ cwd: ROOT, ruleFilter: ({ ruleId }) => ruleId === RULE });

async function problemsOf(file: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: resolve(ROOT, file) });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? ''}: ${m.message}`);
}

describe('feature folders keep to themselves', () => {
  it('refuses a feature importing another feature, by import, re-export or import()', async () => {
    const file = 'renderer/features/compare/Example.tsx';
    expect(await problemsOf(file, "import { ChatTab } from '../chat/ChatTab.tsx';\nvoid ChatTab;\n")).toEqual(
      [
        `${RULE}: features/compare imports features/chat (features/chat/ChatTab.tsx): move what both use to components/, store/, i18n/ or shared/.`,
      ],
    );
    expect(
      await problemsOf(file, "export { ChatPresets } from '../presets/ChatPresets.tsx';\n"),
    ).toHaveLength(1);
    expect(await problemsOf(file, "void import('../library/LibraryView.tsx');\n")).toHaveLength(1);
  });

  it('lets a feature import its own folder, features/params and what is shared', async () => {
    const text = [
      "import { ColumnBody } from './CompareColumn.tsx';",
      "import { fieldsOf } from '../params/fields.tsx';",
      "import { ReplyCost } from '../../components/cost/Cost.tsx';",
      "import { useStore } from '../../store/index.ts';",
      "import { FORMAT_LABELS } from '../../../shared/formats.ts';",
      'void [ColumnBody, fieldsOf, ReplyCost, useStore, FORMAT_LABELS];',
      '',
    ].join('\n');
    expect(await problemsOf('renderer/features/compare/Example.tsx', text)).toEqual([]);
  });

  it('lets App.tsx draw one feature inside another (a slot), which no feature file may', async () => {
    const text = "import { ChatPresets } from './features/presets/ChatPresets.tsx';\nvoid ChatPresets;\n";
    expect(await problemsOf('renderer/App.tsx', text)).toEqual([]);
  });

  it('refuses a shared folder (the store, components, commands) importing any feature', async () => {
    const text = "import { fieldsOf } from '../features/params/fields.tsx';\nvoid fieldsOf;\n";
    for (const file of ['renderer/store/example.ts', 'renderer/commands/example.ts']) {
      expect(await problemsOf(file, text)).toEqual([
        `${RULE}: ${file.slice('renderer/'.length)} imports features/params (features/params/fields.tsx): shared folders import no feature; move what it needs to store/, components/, i18n/ or shared/.`,
      ]);
    }
    expect(await problemsOf('renderer/components/Example.tsx', text)).toHaveLength(1);
  });

  it('finds no cross-feature import in the renderer as it is', async () => {
    const results = await eslint.lintFiles(['renderer/**/*.{ts,tsx}']);
    const problems = results.flatMap((r) => r.messages.map((m) => `${r.filePath}: ${m.message}`));
    expect(results.length).toBeGreaterThan(50);
    expect(problems).toEqual([]);
  }, 60_000);
});
