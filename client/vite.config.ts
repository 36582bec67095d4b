import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * sonner injects its stylesheet as an inline <style>, which the strict CSP (style-src 'self')
 * blocks; we ship sonner's own CSS file in the bundle instead (docs/decisions/0007).
 */
const sonnerStylesFromFile = (): Plugin => ({
  name: 'sonner-styles-from-file',
  enforce: 'pre',
  transform(code, id) {
    if (!/[\\/]sonner[\\/]dist[\\/]index\.m?js$/.test(id)) return null;
    return code.replace('function __insertCSS(code) {', 'function __insertCSS(code) {\n  return;');
  },
});

// `npm run dev`: the API runs on 3000 and this dev server proxies /api and /uploads to it (CONTRACT.md).
const API_ORIGIN = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [sonnerStylesFromFile(), react(), tailwindcss()],
  server: {
    port: 5173,
    proxy: { '/api': API_ORIGIN, '/uploads': API_ORIGIN },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
  },
  test: {
    name: 'client',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
  },
});
