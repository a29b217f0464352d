import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The SPA lives in src/app; built to dist/web and served by the Fastify server.
export default defineConfig({
  root: 'src/app',
  plugins: [react()],
  build: { outDir: '../../dist/web', emptyOutDir: true, sourcemap: false },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
});
