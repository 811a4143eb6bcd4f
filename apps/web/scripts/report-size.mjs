// Prints what the landing page loads before it can render: the entry chunk plus everything it
// imports statically (lazy routes are not counted), raw and gzip-compressed, from Vite's manifest.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) {
  console.error('report-size: no entry chunk in dist/.vite/manifest.json');
  process.exit(1);
}

const js = new Set();
const css = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || js.has(chunk.file)) return;
  js.add(chunk.file);
  for (const file of chunk.css ?? []) css.add(file);
  for (const imported of chunk.imports ?? []) visit(imported);
};
visit(entryKey);

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
