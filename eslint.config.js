import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Import boundaries of docs/architecture.md, enforced here rather than only written down.
const FEATURES = ['auth', 'medicines', 'cart', 'orders', 'prescriptions', 'contact', 'batches', 'reports'];

const NO_SERVER = {
  regex: '(^@apotheca/server|(^|/)server/)',
  message: 'The client never imports the server; share through contract/.',
};
// Flat config replaces a rule's options per matching block, so each block lists every pattern it needs.
const restrict = (files, patterns) => ({ files, rules: { 'no-restricted-imports': ['error', { patterns }] } });

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      '**/node_modules/**',
      '.test-results/**',
      '.bench/**',
      'server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['client/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // contract/: what client and server agree on, importing only zod.
  restrict(['contract/src/**'], [{ regex: '^(?!zod$|\\./).*', message: 'contract/ imports only zod.' }]),
  // Its tests also import vitest, and the ReDoS check reads the sources with TypeScript and recheck.
  restrict(
    ['contract/src/**/*.test.ts', 'contract/src/testing/**'],
    [
      {
        regex: '^(?!zod$|vitest$|recheck$|typescript$|node:|\\./|\\.\\./).*',
        message: 'contract/ tests import only zod, vitest and the ReDoS checker.',
      },
    ],
  ),
  // The client never imports the server.
  restrict(['client/src/**'], [NO_SERVER]),
  // A feature never imports another feature; pages in app/ are where features meet.
  ...FEATURES.map((feature) =>
    restrict(
      [`client/src/features/${feature}/**`],
      [
        NO_SERVER,
        {
          regex: `^(\\.\\./)+(?!${feature}/)(${FEATURES.join('|')})/|features/(?!${feature}/)`,
          message: 'A feature never imports another feature; compose them in app/.',
        },
        { regex: '(^|/)app/', message: 'Features do not import app/.' },
      ],
    ),
  ),
  // Domain-free building blocks and the API client import no feature and no app code.
  restrict(
    ['client/src/components/**', 'client/src/lib/**'],
    [NO_SERVER, { regex: '(^|/)(features|app)/', message: 'components/ui and lib/ stay domain-free.' }],
  ),
  // Only config.ts reads the environment.
  {
    files: ['server/src/**'],
    ignores: ['server/src/config.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Only server/src/config.ts reads process.env.' },
      ],
    },
  },
  // Services hold rules and queries, with no Fastify in them.
  restrict(
    ['server/src/features/**/*.service.ts'],
    [{ regex: '^fastify', message: 'Services do not import Fastify.' }],
  ),
);
