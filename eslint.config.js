import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** The storefront's feature folders under web/src/features (everything there but admin/). */
const STOREFRONT_FEATURES = ['accounts', 'cart', 'catalogue', 'checkout', 'custom-bouquet', 'orders', 'shop', 'wishlist'];
export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'test-results', 'playwright-report', 'server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-console': ['warn', { allow: ['warn', 'error', 'log'] }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // Import directions: each layer imports only downwards (shared <- server, shared <- web).
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'fastify',
                'fastify-*',
                '@fastify/*',
                'drizzle-orm',
                'drizzle-orm/*',
                'react',
                'react-*',
                '**/server/**',
                '**/web/**',
                '@web/*',
              ],
              message: 'shared/ is the contract: no server, web, fastify, drizzle or react in here.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    ignores: ['server/main.ts', 'server/start.ts', 'server/**/*.test.ts', 'server/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/app.js', '**/app'],
              message:
                'Type route modules from the library (FastifyPluginAsyncZod) and helpers with server/types.ts; only main.ts and tests import app.ts.',
            },
            { group: ['**/web/**', '@web/*', 'react', 'react-dom'], message: 'The server does not import the web app.' },
          ],
        },
      ],
    },
  },
  {
    files: ['web/src/lib/**/*.{ts,tsx}', 'web/src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@web/features/*', '@web/app/*', '**/features/**', '**/app/**'],
              message: 'lib/ and components/ are below features and app: they import neither.',
            },
          ],
        },
      ],
    },
  },
  // Storefront features never import each other: what two features share lives below them (lib/,
  // components/), and features meet only where the app composes them (web/src/app/). Relative paths
  // are checked per folder depth: from features/<f>/ another feature is one folder up, from
  // features/<f>/<part>/ two, and so on.
  ...STOREFRONT_FEATURES.flatMap((feature) =>
    [1, 2, 3, 4].map((depth) => ({
      files: [`web/src/features/${feature}/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                group: ['@web/features/admin', '@web/features/admin/*', '**/features/admin/**', '../admin/*'],
                message: 'Storefront features never import the back office (it is not in their download).',
              },
              {
                group: ['@web/app/*', '**/app/**'],
                message: 'Features do not import app/: move what they share to lib/ or components/ui/.',
              },
              {
                regex: `^(@web/features/(?!${feature}(/|$))|${'\\.\\./'.repeat(depth)}(?!${feature}/)[^./])`,
                message:
                  'Storefront features never import each other: move what they share to lib/ or components/, or compose them in app/.',
              },
            ],
          },
        ],
      },
    })),
  ),
  // The back office does not import storefront features. Relative paths are checked per folder depth,
  // because the two sides share area names (catalogue, orders, shop): from admin/<area>/ a storefront
  // feature is two folders up, from admin/<area>/<part>/ three.
  ...[
    ['web/src/features/admin/*.{ts,tsx}', '../'],
    ['web/src/features/admin/*/*.{ts,tsx}', '../../'],
    ['web/src/features/admin/*/*/*.{ts,tsx}', '../../../'],
    ['web/src/features/admin/*/*/*/*.{ts,tsx}', '../../../../'],
  ].map(([files, up]) => ({
    files: [files],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@web/features/*', '!@web/features/admin', ...STOREFRONT_FEATURES.map((f) => `${up}${f}/*`)],
              message: 'The back office does not import storefront features: share through lib/ or components/ui/.',
            },
            { group: ['@web/app/*', '**/app/**'], message: 'Features do not import app/: move what they share to lib/ or components/ui/.' },
          ],
        },
      ],
    },
  })),
);
