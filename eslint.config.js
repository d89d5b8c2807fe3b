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
// renderer/components/, renderer/store/, renderer/i18n/ or shared/, and a feature drawn inside another
// (presets in chat and Compare) is passed down by App.tsx as a component (components/slots.ts).
// features/params holds the parameter controls every text tab uses, so any feature may import it. The
// shared folders themselves import no feature: the store, components and commands sit below them.
const SHARED_FEATURES = new Set(['params']);

const RENDERER = path.resolve(import.meta.dirname, 'renderer');

/** @type {import('eslint').Rule.RuleModule} */
const featureBoundaries = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const file = path.relative(RENDERER, context.filename).split(path.sep).join('/');
    if (file.startsWith('..') || file === 'App.tsx') return {}; // App.tsx wires the features together
    // a shared folder (store/, components/, i18n/, commands/, bridge/) imports no feature at all
    const from = /^features\/([^/]+)\//.exec(file)?.[1];
    /** @param {import('estree').Node & { source?: import('estree').Literal | null }} node */
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = path
        .relative(RENDERER, path.resolve(path.dirname(context.filename), spec))
        .split(path.sep)
        .join('/');
      const to = /^features\/([^/]+)\//.exec(target)?.[1];
      if (to === undefined || to === from) return;
      if (from === undefined) {
        context.report({
          node,
          message: `${file} imports features/${to} (${target}): shared folders import no feature; move what it needs to store/, components/, i18n/ or shared/.`,
        });
        return;
      }
      if (SHARED_FEATURES.has(to)) return;
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
