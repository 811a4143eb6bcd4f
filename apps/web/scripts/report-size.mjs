// Prints what the landing page loads before it can render: the entry chunk plus everything it
// imports statically (lazy routes are not counted), raw and gzip-compressed, from Vite's manifest,
// and each public page's, and whether the size budget (issue 30, point 3) is met. Fails the build
// when React's renderer is not what draws the app, and when the landing is over its budget.
import { readdirSync, readFileSync } from 'node:fs';
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
/** The budget (issue 30, point 3): the landing's JavaScript, gzip. */
const LANDING_BUDGET = 125 * 1024;
/** A public page's JavaScript (the entry's and its own module's) over the landing's, at most. */
const PAGE_OVER_LANDING = 10 * 1024;
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
const heavyPages = [];
for (const page of publicPages) {
  const files = new Set([
    ...js,
    ...staticChunks(`src/features/${page.module}.tsx`).map((c) => c.file),
  ]);
  const size = measure(files);
  console.log(
    `  ${page.render.padEnd(16)} ${String(files.size).padStart(3)} files, ${kb(size.gzip)} gzip`,
  );
  if (size.gzip > jsSize.gzip + PAGE_OVER_LANDING) heavyPages.push(page.render);
}

// The renderer is a condition of the build: it fails without React's.
const wrongRenderer = rendererProblems();
if (wrongRenderer.length > 0) {
  for (const problem of wrongRenderer) console.error(`report-size: ${problem}`);
  process.exit(1);
}
console.log("Renderer: React DOM (react-dom's client), no Preact in any file.");
// The size budget: the landing over its budget fails the build; a public page more than
// PAGE_OVER_LANDING over the landing is printed (not yet met: see the README).
const overBudget = budgetProblems();
if (overBudget.length === 0) {
  console.log(
    `Budget met: the landing within ${kb(LANDING_BUDGET)} gzip, every public page within ` +
      `${kb(PAGE_OVER_LANDING)} of it.`,
  );
} else {
  console.log(
    `Budget NOT met (landing at most ${kb(LANDING_BUDGET)} gzip, pages within ${kb(PAGE_OVER_LANDING)} of it):`,
  );
  for (const problem of overBudget) console.log(`  ${problem}`);
  if (jsSize.gzip > LANDING_BUDGET) {
    console.error(
      `report-size: the landing's JavaScript is over its budget of ${kb(LANDING_BUDGET)} gzip`,
    );
    process.exit(1);
  }
}

/**
 * The app is drawn by React 19 and react-dom (decisions.md §11): the landing's code holds React
 * DOM's client renderer (the keys it sets on the DOM nodes it draws), and no file of the build
 * holds Preact (its global option hooks, its compatibility layer's event names).
 */
function rendererProblems() {
  const found = [];
  const landing = [...js].map((file) => readFileSync(path.join(dist, file), 'utf8')).join('\n');
  if (!landing.includes('__reactContainer$') || !landing.includes('__reactFiber$')) {
    found.push("the landing's JavaScript holds no React DOM renderer");
  }
  for (const file of readdirSync(path.join(dist, 'assets'))) {
    if (!file.endsWith('.js')) continue;
    const code = readFileSync(path.join(dist, 'assets', file), 'utf8');
    if (/\bpreact\b/i.test(code) || /\.diffed\b|\bondoubleclick\b/.test(code)) {
      found.push(`assets/${file} holds Preact`);
    }
  }
  return found;
}

/** The landing within LANDING_BUDGET, every public page within PAGE_OVER_LANDING of it. */
function budgetProblems() {
  const found = [];
  if (jsSize.gzip > LANDING_BUDGET) {
    found.push(
      `the landing's JavaScript is ${kb(jsSize.gzip)} gzip, over its budget of ${kb(LANDING_BUDGET)}`,
    );
  }
  for (const page of heavyPages) {
    found.push(`${page} loads more than ${kb(PAGE_OVER_LANDING)} over the landing's JavaScript`);
  }
  return found;
}
