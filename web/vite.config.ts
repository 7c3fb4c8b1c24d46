import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { ADMIN_MANIFEST_FILE, adminManifest, siteManifest } from './pwa/manifests.ts';

const root = import.meta.dirname;
const SITE_BLOCKS = String.raw`web[\\/]src[\\/]features[\\/]site[\\/]components[\\/]`;
const NOT_ON_LANDING_PAGE = 'campaign-actions|check-list|code-block|cta-band|field-reference|print-api-actions';
const DECLARATIONS_ONLY = /[\\/](api[\\/]src[\\/]contract|web[\\/]src[\\/]features)[\\/].*\.tsx?$/;

export default defineConfig({
  root,
  // Site facts (the contract's list) are read at build time from SITE_* variables; nothing else is exposed.
  envPrefix: 'SITE_',
  envDir: path.resolve(root, '..'),
  // One contract module both sides import (api/src/contract), by name rather than by climbing folders.
  resolve: { alias: { '@contract': path.resolve(root, '../api/src/contract/index.ts') } },
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      // Our own service worker (web/src/sw.ts), registered by features/pwa/register-sw.ts.
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      manifest: siteManifest,
      injectManifest: {
        // Every prerendered page, the app shell, the 404 page, all chunks (the admin's too: the admin
        // shell works offline), the icons, and the capture screen's barcode reader (ZXing's .wasm, about
        // 1.1 MB, ~0.4 MB gzip): a rep scans badges offline. scripts/build.ts prerenders before this runs.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,wasm}'],
        globIgnores: ['.vite/**', 'screenshots/**'],
        // Workbox skips larger files without failing the build; the .wasm must never be one of them.
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
    {
      // The admin app's manifest sits beside the site's; the app shell links it (scripts/build.ts).
      name: 'dm-admin-manifest',
      apply: 'build',
      generateBundle() {
        this.emitFile({ type: 'asset', fileName: ADMIN_MANIFEST_FILE, source: JSON.stringify(adminManifest, null, 2) });
      },
    },
  ],
  build: {
    outDir: path.resolve(root, '../dist/client'),
    emptyOutDir: true,
    sourcemap: false,
    // The manifest maps each source module to its chunk: the bundle-budget test follows it to tell
    // admin chunks from public ones.
    manifest: true,
    // Every browser the site supports has <link rel="modulepreload">: no polyfill in the entry.
    modulePreload: { polyfill: false },
    // One stylesheet for the whole app, inlined into every prerendered page and linked from the app shell.
    // Split per chunk, a lazy chunk listed the entry's stylesheet among its dependencies, and the browser
    // fetched it a second time (inlined, it was not seen as loaded) and restyled the whole page mid-load.
    cssCodeSplit: false,
    rolldownOptions: {
      // The contract's modules and the features' modules only declare things (constants, schemas,
      // components, stores): a module of theirs that no import uses is left out. A page that imports a
      // constant from the contract must not carry its zod schemas too, which the public forms load when first
      // focused; a page that imports one name through a feature's front door (its index.ts) must not carry
      // the feature's other modules. (No manualPureFunctions for zod's `z`: the name is global to the build,
      // and the scanner's minified ZXing module calls a function of its own named `z`, which was then
      // dropped and broke scanning.)
      treeshake: { moduleSideEffects: (id: string) => !DECLARATIONS_ONLY.test(id) },
      output: {
        codeSplitting: {
          // Only the matched modules move; their dependencies (React Router, the UI kit) stay where
          // the default splitting puts them.
          includeDependenciesRecursively: false,
          groups: [
            // The marketing site's small building blocks (sections, cards, header, footer) in one chunk
            // instead of a dozen tiny ones per page. The FAQ's Disclosure list stays apart: it pulls
            // Headless UI, which the landing page must not load.
            // Each page's content (texts, lists) stays with its page: the landing page does not carry the others'.
            // The blocks the landing page does not show (code samples, call-to-action bands, check lists…)
            // are a second chunk, which the landing page, the heaviest first load, does not fetch; its
            // contact details (no other page has them) stay with it.
            { name: 'site-more', test: new RegExp(`${SITE_BLOCKS}(${NOT_ON_LANDING_PAGE})\\.`) },
            { name: 'site', test: new RegExp(`${SITE_BLOCKS}(?!faq-list|contact-details|${NOT_ON_LANDING_PAGE})`) },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});
