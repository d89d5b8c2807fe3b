// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import path from 'node:path';

const nodeModules = [
  'node:*',
  'fs',
  'path',
  'http',
  'https',
  'crypto',
  'child_process',
  'os',
  'net',
  'stream',
];

// A feature folder (renderer/features/<name>/) keeps to itself: what two features share lives in
// renderer/components/, renderer/store/, renderer/i18n/ or shared/. features/params holds the parameter
// controls every text tab uses, so any feature may import it.
const SHARED_FEATURES = new Set(['params']);

// Imports across features that other changes remove (importing file -> imported file, from renderer/).
// The coordinator empties the first group after merging ctl28's move of the parameter controls into
// features/params; the rest is a feature drawn inside another (presets in a chat header and a Compare
// column, cost figures, chat's reply pieces in Compare columns) and goes when the tabs take them as slots.
const ALLOWED_FEATURE_IMPORTS = new Set([
  // a feature drawn inside another
  'features/chat/ConversationHeader.tsx -> features/presets/ChatPresets.tsx',
  'features/compare/CompareColumn.tsx -> features/presets/ColumnPresets.tsx',
  'features/chat/ConversationHeader.tsx -> features/cost/Cost.tsx',
  'features/chat/Bubbles.tsx -> features/cost/Cost.tsx',
  'features/compare/FiguresRow.tsx -> features/cost/Cost.tsx',
  'features/compare/FiguresRow.tsx -> features/cost/format-cost.ts',
  'features/settings/PricesSection.tsx -> features/cost/Cost.tsx',
  'features/settings/PricesSection.tsx -> features/cost/format-cost.ts',
  'features/compare/CompareColumn.tsx -> features/chat/Attachments.tsx',
  'features/compare/CompareColumn.tsx -> features/chat/JsonReply.tsx',
  'features/compare/CompareColumn.tsx -> features/chat/EndNotice.tsx',
  'features/compare/CompareColumn.tsx -> features/chat/ToolCalls.tsx',
  'features/compare/ColumnTools.tsx -> features/chat/ToolResults.tsx',
  'features/compare/CompareTab.tsx -> features/chat/Attachments.tsx',
]);

const RENDERER = path.resolve(import.meta.dirname, 'renderer');

/** @type {import('eslint').Rule.RuleModule} */
const featureBoundaries = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const file = path.relative(RENDERER, context.filename).split(path.sep).join('/');
    const from = /^features\/([^/]+)\//.exec(file)?.[1];
    if (from === undefined) return {};
    /** @param {import('estree').Node & { source?: import('estree').Literal | null }} node */
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = path
        .relative(RENDERER, path.resolve(path.dirname(context.filename), spec))
        .split(path.sep)
        .join('/');
      const to = /^features\/([^/]+)\//.exec(target)?.[1];
      if (to === undefined || to === from || SHARED_FEATURES.has(to)) return;
      if (ALLOWED_FEATURE_IMPORTS.has(`${file} -> ${target}`)) return;
      context.report({
        node,
        message: `features/${from} imports features/${to} (${target}): move what both use to components/, store/, i18n/ or shared/.`,
      });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'dist-electron', 'release'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // The renderer runs in a page: no Node, no Electron.
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, quartet: { rules: { 'feature-boundaries': featureBoundaries } } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'quartet/feature-boundaries': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['electron', ...nodeModules, '**/electron/**'],
              message: 'renderer/ runs in a page: talk to the host through the bridge.',
            },
          ],
        },
      ],
    },
  },
  {
    // The contract is shared by both processes: it imports neither.
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['electron', ...nodeModules, '**/electron/**', '**/renderer/**'],
              message: 'shared/ imports neither Node nor Electron.',
            },
          ],
        },
      ],
    },
  },
  {
    // The core runs under plain Node; only the thin Electron glue may import electron.
    files: ['electron/**/*.ts'],
    ignores: ['electron/main.ts', 'electron/preload.ts', 'electron/desktop/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'electron',
              message: 'Only electron/main.ts, preload.ts and electron/desktop/ may import electron.',
            },
          ],
        },
      ],
    },
  },
);
