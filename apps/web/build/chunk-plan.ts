import { build } from 'vite';
import type { Plugin } from 'vite';
import publicPages from '../scripts/public-pages.json' with { type: 'json' };

/**
 * Few files for a public page (issue 13, point 3). The bundler's own split puts every set of
 * modules that a different set of screens shares into a file of its own: the course page came
 * in 52 files, the landing in 37, most of them a kilobyte or two. On a phone each file is a
 * request; over HTTP/1.1 (`npm start` without a proxy) six go at a time, each waiting a round
 * trip of a slow network, so a page waited seconds for small downloads.
 *
 * The plan starts from the bundler's own split (a first build of the same config, in memory):
 * - every shared file the entry loads becomes one file, "app";
 * - every other shared file that a public page (scripts/public-pages.json) loads joins the files
 *   shared by exactly the same public pages, one file per set;
 * - sets too small to be worth a request (SMALL) and shared by several public pages go together
 *   (what one page alone loads stays its own file, else every other page would load it), as
 *   long as their file then imports only "app" and the small sets' files (so it never makes a
 *   page load a file it did not load before): those the first public page (the landing) loads
 *   into "small-landing", the others into "pages". The landing, the page most visitors open
 *   first, then loads no other page's code (issue 30, point 3: it loaded 6 kB of small sets,
 *   1 kB of them other pages').
 * - a page's view (`view` in scripts/public-pages.json: what it draws once its data is read,
 *   asked for as it starts) counts as a page of its own, "<page>-view", but not in the name of
 *   what its own page loads too (the page has it first). The learning page's player came in 19
 *   files.
 * Entries keep their own files (a page's module is where its code is asked for), and what no
 * public page loads (the dashboards) stays as the bundler split it. A page loads no byte it did
 * not load before, except the small sets of other public pages in "pages" (about 1 kB
 * compressed) or in "small-landing" (the landing's, which most pages share anyway).
 */
export type ChunkPlan = Map<string, string>;

/** Minified bytes below which a set of shared modules is not worth a request of its own. */
const SMALL = 4096;

/** The build's chunks as the plan reads them (Rolldown's output chunks). */
export interface PlannedChunk {
  fileName: string;
  imports: string[];
  isEntry: boolean;
  isDynamicEntry: boolean;
  facadeModuleId: string | null;
  moduleIds: string[];
  modules: Record<string, { renderedLength: number }>;
  code: string;
}

/** The modules of a chunk that have code in it (an index whose re-exports went unused has none). */
const withCode = (chunk: PlannedChunk) =>
  chunk.moduleIds.filter((id) => (chunk.modules[id]?.renderedLength ?? 0) > 0);

/** Module → group name, from the chunks of the bundler's own split. */
export function planChunks(
  chunks: PlannedChunk[],
  pages: ReadonlyArray<{ name: string; module: string; view?: string }> = publicPages,
): ChunkPlan {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (file: string, into = new Set<string>()) => {
    if (into.has(file)) return into;
    into.add(file);
    for (const imported of byFile.get(file)?.imports ?? []) closure(imported, into);
    return into;
  };
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('chunk plan: the build has no entry');
  const loadedByEntry = closure(entry.fileName);
  const fileOf = (module: string, what: string) => {
    const suffix = `/src/features/${module}.tsx`;
    const chunk = chunks.find((c) => c.isDynamicEntry && c.facadeModuleId?.endsWith(suffix));
    if (!chunk) throw new Error(`chunk plan: no file for the ${what} ${module}`);
    return chunk.fileName;
  };
  const pageFiles = pages.flatMap((page) => [
    { name: page.name, of: page.name, files: closure(fileOf(page.module, 'page')), view: false },
    ...(page.view
      ? [
          {
            name: `${page.name}-view`,
            of: page.name,
            files: closure(fileOf(page.view, 'view')),
            view: true,
          },
        ]
      : []),
  ]);

  // The pages that load a file; a view that loads what its own page loads is left out (its page
  // has it first).
  const loadersOf = (file: string) => {
    const loading = pageFiles.filter((page) => page.files.has(file));
    return loading.filter(
      (page) => !page.view || !loading.some((other) => !other.view && other.of === page.of),
    );
  };

  // Each shared file's set: "app", or the names of the public pages that load it.
  const sets = new Map<string, PlannedChunk[]>();
  const setOf = new Map<string, string>();
  for (const chunk of chunks) {
    if (chunk.isEntry || chunk.isDynamicEntry || withCode(chunk).length === 0) continue;
    let set: string | null = null;
    if (loadedByEntry.has(chunk.fileName)) set = 'app';
    else {
      const loaders = loadersOf(chunk.fileName);
      if (loaders.length > 0) set = `pages-${loaders.map((page) => page.name).join('-')}`;
    }
    if (set === null) continue;
    sets.set(set, [...(sets.get(set) ?? []), chunk]);
    setOf.set(chunk.fileName, set);
  }

  // What one public page alone loads is never merged: it would be bytes for every other page.
  const loadedByOne = (set: string) =>
    pageFiles.filter((page) => sets.get(set)!.some((chunk) => page.files.has(chunk.fileName)))
      .length === 1;
  const small = new Set<string>();
  for (const [set, members] of sets) {
    const size = members.reduce((sum, chunk) => sum + chunk.code.length, 0);
    if (set !== 'app' && size < SMALL && !loadedByOne(set)) small.add(set);
  }
  // A small set whose files import a file outside "app" and the small sets stays on its own.
  for (let changed = true; changed;) {
    changed = false;
    for (const set of small) {
      const reachesOut = sets
        .get(set)!
        .flatMap((chunk) => chunk.imports)
        .some((file) => {
          const other = setOf.get(file);
          return other !== undefined && other !== 'app' && !small.has(other);
        });
      if (reachesOut) {
        small.delete(set);
        changed = true;
      }
    }
  }

  const first = pageFiles[0];
  const plan: ChunkPlan = new Map();
  for (const [set, members] of sets) {
    const forFirst =
      first !== undefined && members.some((chunk) => first.files.has(chunk.fileName));
    const group = !small.has(set) ? set : forFirst ? `small-${first.name}` : 'pages';
    for (const chunk of members) for (const id of withCode(chunk)) plan.set(id, group);
  }
  return plan;
}

