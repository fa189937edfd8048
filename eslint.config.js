import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';

/**
 * The server's module graph (apps/server/src/modules/<name>): which modules each module may import,
 * always through the other module's index.ts. It must stay acyclic (checked below), so a new cycle
 * fails lint twice: the import is not in this list, and adding it to the list throws. Documented in
 * docs/architecture.md ("Module map").
 */
const onlyTheServerImportsTheServer = {
  group: ['**/apps/server/**', '@haoshi/server', '@haoshi/server/**'],
  message: 'Only the server imports the server.',
};

const serverModuleDependencies = {
  jobs: [],
  idempotency: [],
  identity: [],
  catalogue: [],
  storage: [],
  ledger: [],
  feedback: ['storage'],
  process: ['jobs'],
  system: ['identity'],
  admin: ['chat', 'goods', 'identity', 'ledger', 'orders'],
  coupons: ['catalogue'],
  'real-name': ['identity', 'process'],
  'payout-methods': ['real-name', 'storage'],
  withdrawals: ['identity', 'ledger', 'payout-methods', 'process', 'real-name'],
  wallet: ['identity', 'ledger', 'real-name', 'sincerity'],
  payments: ['identity', 'ledger', 'process'],
  sincerity: ['ledger', 'process'],
  goods: ['catalogue', 'identity', 'privacy', 'process', 'storage'],
  home: ['catalogue', 'goods', 'storage'],
  esign: ['identity', 'real-name', 'storage'],
  orders: [
    'bargains',
    'chat',
    'coupons',
    'esign',
    'goods',
    'identity',
    'ledger',
    'process',
    'sincerity',
    'storage',
  ],
  evaluations: ['goods', 'identity', 'ledger', 'orders'],
  notifications: ['identity'],
  bargains: ['catalogue', 'goods', 'identity', 'notifications', 'process'],
  'customer-service': ['identity', 'jobs', 'orders', 'process'],
  chat: ['catalogue', 'goods', 'identity', 'jobs', 'notifications', 'storage'],
  claims: ['chat', 'goods', 'identity', 'ledger', 'orders', 'process', 'sincerity', 'storage'],
  privacy: ['identity'],
  personal: ['home', 'identity', 'notifications', 'storage'],
  'account-cancellation': [
    'bargains',
    'chat',
    'claims',
    'evaluations',
    'feedback',
    'goods',
    'identity',
    'jobs',
    'ledger',
    'notifications',
    'orders',
    'payout-methods',
    'personal',
    'privacy',
    'process',
    'real-name',
    'sincerity',
    'storage',
    'withdrawals',
  ],
  'bot-protection': [],
};

function assertAcyclic(graph) {
  const state = new Map();
  const visit = (name, path) => {
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'visiting')
      throw new Error(`server module cycle: ${[...path, name].join(' → ')}`);
    if (!(name in graph))
      throw new Error(`server module ${name} is not declared in serverModuleDependencies`);
    state.set(name, 'visiting');
    for (const next of graph[name]) visit(next, [...path, name]);
    state.set(name, 'done');
  };
  for (const name of Object.keys(graph)) visit(name, []);
}
assertAcyclic(serverModuleDependencies);

const serverModuleRules = Object.entries(serverModuleDependencies).map(([name, deps]) => ({
  from: [['server-module', { module: name }]],
  allow: deps.map((dep) => ['server-module', { module: dep }]),
}));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
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
          patterns: [onlyTheServerImportsTheServer],
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
          patterns: [onlyTheServerImportsTheServer],
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
    // Server module boundaries: a module imports its own files, another module only through its
    // index.ts (in the declared direction above), and another module's tables.ts only from its own
    // tables.ts (drizzle foreign keys). lib/ is below every module.
    files: ['apps/server/src/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/include': ['apps/server/src/**/*'],
      // Re-exports count too: an index.ts may not republish another module's internals.
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      'boundaries/elements': [
        {
          type: 'server-tables',
          pattern: 'apps/server/src/modules/*/tables.ts',
          mode: 'full',
          capture: ['module'],
        },
        { type: 'server-module', pattern: 'apps/server/src/modules/*', mode: 'folder', capture: ['module'] },
        { type: 'server-lib', pattern: 'apps/server/src/lib/**/*', mode: 'full' },
        { type: 'server-db', pattern: 'apps/server/src/db/**/*', mode: 'full' },
        { type: 'server-plugins', pattern: 'apps/server/src/plugins/**/*', mode: 'full' },
        { type: 'server-cli', pattern: 'apps/server/src/cli/**/*', mode: 'full' },
        { type: 'server-config', pattern: 'apps/server/src/config.ts', mode: 'full' },
        { type: 'server-root', pattern: 'apps/server/src/*.ts', mode: 'full' },
      ],
      'import/resolver': { typescript: { project: 'apps/server/tsconfig.json' } },
    },
    rules: {
      'boundaries/element-types': [
        'error',
        {
          default: 'disallow',
          rules: [
            {
              from: ['server-root'],
              allow: [
                'server-root',
                'server-config',
                'server-lib',
                'server-db',
                'server-plugins',
                'server-module',
              ],
            },
            { from: ['server-cli'], allow: ['server-config', 'server-lib', 'server-db', 'server-module'] },
            {
              // db/schema.ts gathers every tables.ts for drizzle and the migrations.
              from: ['server-db'],
              allow: ['server-db', 'server-config', 'server-lib', 'server-module', 'server-tables'],
            },
            {
              from: ['server-plugins'],
              allow: [
                'server-plugins',
                'server-root',
                'server-config',
                'server-lib',
                'server-db',
                'server-module',
              ],
            },
            { from: ['server-config'], allow: ['server-lib'] },
            // Executor types only: lib never imports a module.
            { from: ['server-lib'], allow: ['server-lib', 'server-db'] },
            {
              from: ['server-tables'],
              allow: ['server-tables', ['server-module', { module: '${from.module}' }], 'server-lib'],
            },
            {
              from: ['server-module'],
              allow: [
                ['server-module', { module: '${from.module}' }],
                ['server-tables', { module: '${from.module}' }],
                'server-lib',
                'server-db',
                'server-config',
                'server-plugins',
              ],
            },
            ...serverModuleRules,
          ],
        },
      ],
      'boundaries/entry-point': [
        'error',
        {
          default: 'allow',
          rules: [
            {
              target: ['server-module'],
              disallow: ['**'],
              message: 'Import another server module only through its index.ts',
            },
            { target: ['server-module'], allow: ['index.ts'] },
          ],
        },
      ],
    },
  },
  {
    // One error taxonomy: a route fails by throwing AppError (plugins/errors.ts answers the envelope).
    // Only the answering code itself sets a status or hand-builds an err_code body.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/plugins/errors.ts',
      'apps/server/src/lib/envelope.ts',
      'apps/server/src/plugins/idempotency.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='reply'][callee.property.name=/^(code|status)$/]",
          message: 'Throw an AppError (lib/errors.ts): plugins/errors.ts answers every failure.',
        },
        {
          selector:
            "CallExpression[callee.property.name='send'] > ObjectExpression > Property[key.name='err_code']",
          message: 'Throw an AppError (lib/errors.ts): plugins/errors.ts answers every failure.',
        },
      ],
    },
  },
  {
    // A tables.ts may use its own module's files (element-types still keeps it inside its module).
    files: ['apps/server/src/modules/*/tables.ts'],
    rules: { 'boundaries/entry-point': 'off' },
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
          patterns: [onlyTheServerImportsTheServer],
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
