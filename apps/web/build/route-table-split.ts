import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseSync } from 'vite';
import type { Plugin } from 'vite';

/**
 * The contract's route table (`@ishuri/contract/routes`, written by `npm run routes`) one export
 * per module in the client build (issue 30, point 3). The table is one file of every
 * resource's routes; a bundler keeps a module whole, so the landing, which calls two resources
 * (the session's), carried all eighteen. Each `import { courseApi } from
 * '@ishuri/contract/routes'` of the app's code is read as an import of a module holding only
 * `courseApi`, cut from the file as it is; the routes then go with the screens that call them.
 */
const routesFile = fileURLToPath(
  new URL('../../../packages/contract/src/routes.ts', import.meta.url),
);
const SOURCE = '@ishuri/contract/routes';
const PREFIX = 'ishuri-route-table:';
const ownSource = /\/apps\/web\/src\/[^?]*\.tsx?$/;

/** Export name → `export const name = {…};` (the object as written, without its type). */
export function tableExports(source: string): Map<string, string> {
  const { program } = parseSync('routes.ts', source, { lang: 'ts' });
  const found = new Map<string, string>();
  for (const statement of program.body) {
    if (statement.type !== 'ExportNamedDeclaration') continue;
    const declaration = statement.declaration;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations) {
      if (declarator.id.type !== 'Identifier' || !declarator.init) continue;
      const { start, end } = declarator.init;
      found.set(
        declarator.id.name,
        `export const ${declarator.id.name} = ${source.slice(start, end)};\n`,
      );
    }
  }
  return found;
}

export function routeTableSplit(): Plugin {
  let table: Map<string, string> | undefined;
  return {
    name: 'ishuri-route-table-split',
    apply: 'build',
    buildStart() {
      table = undefined;
    },
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      table ??= tableExports(readFileSync(routesFile, 'utf8'));
      const code = table.get(id.slice(PREFIX.length + 1));
      if (code === undefined) this.error(`${SOURCE} has no export ${id.slice(PREFIX.length + 1)}`);
      return code;
    },
    transform: {
      order: 'pre',
      handler(code, id) {
        if (this.environment.config.build.ssr || !ownSource.test(id)) return null;
        if (!code.includes(SOURCE)) return null;
        const { program } = parseSync(id, code);
        let out = code;
        const statements = program.body.filter(
          (statement) =>
            statement.type === 'ImportDeclaration' &&
            statement.source.value === SOURCE &&
            statement.importKind !== 'type',
        );
        for (const statement of statements.reverse()) {
          if (statement.type !== 'ImportDeclaration') continue;
          const imports = statement.specifiers.map((specifier) => {
            if (specifier.type !== 'ImportSpecifier' || specifier.imported.type !== 'Identifier') {
              this.error(`${id}: import the route table by name`);
            }
            if (specifier.importKind === 'type') return '';
            const name = specifier.imported.name;
            const local =
              specifier.local.name === name ? name : `${name} as ${specifier.local.name}`;
            return `import { ${local} } from ${JSON.stringify(PREFIX + name)};`;
          });
          out = out.slice(0, statement.start) + imports.join(' ') + out.slice(statement.end);
        }
        return { code: out, map: null };
      },
    },
  };
}
