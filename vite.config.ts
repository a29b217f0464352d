import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { viteAliases } from './scripts/path-aliases.cjs';

// The SPA lives in src/app; built to dist/web and served by the Fastify server.
export default defineConfig({
  root: 'src/app',
  plugins: [react()],
  resolve: { alias: viteAliases },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    // The form validator (ajv) loads only with the contact and preview screens: its own chunk keeps the form
    // engine's below 500 kB and caches apart from our code.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'ajv', test: /node_modules[\\/](ajv|ajv-formats|ajv-i18n|fast-uri|fast-deep-equal|json-schema-traverse)[\\/]/ },
          ],
        },
      },
    },
  },
  // the configuration editor's draft worker is a module worker (new Worker(url, { type: 'module' }))
  worker: { format: 'es' },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
});
