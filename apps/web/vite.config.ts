import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;
const proxiedPaths = ['/api', '/oauth', '/version.txt', '/storage', '/healthz'];
const proxy = Object.fromEntries(
  proxiedPaths.map((path) => [path, { target: apiTarget, changeOrigin: false }]),
);

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 4173, proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: 'hidden',
    // Vite would inline tiny assets as data: URIs; keep everything as files so a strict CSP holds.
    assetsInlineLimit: 0,
  },
});
