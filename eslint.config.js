// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
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
