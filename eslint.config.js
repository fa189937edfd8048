import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'apps/server/drizzle/**',
      '.ci/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      // Fastify plugins and hooks are async by contract even when a body has nothing to await.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/server/**', '@haoshi/server', '@haoshi/server/**'],
              message: 'Only the server imports the server.',
            },
          ],
        },
      ],
    },
  },
  {
    // Periodic work is a job (modules/jobs): durable, retried, and run once across instances.
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        {
          name: 'setInterval',
          message: 'Use app.jobs.schedule (modules/jobs): one run per period across instances.',
        },
      ],
      'no-restricted-properties': [
        'error',
        {
          object: 'globalThis',
          property: 'setInterval',
          message: 'Use app.jobs.schedule (modules/jobs): one run per period across instances.',
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/server/**', '@haoshi/server', '@haoshi/server/**'],
              message: 'Only the server imports the server.',
            },
          ],
          paths: [
            {
              name: 'node:timers',
              importNames: ['setInterval'],
              message: 'Use app.jobs.schedule (modules/jobs).',
            },
            {
              name: 'timers',
              importNames: ['setInterval'],
              message: 'Use app.jobs.schedule (modules/jobs).',
            },
          ],
        },
      ],
    },
  },
  {
    // Benchmarks measure the server in-process (posting service, seed), so they may import it.
    files: ['bench/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, boundaries },
    settings: {
      'boundaries/include': ['apps/web/src/**/*'],
      'boundaries/elements': [
        { type: 'app', pattern: 'apps/web/src/app/**/*', mode: 'full' },
        { type: 'feature', pattern: 'apps/web/src/features/*/**/*', mode: 'full', capture: ['feature'] },
        { type: 'ui', pattern: 'apps/web/src/ui/**/*', mode: 'full' },
        { type: 'core', pattern: 'apps/web/src/core/**/*', mode: 'full' },
        { type: 'testing', pattern: 'apps/web/src/testing/**/*', mode: 'full' },
        { type: 'entry', pattern: 'apps/web/src/*', mode: 'full' },
      ],
      'import/resolver': { typescript: { project: 'apps/web/tsconfig.json' } },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/server/**', '@haoshi/server', '@haoshi/server/**'],
              message: 'Only the server imports the server.',
            },
          ],
          paths: [
            {
              name: 'antd-mobile',
              importNames: ['Toast', 'Dialog', 'Modal'],
              message: 'Use core/feedback-ui (loads Toast/Dialog on first use, off the first visit).',
            },
          ],
        },
      ],
      'boundaries/element-types': [
        'error',
        {
          default: 'disallow',
          rules: [
            { from: 'entry', allow: ['app', 'core', 'ui'] },
            { from: 'app', allow: ['app', 'feature', 'ui', 'core'] },
            { from: 'feature', allow: [['feature', { feature: '${from.feature}' }], 'ui', 'core'] },
            { from: 'ui', allow: ['ui', 'core'] },
            { from: 'core', allow: ['core'] },
            { from: 'testing', allow: ['app', 'feature', 'ui', 'core', 'testing'] },
          ],
        },
      ],
    },
  },
  {
    // The declarative ConfirmDialog and the lazy loader itself may import the components; tests spy on them.
    files: [
      'apps/web/src/core/feedback-ui-antd.ts',
      'apps/web/src/core/confirm-dialog.tsx',
      'apps/web/src/**/*.test.{ts,tsx}',
    ],
    rules: { 'no-restricted-imports': 'off' },
  },
);
