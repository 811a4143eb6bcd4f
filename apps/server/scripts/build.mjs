// Builds the server once into dist/: ES modules of our own code (the contract included),
// with every npm dependency left external and loaded from node_modules as usual (native and
// WebAssembly packages such as PGlite, sharp and argon2 cannot be bundled). The migrations
// travel beside it, where db/client.ts looks for them. `npm start` runs the result with plain
// node: no TypeScript compiler at run time.
//
//   node scripts/build.mjs [outDir]      (default: dist; node_modules must be above outDir)
import { cpSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter(
  (name) => !name.startsWith('@ishuri/'),
);

const dist = path.resolve(root, process.argv[2] ?? 'dist');
rmSync(dist, { recursive: true, force: true });
const started = performance.now();
await build({
  entryPoints: { main: path.join(root, 'src/main.ts') },
  outdir: dist,
  outExtension: { '.js': '.mjs' },
  // What only some deployments load (the object store's client, Redis) stays in chunks of its
  // own, imported when configured (app.ts), so the default process never loads those packages.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  sourcemap: true,
  // Stack traces name our source files.
  sourcesContent: false,
  logLevel: 'warning',
});
cpSync(path.join(root, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
console.log(
  `server built: ${path.relative(root, dist)}/main.mjs in ${Math.round(performance.now() - started)} ms`,
);
