// Reads Vite's build manifest (dist/.vite/manifest.json), for the scripts that run after the
// build: what the entry and a page module load before they run.
import { readFileSync } from 'node:fs';
import path from 'node:path';

export function readManifest(dist) {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error('no entry chunk in dist/.vite/manifest.json');
  /** The chunks a module loads statically, itself first (its imports' imports too). */
  const staticChunks = (key, into = new Map()) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return into;
    into.set(chunk.file, chunk);
    for (const imported of chunk.imports ?? []) staticChunks(imported, into);
    return into;
  };
  return { manifest, entryKey, staticChunks: (key) => [...staticChunks(key).values()] };
}