/** The modules that the entry and the public pages load (their files and the files they import). */
export function publicModuleIds(
  chunks: PlannedChunk[],
  pages: ReadonlyArray<{ module: string }> = publicPages,
): Set<string> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const imported of byFile.get(file)?.imports ?? []) visit(imported);
  };
  for (const chunk of chunks) {
    const page = pages.some((p) => chunk.facadeModuleId?.endsWith(`/src/features/${p.module}.tsx`));
    if (chunk.isEntry || (chunk.isDynamicEntry && page)) visit(chunk.fileName);
  }
  return new Set([...files].flatMap((file) => byFile.get(file)?.moduleIds ?? []));
}

/** The toasts' library (with its one dependency, clsx) and container, one file. */
const TOASTS =
  /[\\/]node_modules[\\/](react-toastify|clsx)[\\/]|[\\/]src[\\/]app[\\/]toast-container\.tsx$/;

/**
 * The device's own store (IndexedDB), one small file: the app opens it on every page after start
 * (it tells the offline worker who is signed in), and the learning page at once. Planned with
 * the learning page's files, it made every page download them (11 kB) after start.
 */
const OFFLINE_DB = /[\\/]src[\\/]offline[\\/]db\.ts$/;

/**
 * What the course page and the learning page ask for below their first screen, one file each
 * (not one per module: each is a request on a slow network): a course's or an item's files with
 * their reads and download, and Save for offline with its storage facts and the saving itself.
 */
const RESOURCES =
  /[\\/]src[\\/](curriculum[\\/]resource-list\.tsx|api[\\/]resources\.ts|lib[\\/]save-file\.ts)$|[\\/]contract[\\/]src[\\/]resource-types\.ts$|ishuri-route-table:resourceApi$/;
const SAVE_FOR_OFFLINE =
  /[\\/]src[\\/]offline[\\/](save-for-offline\.tsx|storage\.ts|saved-courses\.ts)$/;

/** Files named by what they hold, before the plan (each module in the first that takes it). */
const NAMED_FILES: ReadonlyArray<[string, RegExp]> = [
  ['toasts', TOASTS],
  ['offline-db', OFFLINE_DB],
  ['resources', RESOURCES],
  ['save-for-offline', SAVE_FOR_OFFLINE],
];

/** Set in the first build's environment: that build is the plan's source, it plans nothing. */
export const PLANNING = 'ISHURI_CHUNK_PLANNING';

/**
 * The plugin that makes the plan before the client build (a first build with the same config
 * and `PLANNING` set, nothing written), and the `output.codeSplitting` that follows it. Each
 * group takes only the modules the plan gives it: their dependencies are placed by the plan too.
 */
export function chunkPlan(configFile: string) {
  const plan: ChunkPlan = new Map();
  /** What the entry loads, and the public pages (build/catalogue-split.ts reads them). */
  const entryModules = new Set<string>();
  const publicModules = new Set<string>();
  const plugin: Plugin = {
    name: 'ishuri-chunk-plan',
    apply: 'build',
    async buildStart() {
      if (this.environment.config.build.ssr || process.env[PLANNING]) return;
      process.env[PLANNING] = '1';
      try {
        const output = await build({
          configFile,
          logLevel: 'silent',
          build: { write: false, manifest: false },
        });
        const chunks = (Array.isArray(output) ? output : [output]).flatMap((out) =>
          'output' in out ? out.output.filter((file) => file.type === 'chunk') : [],
        );
        plan.clear();
        for (const [id, group] of planChunks(chunks)) plan.set(id, group);
        entryModules.clear();
        for (const id of publicModuleIds(chunks, [])) entryModules.add(id);
        publicModules.clear();
        for (const id of publicModuleIds(chunks)) publicModules.add(id);
      } finally {
        delete process.env[PLANNING];
      }
    },
  };
  const codeSplitting = {
    includeDependenciesRecursively: false,
    groups: [
      // The toasts (react-toastify and its container) come together once a page is idle: one
      // request, not two, on every page.
      ...NAMED_FILES.map(([file, modules]) => ({
        name: (id: string) => (modules.test(id) ? file : null),
      })),
      { name: (id: string) => plan.get(id) ?? null },
    ],
  };
  return { plugin, codeSplitting, entryModules, publicModules };
}
