import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { catalogueSplit } from './build/catalogue-split';
import { chunkPlan, PLANNING } from './build/chunk-plan';
import { routeTableSplit } from './build/route-table-split';

// In development the API runs on its own port (npm run dev at the root); Vite forwards the API
// and uploaded files to it, so the app always talks to its own origin, as in production.
const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

/** Few files for a public page: build/chunk-plan.ts (its first build is this config too). */
const chunks = chunkPlan(fileURLToPath(import.meta.url));
const planning = Boolean(process.env[PLANNING]);

/** A file of React Router's production build. */
const routerBuild = (file: string) =>
  path.join(
    path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
    'dist/production',
    file,
  );

export default defineConfig(({ isSsrBuild, command }) => ({
  plugins: [
    chunks.plugin,
    // The English sentences the public pages do not draw load with the screens that do.
    catalogueSplit(chunks.entryModules, chunks.publicModules),
    // Each resource's routes go with the screens that call them.
    routeTableSplit(),
    // JSX for React's runtime, and Fast Refresh in development.
    react(),
    tailwindcss(),
    // The installable, offline app (issue 15): the web manifest, and sw/service-worker.ts built
    // with the list of the app's files to keep (its shell: the page, its code and styles,
    // icons). The app registers it itself (src/offline/register.ts) and announces new versions.
    !planning &&
      VitePWA({
        strategies: 'injectManifest',
        srcDir: 'sw',
        filename: 'service-worker.ts',
        injectRegister: false,
        manifestFilename: 'manifest.webmanifest',
        includeAssets: ['favicon.ico', 'favicon.svg', 'icons/apple-touch-icon-180.png'],
        manifest: {
          id: '/',
          name: 'Ishuri',
          short_name: 'Ishuri',
          description:
            'Ishuri: personalized online courses with interactive lessons, progress tracking and certificates.',
          lang: 'en',
          start_url: '/',
          scope: '/',
          display: 'standalone',
          orientation: 'any',
          theme_color: '#1d4ed8',
          background_color: '#ffffff',
          icons: [
            { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
            { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
            {
              src: '/icons/maskable-512.png',
              sizes: '512x512',
              type: 'image/png',
              purpose: 'maskable',
            },
          ],
        },
        injectManifest: {
          // The shell: the page, the code and styles, the icons. Media (the landing's explainer
          // video) are not kept: they are fetched when played.
          globPatterns: ['index.html', 'assets/*.{js,css}', 'icons/*.png', 'favicon.*'],
          // A language's catalogue is fetched by those who choose it (then kept on use), not by all.
          globIgnores: [
            'assets/rw-*.js',
            'assets/fr-*.js',
            'assets/sw-*.js',
            'assets/localize-*.js',
          ],
          maximumFileSizeToCacheInBytes: 1024 * 1024,
        },
        devOptions: { enabled: false },
      }),
  ],
  // The prerender's Node build bundles the libraries too: one file that scripts/prerender.mjs
  // imports, with the same modules (and the same React) as the browser's.
  ssr: { noExternal: true },
  resolve: {
    // React Router's production build in the browser's bundle (the package names only its
    // development build, with its warnings for developers, in its exports).
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: routerBuild('index.mjs') },
            { find: /^react-router\/dom$/, replacement: routerBuild('dom-export.mjs') },
          ]
        : [],
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/uploads': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: read by scripts/report-size.mjs.
    manifest: true,
    // The browsers the app supports preload modules themselves.
    modulePreload: { polyfill: false },
    sourcemap: false,
    // The client's files as build/chunk-plan.ts plans them (not the prerender's Node build).
    rolldownOptions:
      isSsrBuild || planning ? {} : { output: { codeSplitting: chunks.codeSplitting } },
  },
}));
