import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { layering } from './layering.js';

/**
 * The layering rules bite: ESLint, with the project's own layering config, run on a small tree
 * that mirrors the repository's layout and breaks each rule once (fixtures/tree).
 */
const tree = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/tree');
const found = new Map<string, string[]>();

beforeAll(async () => {
  const eslint = new ESLint({
    cwd: tree,
    overrideConfigFile: true,
    overrideConfig: [{ languageOptions: { parser: tseslint.parser } }, ...layering(tree)],
  });
  for (const result of await eslint.lintFiles(['**/*.ts'])) {
    const file = path.relative(tree, result.filePath).split(path.sep).join('/');
    found.set(
      file,
      result.messages.map((message) => message.ruleId ?? message.message),
    );
  }
}, 60_000);

describe('the layering rules', () => {
  it('refuse the contract importing an app', () => {
    expect(found.get('packages/contract/src/index.ts')).toContain('import-x/no-restricted-paths');
  });

  it('refuse a web feature importing another feature', () => {
    expect(found.get('apps/web/src/features/alpha/alpha.ts')).toContain(
      'import-x/no-restricted-paths',
    );
    // A feature may import shared code below it.
    expect(found.get('apps/web/src/features/beta/beta.ts')).toEqual([]);
  });

  it('refuse server lib importing a module', () => {
    expect(found.get('apps/server/src/lib/helper.ts')).toContain('import-x/no-restricted-paths');
  });

  it('refuse an import cycle', () => {
    expect(found.get('apps/server/src/modules/things/things.service.ts')).toContain(
      'import-x/no-cycle',
    );
    expect(found.get('apps/server/src/modules/things/second.service.ts')).toContain(
      'import-x/no-cycle',
    );
  });

  it('refuse file names outside the one style, and accept it', () => {
    expect(found.get('apps/server/src/modules/things/things-mail.ts')).toEqual([
      'ishuri/file-names',
    ]);
    expect(found.get('apps/web/src/lib/BadName.ts')).toEqual(['ishuri/file-names']);
    expect(found.get('apps/server/src/modules/things/things.mail.ts')).toEqual([]);
    expect(found.get('apps/web/src/lib/shared.ts')).toEqual([]);
  });
});
