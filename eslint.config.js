import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { boundariesPlugin } from './tools/eslint/feature-boundaries.js';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'apps/server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['bench/**/*.mjs', 'scripts/**/*.mjs', '*.js', '.ci/**', 'tools/**/*.js'],
    languageOptions: { globals: globals.node },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // DESIGN.md §3: a feature reaches another only through its index.ts, and never imports app/.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    plugins: { boundaries: boundariesPlugin },
    rules: { 'boundaries/feature-boundaries': 'error' },
  },
  {
    // DESIGN.md §3: shared components and lib never import features; enforced from the first commit.
    files: ['apps/web/src/components/**', 'apps/web/src/lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/features/**'], message: 'components/ and lib/ are feature-free' },
            { group: ['**/app/**'], message: 'components/ and lib/ do not import the app shell' },
          ],
        },
      ],
    },
  },
  {
    // docs/security.md "CSV exports": every CSV goes through apps/server/src/lib/csv.ts, which neutralises cells a
    // spreadsheet would run as formulas. Its own rule name, so it adds to the no-restricted-imports blocks here.
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.{ts,tsx}'],
    ignores: ['apps/server/src/lib/csv.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['csv-stringify', 'csv-stringify/*'],
              message:
                "Write CSV with apps/server/src/lib/csv.ts (csvStream, toCsv): it neutralises formula cells. In the browser use core's csvCell.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/core/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/**', 'react', 'fastify', 'drizzle-orm*'],
              message: 'packages/core has no I/O, React or DB',
            },
          ],
        },
      ],
    },
  },
);
