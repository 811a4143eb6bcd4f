import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseSync, Visitor } from 'vite';
import type { Plugin } from 'vite';
import { PLANNING } from './chunk-plan';

/**
 * The English catalogue in parts (issue 30, point 3). `messages.ts` holds every sentence of the
 * app, the dashboards' too; the public pages draw a quarter of them, and the whole catalogue was
 * 15 kB of the landing's compressed JavaScript. The client build splits it by who shows each
 * sentence, read from the code (`messages.someKey`) in the chunk plan's first build
 * (build/chunk-plan.ts), with the modules that the entry and the public pages
 * (scripts/public-pages.json) load:
 * - part 0, the sentences of the entry's own modules (the navigation, the footer), stay in
 *   `messages.ts`;
 * - part 1, those of the public pages, are written into the modules that show them, each set
 *   where it is not there yet (`messages.key ??= '…'`);
 * - part 2, the others, go to `src/lib/whole-catalogue.ts` (with part 1: the whole catalogue),
 *   which a screen that shows many of them imports first; a module that shows a few writes them
 *   into itself like a public page.
 * A module that reads `messages` whole (`{ ...messages }`: a language's catalogue) imports the
 * whole catalogue first. Whatever the plan, no module runs before the sentences it reads are
 * there. The split is made from the file as it is, at build time: `messages.ts` is written as
 * before, one object, in any order. Development, the tests and the prerender read the whole file.
 */
const messagesFile = fileURLToPath(
  new URL('../../../packages/contract/src/messages.ts', import.meta.url),
);
const wholeFile = fileURLToPath(new URL('../src/lib/whole-catalogue.ts', import.meta.url));

/** What a module's code reads from `messages`: the sentences it names, or the whole catalogue. */
type Use = Set<string> | 'whole';

/** Module id → its use, written by the plan's first build (another instance of this plugin). */
const uses: Map<string, Use> = ((globalThis as Record<symbol, unknown>)[
  Symbol.for('ishuri.catalogue-uses')
] ??= new Map<string, Use>()) as Map<string, Use>;

const ownSource = /\/(apps\/web\/src|packages\/contract\/src)\/[^?]*\.(tsx?|jsx?)$/;

/** The sentences a module reads from `messages` (imported by that name from the contract). */
export function catalogueUse(code: string, file = 'module.tsx'): Use | null {
  if (!code.includes('messages')) return null;
  const { program } = parseSync(file, code);
  const names = new Set<string>();
  for (const statement of program.body) {
    if (statement.type !== 'ImportDeclaration') continue;
    const source = String(statement.source.value);
    if (!/@ishuri\/contract$|\/messages(\.ts)?$/.test(source)) continue;
    for (const specifier of statement.specifiers) {
      if (
        specifier.type === 'ImportSpecifier' &&
        specifier.imported.type === 'Identifier' &&
        specifier.imported.name === 'messages'
      ) {
        names.add(specifier.local.name);
      }
    }
  }
  if (names.size === 0) return null;
  const keys = new Set<string>();
  // Identifiers that are not a reading of the catalogue itself: `x.messages`, `{ messages: … }`,
  // the import's own names, and the object of `messages.key` (counted as the key).
  const accounted = new Set<number>();
  let whole = false;
  new Visitor({
    ImportSpecifier(node) {
      accounted.add(node.local.start);
      accounted.add(node.imported.start);
    },
    MemberExpression(node) {
      if (!node.computed) accounted.add(node.property.start);
      if (node.object.type !== 'Identifier' || !names.has(node.object.name)) return;
      if (node.computed || node.property.type !== 'Identifier') return;
      accounted.add(node.object.start);
      keys.add(node.property.name);
    },
    Property(node) {
      if (!node.computed && !node.shorthand) accounted.add(node.key.start);
    },
    Identifier(node) {
      if (names.has(node.name) && !accounted.has(node.start)) whole = true;
    },
  }).visit(program);
  return whole ? 'whole' : keys;
}

/** Sentences that a module outside the public pages writes into itself, at most. */
const FEW = 8;

/** Where a sentence goes: 0 stays in `messages.ts`, 1 a public page's, 2 the others. */
type PartOf = (key: string) => 0 | 1 | 2;

/**
 * `messages.ts` split: the file with the sentences of parts 1 and 2 left out, those sentences
 * (for the whole catalogue's module), and each one's value as written (for the modules that
 * write theirs into themselves). Null when the file is not the one object it is meant to be
 * (then nothing is split).
 */
export function splitCatalogue(
  source: string,
  partOf: PartOf,
): { first: string; rest: string[]; values: Map<string, string> } | null {
  const { program } = parseSync('messages.ts', source, { lang: 'ts' });
  let object: { start: number; end: number; properties: unknown[] } | null = null;
  for (const statement of program.body) {
    if (
      statement.type === 'TSTypeAliasDeclaration' ||
      statement.type === 'TSInterfaceDeclaration'
    ) {
      continue;
    }
    if (statement.type === 'ExportNamedDeclaration' && statement.declaration) {
      const declaration = statement.declaration;
      if (declaration.type === 'TSTypeAliasDeclaration') continue;
      if (declaration.type === 'VariableDeclaration' && declaration.declarations.length === 1) {
        const [declarator] = declaration.declarations;
        let init = declarator?.init;
        if (init?.type === 'TSAsExpression') init = init.expression;
        if (
          declarator?.id.type === 'Identifier' &&
          declarator.id.name === 'messages' &&
          init?.type === 'ObjectExpression'
        ) {
          object = init;
          continue;
        }
      }
    }
    return null;
  }
  if (!object) return null;
  const properties = object.properties as {
    type: string;
    key: { type: string; name?: string; value?: unknown };
    computed: boolean;
    value: { start: number; end: number };
    start: number;
    end: number;
  }[];
  const removed: [number, number][] = [];
  const rest: string[] = [];
  const values = new Map<string, string>();
  for (const [index, property] of properties.entries()) {
    if (property.type !== 'Property' || property.computed) return null;
    const key = property.key.type === 'Identifier' ? property.key.name : property.key.value;
    if (typeof key !== 'string') return null;
    const part = partOf(key);
    if (part === 0) continue;
    // Up to the next sentence (the comma and the comments before it), or to the closing brace.
    const next = properties[index + 1];
    removed.push([property.start, next ? next.start : object.end - 1]);
    rest.push(source.slice(property.start, property.end));
    values.set(key, source.slice(property.value.start, property.value.end));
  }
  let kept = source;
  for (const [start, end] of removed.reverse()) kept = kept.slice(0, start) + kept.slice(end);
  return { first: kept, rest, values };
}

