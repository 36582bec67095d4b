import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Import boundaries of docs/architecture.md, enforced here rather than only written down.
const FEATURES = [
  'auth',
  'medicines',
  'cart',
  'orders',
  'prescriptions',
  'contact',
  'batches',
  'reports',
  'catalogue-import',
  'audit',
  'addresses',
];

const NO_SERVER = {
  regex: '(^@apotheca/server|(^|/)server/)',
  message: 'The client never imports the server; share through contract/.',
};
/**
 * The server's layers, lowest first: a module imports only from its own layer and the ones below
 * (docs/decisions/0063). Tests and server/src/test/ sit outside, as they assemble the whole app.
 */
const SERVER_LAYERS = [
  {
    name: 'the base (lib/, config.ts, http-error.ts, periodic-task.ts)',
    paths: ['lib', 'config.ts', 'http-error.ts', 'periodic-task.ts'],
  },
  { name: 'db/', paths: ['db'] },
  { name: 'plugins/', paths: ['plugins'] },
  { name: 'features/', paths: ['features'] },
  { name: 'the entry points (startup/, app.ts, main.ts)', paths: ['startup', 'app.ts', 'main.ts'] },
];
const serverPaths = (paths) => paths.map((path) => `./server/src/${path}`);
const SERVER_ZONES = SERVER_LAYERS.slice(0, -1).map((layer, index) => ({
  target: serverPaths(layer.paths),
  from: serverPaths(SERVER_LAYERS.slice(index + 1).flatMap((above) => above.paths)),
  message: `${layer.name} imports only from its own layer and the ones below it.`,
}));

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
  // The server's layers point one way: lower layers never import higher ones. (Import cycles, in
  // every workspace, are Oxlint's: .oxlintrc.json.)
  {
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/**/*.test.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // How import-x reads TypeScript files, without its `import-x/resolver` (resolver-next replaces it).
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'server/tsconfig.json' })],
    },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: SERVER_ZONES }] },
  },
  {
    files: ['client/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    // The rules of hooks. The plugin's React Compiler rules stay off: this app does not run the
    // compiler, and they were a third of the whole check's time (docs/decisions/0086).
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
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
