// Prints what the landing page loads before it can render: the entry chunk plus everything it
// imports statically (lazy routes are not counted), raw and gzip-compressed, from Vite's manifest.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import publicPages from './public-pages.json' with { type: 'json' };
import { readManifest } from './vite-manifest.mjs';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const { entryKey, staticChunks } = readManifest(dist);
const chunks = staticChunks(entryKey);
const js = new Set(chunks.map((chunk) => chunk.file));
const css = new Set(chunks.flatMap((chunk) => chunk.css ?? []));

const measure = (files) => {
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const content = readFileSync(path.join(dist, file));
    raw += content.length;
    gzip += gzipSync(content, { level: 9 }).length;
  }
  return { raw, gzip };
};
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;

const jsSize = measure(js);
const cssSize = measure(css);
console.log('');
console.log(
  `Landing page JavaScript (entry + static imports, ${js.size} file${js.size === 1 ? '' : 's'}): ` +
    `${kb(jsSize.gzip)} gzip (${kb(jsSize.raw)} raw)`,
);
for (const file of js) console.log(`  ${file}`);
console.log(`Landing page CSS: ${kb(cssSize.gzip)} gzip (${kb(cssSize.raw)} raw)`);

// Each prerendered public page: the files its JavaScript comes in (the entry's and the page
// module's, each request a round trip that a phone on a slow network waits for) and their size.
console.log('Public pages (entry + page module, JavaScript):');
for (const page of publicPages) {
  const files = new Set([
    ...js,
    ...staticChunks(`src/features/${page.module}.tsx`).map((c) => c.file),
  ]);
  const size = measure(files);
  console.log(
    `  ${page.render.padEnd(16)} ${String(files.size).padStart(3)} files, ${kb(size.gzip)} gzip`,
  );
}