/** The whole catalogue's module: every sentence that left `messages.ts`, added back. */
const wholeModule = (sentences: string[]) =>
  `import { messages } from ${JSON.stringify(messagesFile)};\n` +
  `Object.assign(messages, {\n${sentences.join(',\n')}\n});\n`;

/**
 * A public page's module with the sentences it names (and the entry does not) written into it:
 * each one set where it is not there yet (a language or the whole catalogue, loaded first, keeps
 * its own).
 */
const withSentences = (code: string, keys: string[], values: Map<string, string>) =>
  `import { messages as ishuriCatalogue } from ${JSON.stringify(messagesFile)};\n` +
  keys.map((key) => `ishuriCatalogue.${key} ??= ${values.get(key)};\n`).join('') +
  code;

/**
 * The plugin. `entryModules` and `publicModules`: the modules that the entry loads, and those
 * that the entry and the public pages load, filled by the chunk plan before the client build
 * reads any file.
 */
export function catalogueSplit(
  entryModules: ReadonlySet<string>,
  publicModules: ReadonlySet<string>,
): Plugin {
  /** Sentences named by the entry's modules, and by the public pages' (null: no split). */
  let named: { entry: Set<string>; pages: Set<string> } | null | undefined;
  const keysOf = (modules: ReadonlySet<string>) => {
    const keys = new Set<string>();
    for (const id of modules) {
      const use = uses.get(id);
      if (use === 'whole') return null;
      for (const key of use ?? []) keys.add(key);
    }
    return keys;
  };
  const namedOnce = () => {
    if (named !== undefined) return named;
    const entry = keysOf(entryModules);
    const pages = keysOf(publicModules);
    named = entryModules.size > 0 && entry && pages ? { entry, pages } : null;
    return named;
  };
  const partOf: PartOf = (key) => {
    const { entry, pages } = namedOnce()!;
    return entry.has(key) ? 0 : pages.has(key) ? 1 : 2;
  };
  let split: ReturnType<typeof splitCatalogue> | undefined;
  const splitOnce = () => {
    if (!namedOnce()) return null;
    split ??= splitCatalogue(readFileSync(messagesFile, 'utf8'), partOf);
    return split;
  };
  return {
    name: 'ishuri-catalogue-split',
    apply: 'build',
    enforce: 'post',
    buildStart() {
      if (this.environment.config.build.ssr) return;
      if (process.env[PLANNING]) uses.clear();
      named = undefined;
      split = undefined;
    },
    load: {
      order: 'pre',
      handler(id) {
        if (this.environment.config.build.ssr || process.env[PLANNING]) return null;
        if (id !== messagesFile && id !== wholeFile) return null;
        const parts = splitOnce();
        if (!parts) return null;
        return id === messagesFile ? parts.first : wholeModule(parts.rest);
      },
    },
    transform: {
      // Before TypeScript is taken out: the sentences are copied as they are written.
      order: 'pre',
      handler(code, id) {
        if (this.environment.config.build.ssr || !ownSource.test(id)) return null;
        if (id === messagesFile || id === wholeFile) return null;
        let use = catalogueUse(code, id);
        // The module that loads the whole catalogue itself (the language's) reads it whole after.
        if (use === 'whole' && code.includes('whole-catalogue')) use = null;
        if (process.env[PLANNING]) {
          if (use) uses.set(id, use);
          return null;
        }
        const parts = splitOnce();
        if (!use || !parts) return null;
        if (use === 'whole') {
          return { code: `import ${JSON.stringify(wholeFile)};\n${code}`, map: null };
        }
        const own = [...use].filter((key) => partOf(key) !== 0);
        if (own.length === 0) return null;
        // A public page's module, or a module that shows a few sentences (the progress sent when
        // the network returns, a toast), carries its own; a screen that shows many loads them all.
        if (own.some((key) => partOf(key) === 2) && own.length > FEW) {
          return { code: `import ${JSON.stringify(wholeFile)};\n${code}`, map: null };
        }
        return { code: withSentences(code, own, parts.values), map: null };
      },
    },
    generateBundle() {
      if (this.environment.config.build.ssr || process.env[PLANNING]) return;
      const parts = splitOnce();
      if (parts) {
        this.info(
          `catalogue: ${namedOnce()!.entry.size} sentences with the entry, ` +
            `${namedOnce()!.pages.size - namedOnce()!.entry.size} with the public pages that ` +
            `show them, ${parts.rest.length} in all loaded with the other screens`,
        );
      }
    },
  };
}
