// Writes the first HTML of the public pages (issue 13, point 3): each page as a visitor sees it
// before its data arrives, rendered with the app's own components by src/prerender/render.tsx
// (built for Node in dist-ssr), put into the built index.html. The server sends a page's file for
// its addresses (dist/prerendered/pages.json); every other address gets the plain index.html.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pages from './public-pages.json' with { type: 'json' };
import { readManifest } from './vite-manifest.mjs';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(web, 'dist');
const ssr = path.join(web, 'dist-ssr');

// scripts/public-pages.json: the pages, the address rendered, and the addresses (a regular
// expression on the path) that get its file. A page with an id in its address is rendered once:
// before its data arrives it looks the same whatever the id. `module` is the page's own module
// under src/features (a route of src/app/routes.tsx loads it when the page opens): its
// JavaScript is fetched with the app's instead of after it (and vite.config.ts gathers the code
// these pages share into few files).

const { manifest: viteManifest, entryKey, staticChunks } = readManifest(dist);
const filesOf = (key) => staticChunks(key).map((chunk) => chunk.file);
const entryFiles = new Set(filesOf(entryKey));
/** The files of a module under src/features (its chunk and the chunks it imports). */
function moduleFiles(module) {
  const key = `src/features/${module}.tsx`;
  if (!viteManifest[key]) throw new Error(`prerender: no chunk for ${key} in the build`);
  return filesOf(key);
}

/**
 * `<link rel="modulepreload">` for a page's files that the entry does not load, and for its
 * view's (what it draws once its data is read) that the page does not load. The view's are
 * fetched at a low priority: the page's first paint and its own code come first; the view then
 * loads while the app starts instead of after it has run.
 */
function modulePreloads(page) {
  const own = moduleFiles(page.module).filter((file) => !entryFiles.has(file));
  const view = page.view
    ? moduleFiles(page.view).filter((file) => !entryFiles.has(file) && !own.includes(file))
    : [];
  const link = (file, low) =>
    `<link rel="modulepreload"${low ? ' fetchpriority="low"' : ''} crossorigin href="/${file}">`;
  return [...own.map((file) => link(file, false)), ...view.map((file) => link(file, true))].join(
    '',
  );
}

const { renderPage } = await import(pathToFileURL(path.join(ssr, 'render.js')).href);
const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
if (!template.includes('<html lang="en">')) {
  throw new Error('prerender: dist/index.html has no <html lang="en">');
}
if (!template.includes('<div id="root"></div>')) {
  throw new Error('prerender: dist/index.html has no empty <div id="root"></div>');
}

/**
 * The stylesheet, written into each page's head: a phone paints the text as soon as the HTML
 * has come, instead of after a second request that shares the slow network with the
 * JavaScript (the pages' Content-Security-Policy allows inline styles). Returning visitors
 * revalidate the page (304), so the styles are not downloaded again.
 */
const stylesheet = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/.exec(
  template,
);
if (!stylesheet) throw new Error('prerender: dist/index.html links no stylesheet');
const css = readFileSync(path.join(dist, stylesheet[1]), 'utf8');
if (/<\/style/i.test(css)) throw new Error('prerender: the stylesheet cannot be inlined');

/**
 * The stylesheet's link, kept disabled beside its inlined copy: a disabled stylesheet is not
 * fetched, and the code that loads a lazy module's files (Vite's preload helper) finds it and
 * does not add the same stylesheet again. Without it, each page's first lazy module fetched the
 * whole stylesheet a second time (9 kB gzip) and the browser matched every element against its
 * rules twice.
 */
const stylesheetMark = `<link rel="stylesheet" crossorigin href="/${stylesheet[1]}" disabled>`;

const out = path.join(dist, 'prerendered');
rmSync(out, { recursive: true, force: true });
mkdirSync(out);
const escapeHtml = (text) =>
  text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]);

// Each page in each language (issue 16): the server sends the reader's (their choice's cookie,
// else their browser's Accept-Language), so the first HTML is already in their words.
const languages = ['en', 'rw', 'fr', 'sw'];
const manifest = [];
for (const language of languages)
  for (const page of pages) {
    const rendered = await renderPage(page.render, language);
    let markup = rendered.markup;
    // A page's <title> (rendered where the page names it) goes to the head, as the app puts it.
    let title = null;
    markup = markup.replace(/<title>([^<]*)<\/title>/g, (_, text) => {
      title ??= text;
      return '';
    });
    // The server's pages allow no inline script (Content-Security-Policy): none may be written.
    if (/<script/i.test(markup)) throw new Error(`prerender: ${page.render} renders a <script>`);
    let html = template
      .replace('<html lang="en">', () => `<html lang="${language}">`)
      .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`)
      .replace(stylesheet[0], () => `<style>${css}</style>${stylesheetMark}`);
    // The data the page reads first is fetched while its JavaScript loads (the app's own request
    // then takes the preloaded answer: same address, same mode).
    // A page with an id in its address was rendered with "_" for it: its reads are not known.
    const preloads = rendered.reads
      .filter((read) => !read.split(/[/?]/).includes('_'))
      .map((read) => `<link rel="preload" as="fetch" crossorigin href="${escapeHtml(read)}">`)
      .join('');
    html = html.replace('</head>', () => `${modulePreloads(page)}${preloads}</head>`);
    if (language === 'en') {
      console.log(`  ${page.render}: reads ${rendered.reads.join(', ') || 'nothing'} first`);
    }
    if (title !== null) {
      html = html.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(unescape(title))}</title>`);
    }
    const file = `prerendered/${page.name}${language === 'en' ? '' : `.${language}`}.html`;
    writeFileSync(path.join(dist, file), html);
    manifest.push({ matches: page.matches, language, file });
  }
writeFileSync(path.join(out, 'pages.json'), `${JSON.stringify(manifest, null, 2)}\n`);
rmSync(ssr, { recursive: true, force: true });
console.log(
  `prerendered ${pages.length} public pages in ${languages.length} languages (dist/prerendered)`,
);

/** The title as React wrote it (entities) back to text, to be escaped once. */
function unescape(text) {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');
}
