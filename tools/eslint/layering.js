import { readdirSync } from 'node:fs';
import path from 'node:path';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import fileNames from './file-names.js';

/**
 * Who may import whom, enforced by ESLint (import-x's `no-restricted-paths` and `no-cycle`),
 * and the one style of file names. `root` is the folder the layout is read from: the repository
 * for `eslint .`, a fixture tree in the rules' own test.
 *
 *   packages/contract      imports nothing of the apps
 *   apps/server ↮ apps/web neither imports the other (both import the contract)
 *   server lib/            never imports modules/ (modules build on lib, not the reverse)
 *   server app.ts          imported by main.ts and tests only
 *   web features/X         never imports features/Y: pages combining them live in app/
 *   web lib/, components/, api/, curriculum/
 *                          never import features/ or app/
 *   anything               no import cycles
 */
export function layering(root = '.') {
  const at = (...parts) => `./${path.posix.join(...parts)}`;
  const featuresDir = path.join(root, 'apps/web/src/features');
  let features = [];
  try {
    features = readdirSync(featuresDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    // No web features in this tree.
  }
  const zones = [
    {
      target: at('packages/contract'),
      from: at('apps'),
      message: 'The contract is shared by both apps and imports neither.',
    },
    {
      target: at('apps/web/src'),
      from: at('apps/server'),
      message: 'The web app talks to the server over HTTP only.',
    },
    {
      target: at('apps/server/src'),
      from: at('apps/web'),
      message: 'The server never imports the web app.',
    },
    {
      target: at('apps/server/src/lib'),
      from: at('apps/server/src/modules'),
      message: 'lib/ is below the modules: move what both need into lib/.',
    },
    ...['lib', 'components', 'api', 'curriculum', 'offline'].map((part) => ({
      target: at('apps/web/src', part),
      from: [at('apps/web/src/features'), at('apps/web/src/app')],
      message: `${part}/ is shared below the features: it imports no feature and no page.`,
    })),
    ...features.map((feature) => ({
      target: at('apps/web/src/features', feature),
      from: at('apps/web/src/features'),
      except: [`./${feature}`],
      message: 'A feature never imports another: combine them in app/routes.',
    })),
  ];
  // Tests start whole apps; the code never imports the app that contains it.
  const appZone = {
    target: [at('apps/server/src/lib'), at('apps/server/src/modules'), at('apps/server/src/db')],
    from: at('apps/server/src/app.ts'),
    message: 'Only main.ts and tests build the app.',
  };
  const tests = ['**/*.test.ts', '**/test/**', '**/e2e/**'];
  const restricted = (list) => ['error', { basePath: path.resolve(root), zones: list }];
  return [
    {
      files: ['**/*.{ts,tsx,js,mjs}'],
      plugins: { 'import-x': importX, ishuri: { rules: { 'file-names': fileNames } } },
      settings: {
        // Imported files are parsed as TypeScript too, so that cycles through them are seen.
        'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
        'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
        'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true })],
      },
      rules: {
        'import-x/no-restricted-paths': restricted([...zones, appZone]),
        'import-x/no-cycle': ['error', { ignoreExternal: true }],
        'import-x/no-self-import': 'error',
      },
    },
    { files: tests, rules: { 'import-x/no-restricted-paths': restricted(zones) } },
    {
      files: ['{apps,packages}/*/src/**/*.{ts,tsx}', 'tools/**/*.{ts,js}', 'bench/**/*.{ts,mjs}'],
      ignores: ['**/fixtures/**'],
      rules: { 'ishuri/file-names': 'error' },
    },
  ];
}
