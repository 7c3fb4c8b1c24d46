import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const root = import.meta.dirname;

export default defineConfig({
  root,
  // Site facts (contract §2) are read at build time from SITE_* variables; nothing else is exposed.
  envPrefix: 'SITE_',
  envDir: path.resolve(root, '..'),
  plugins: [react(), tailwindcss()],
  build: {
    outDir: path.resolve(root, '../dist/client'),
    emptyOutDir: true,
    sourcemap: false,
    // The manifest maps each source module to its chunk: the bundle-budget test follows it to tell
    // admin chunks from public ones.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Only the matched modules move; their dependencies (React Router, the UI kit) stay where
          // the default splitting puts them.
          includeDependenciesRecursively: false,
          groups: [
            // The marketing site's small building blocks (sections, cards, header, footer) in one chunk
            // instead of a dozen tiny ones per page. The FAQ's Disclosure list stays apart: it pulls
            // Headless UI, which the landing page must not load.
            { name: 'site', test: /web[\\/]src[\\/]features[\\/]site[\\/](?!components[\\/]faq-list|content[\\/]faq-content)/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});
