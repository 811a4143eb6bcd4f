// Writes the first HTML of the public pages (issue 13, point 3): each page as a visitor sees it
// before its data arrives, rendered with the app's own components by src/prerender/render.tsx
// (built for Node in dist-ssr), put into the built index.html. The server sends a page's file for
// its addresses (dist/prerendered/pages.json); every other address gets the plain index.html.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(web, 'dist');
const ssr = path.join(web, 'dist-ssr');

/**
 * The pages, the address rendered, and the addresses (a regular expression on the path) that
 * get its file. A page with an id in its address is rendered once: before its data arrives it
 * looks the same whatever the id.
 */
const pages = [
  { name: 'landing', render: '/', matches: '^/$' },
  { name: 'explore-course', render: '/explore-course', matches: '^/explore-course/?$' },
  { name: 'course', render: '/course/_', matches: '^/course/[^/]+/?$' },
  { name: 'learn', render: '/learn/_', matches: '^/learn/[^/]+/?$' },
  { name: 'blog', render: '/blog', matches: '^/blog/?$' },
  { name: 'blog-post', render: '/blog/_', matches: '^/blog/[^/]+/?$' },
  { name: 'business', render: '/business', matches: '^/business/?$' },
  { name: 'contact', render: '/contact', matches: '^/contact/?$' },
];

const { renderPage } = await import(pathToFileURL(path.join(ssr, 'render.js')).href);
const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
if (!template.includes('<div id="root"></div>')) {
  throw new Error('prerender: dist/index.html has no empty <div id="root"></div>');
}

const out = path.join(dist, 'prerendered');
rmSync(out, { recursive: true, force: true });
mkdirSync(out);
const escapeHtml = (text) =>
  text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]);

const manifest = [];
for (const page of pages) {
  let markup = await renderPage(page.render);
  // A page's <title> (rendered where the page names it) goes to the head, as the app puts it.
  let title = null;
  markup = markup.replace(/<title>([^<]*)<\/title>/g, (_, text) => {
    title ??= text;
    return '';
  });
  // The server's pages allow no inline script (Content-Security-Policy): none may be written.
  if (/<script/i.test(markup)) throw new Error(`prerender: ${page.render} renders a <script>`);
  let html = template.replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`);
  if (title !== null) {
    html = html.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(unescape(title))}</title>`);
  }
  const file = `prerendered/${page.name}.html`;
  writeFileSync(path.join(dist, file), html);
  manifest.push({ matches: page.matches, file });
}
writeFileSync(path.join(out, 'pages.json'), `${JSON.stringify(manifest, null, 2)}\n`);
rmSync(ssr, { recursive: true, force: true });
console.log(`prerendered ${manifest.length} public pages (dist/prerendered)`);

/** The title as React wrote it (entities) back to text, to be escaped once. */
function unescape(text) {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');
}
