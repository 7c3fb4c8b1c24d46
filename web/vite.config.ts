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
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});
