import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { chunkPlan, PLANNING } from './build/chunk-plan';

// In development the API runs on its own port (npm run dev at the root); Vite forwards the API
// and uploaded files to it, so the app always talks to its own origin, as in production.
const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

/**
 * The renderer is Preact behind React's API (issue 13, point 3): the landing page's JavaScript
 * is the phone's main cost, and React's renderer was over a third of it. The app and its
 * libraries (React Router, TanStack Query and Table, react-hook-form, react-toastify, lucide)
 * import `react` as usual; the bundle gets `preact/compat`, in the browser and in the build's
 * prerender (`react-dom/server`: preact-render-to-string). Types still come from @types/react.
 * src/app/react-on-preact.ts is that layer with the React 19 behaviours the app uses added.
 */
const reactModule = fileURLToPath(new URL('./src/app/react-on-preact.ts', import.meta.url));
const reactOnPreact = [
  { find: /^(react|react-dom|react-dom\/client)$/, replacement: reactModule },
  { find: /^react-dom\/server$/, replacement: 'preact-render-to-string' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];

/** Few files for a public page: build/chunk-plan.ts (its first build is this config too). */
const chunks = chunkPlan(fileURLToPath(import.meta.url));
const planning = Boolean(process.env[PLANNING]);

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    chunks.plugin,
    // JSX for `react/jsx-runtime` (the layer's). Fast Refresh is React's own renderer's: with
    // Preact drawing, a changed file reloads the page in development instead.
    react({ refreshExclude: /./ }),
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
  resolve: { alias: reactOnPreact },
  // The prerender's Node build bundles the libraries too, so that they draw with the same
  // renderer (left external, they would import React itself).
  ssr: { noExternal: true },
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
    sourcemap: false,
    // The client's files as build/chunk-plan.ts plans them (not the prerender's Node build).
    rolldownOptions:
      isSsrBuild || planning ? {} : { output: { codeSplitting: chunks.codeSplitting } },
  },
}));
