import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * sonner injects its stylesheet as an inline <style> when its module loads, with no option to turn
 * that off, and the strict CSP (style-src 'self') blocks it; we ship sonner's own CSS file in the
 * bundle instead and turn the insertion off here (docs/decisions/0007, 0064). A sonner whose code no
 * longer has that function fails the build rather than bring the blocked insertion back unnoticed.
 */
const SONNER_INSERT_CSS = 'function __insertCSS(code) {';
const sonnerStylesFromFile = (): Plugin => ({
  name: 'sonner-styles-from-file',
  enforce: 'pre',
  transform(code, id) {
    if (!/[\\/]sonner[\\/]dist[\\/]index\.m?js$/.test(id)) return null;
    if (!code.includes(SONNER_INSERT_CSS)) {
      this.error(`sonner's ${id} no longer defines __insertCSS: see docs/decisions/0064 before upgrading it.`);
    }
    return code.replace(SONNER_INSERT_CSS, `${SONNER_INSERT_CSS}\n  return;`);
  },
});

/**
 * Writes a Brotli and a gzip copy beside every text file of the build, which the server sends
 * to browsers that accept them (@fastify/static's preCompressed): a phone on a slow network then
 * downloads about a third of the bytes, with no compression work per request.
 */
const precompress = (): Plugin => ({
  name: 'precompress',
  apply: 'build',
  closeBundle() {
    const outDir = path.resolve(import.meta.dirname, 'dist');
    for (const entry of fs.readdirSync(outDir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.(js|css|html|svg|json)$/.test(entry.name)) continue;
      const file = path.join(entry.parentPath, entry.name);
      const content = fs.readFileSync(file);
      fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content));
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
    }
  },
});

/**
 * The server renders the pages a visitor lands on (docs/decisions/0011), so the JavaScript only makes a
 * painted page interactive: it is fetched at low priority, after the stylesheet and the images in view.
 */
const scriptsAfterContent = (): Plugin => ({
  name: 'scripts-after-content',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler: (html) => html.replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"'),
  },
});

/** The module whose default export is the shop's mark as SVG markup (its type: src/brand-mark.d.ts). */
const BRAND_MARK_MODULE = 'virtual:brand-mark';
const BRAND_MARK_FILE = path.resolve(import.meta.dirname, 'public/favicon.svg');

/**
 * The mark is drawn once, in the favicon's file; the logo draws that same markup inside the page (rather
 * than an <img> of the file, blank on a slow first visit until it arrives), read from here as text at
 * build time. A module of its own: an import of a public file as text is refused by the dev server's and
 * the tests' file checks, and warned against.
 */
const brandMark = (): Plugin => ({
  name: 'brand-mark',
  resolveId: (id) => (id === BRAND_MARK_MODULE ? `\0${BRAND_MARK_MODULE}` : null),
  load(id) {
    if (id !== `\0${BRAND_MARK_MODULE}`) return null;
    this.addWatchFile(BRAND_MARK_FILE);
    return `export default ${JSON.stringify(fs.readFileSync(BRAND_MARK_FILE, 'utf8').trim())};`;
  },
});

/**
 * What every server-rendered storefront page starts with: the shell (with the logo's mark, above), store,
 * API slices, the shared UI and the catalogue's parts, with the contract's constants and messages. Left
 * out: the other pages and the admin shell (loaded with their route), and what pulls in a library a
 * storefront page does not start with (forms with zod and react-hook-form's hooks, the toaster, the
 * carousel, the dialog). Its modules import from the contract only constants, messages and app paths: a
 * value from a schema module would bring zod and every schema into the start-up (docs/decisions/0131).
 */
const STOREFRONT_START_UP =
  /[\\/](client[\\/]src[\\/](app[\\/](?!pages[\\/](?!home-page)|layouts[\\/]admin-)|lib[\\/](?!early-input|next-task|lazy-resolver|schema-form|field-binding)|components[\\/]ui[\\/](?!app-toaster|banner-carousel|confirm-dialog)|features[\\/](auth[\\/]user-avatar|medicines[\\/](?!medicine-form)|[^\\/]+[\\/][^\\/]+\.(api|slice)\.ts))|contract[\\/]src[\\/](app-paths|constants|messages)\.ts)|^\0virtual:brand-mark$/;

/**
 * Two chunks that import each other run in an order the bundler does not promise: one then reads the
 * other's constants before they are set. A form module placed among the storefront's start-up code once
 * made the storefront chunk import the schemas' chunks, which import its constants back: auth.schema read
 * ROLES as undefined and no page hydrated. The build stops on such a cycle rather than ship it.
 */
const noChunkCycles = (): Plugin => ({
  name: 'no-chunk-cycles',
  apply: 'build',
  generateBundle(_options, bundle) {
    const imports = new Map(
      Object.values(bundle).flatMap((chunk) => (chunk.type === 'chunk' ? [[chunk.fileName, chunk.imports]] : [])),
    );
    const done = new Set<string>();
    const visit = (file: string, path: string[]) => {
      if (path.includes(file))
        this.error(`Chunks import each other: ${[...path.slice(path.indexOf(file)), file].join(' → ')}`);
      if (done.has(file)) return;
      for (const next of imports.get(file) ?? []) visit(next, [...path, file]);
      done.add(file);
    };
    for (const file of imports.keys()) visit(file, []);
  },
});

/** Where the build says what each of its chunks holds, for `npm run bench` (e2e/bench/lighthouse.bench.ts). */
const CHUNK_CONTENTS_FILE = '.vite/chunk-contents.json';

/**
 * Writes, for each JavaScript chunk, the packages and source folders it holds, largest first: what a
 * route's download is made of, printed by the bench beside its size.
 */
const chunkContents = (): Plugin => ({
  name: 'chunk-contents',
  apply: 'build',
  generateBundle(_options, bundle) {
    const contents: Record<string, string[]> = {};
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== 'chunk') continue;
      const sizes = new Map<string, number>();
      for (const [id, module] of Object.entries(chunk.modules)) {
        // A package by its name, the app's own code by its folder (client/src/app/pages, contract/src…).
        const part = id.startsWith('\0')
          ? 'bundler runtime'
          : (/node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(id)?.[1] ??
            path.relative(path.resolve(import.meta.dirname, '..'), path.dirname(id.replace(/\?.*$/, ''))));
        sizes.set(part, (sizes.get(part) ?? 0) + module.renderedLength);
      }
      contents[chunk.fileName] = [...sizes].sort((a, b) => b[1] - a[1]).map(([part]) => part);
    }
    this.emitFile({ type: 'asset', fileName: CHUNK_CONTENTS_FILE, source: JSON.stringify(contents, null, 1) });
  },
});

// `npm run dev`: the API runs on 3000 and this dev server proxies /api and /uploads to it, as the built app is served from one origin.
const API_ORIGIN = 'http://127.0.0.1:3000';

export default defineConfig(({ isSsrBuild }) => ({
  // The server-side renderer's bundle is read from disk by the server, never sent to a browser.
  plugins: [
    sonnerStylesFromFile(),
    brandMark(),
    react(),
    tailwindcss(),
    ...(isSsrBuild ? [] : [scriptsAfterContent(), precompress(), chunkContents(), noChunkCycles()]),
  ],
  resolve: {
    // recharts asks for the react-is of the app's React (19); the test tools' older copy lies first in
    // the root node_modules, so every import of it is resolved from the client's own.
    dedupe: ['react-is'],
  },
  server: {
    port: 5173,
    proxy: { '/api': API_ORIGIN, '/uploads': API_ORIGIN },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // Every browser the shop supports preloads modules itself; the polyfill's start-up scan is work
    // on the main thread for nothing.
    modulePreload: { polyfill: false },
    rollupOptions: {
      output: {
        // What every page needs to start, in one file rather than a dozen small ones.
        codeSplitting: {
          // A group takes the modules its test names and no others: what they import stays where it was.
          includeDependenciesRecursively: false,
          groups: [
            {
              name: 'framework',
              // Only the app's own copies (the first node_modules of the path): a copy nested in another
              // package (recharts' reselect) stays with that package, in the admin chunks.
              test: /^(?:(?!node_modules[\\/]).)*node_modules[\\/](react|react-dom|scheduler|react-router|react-redux|@reduxjs|immer|redux|redux-thunk|reselect|use-sync-external-store|@standard-schema)[\\/]/,
            },
            {
              // The app's own start-up code, likewise one file rather than a score of tiny chunks: each chunk
              // is a preload link that the page inserts on the main thread before it hydrates.
              name: 'storefront',
              test: STOREFRONT_START_UP,
            },
          ],
        },
      },
    },
  },
  // The server-side renderer (src/entry-server.tsx, `vite build --ssr`) is one self-contained bundle for
  // production, which the server loads from client/dist-ssr.
  ...(isSsrBuild
    ? {
        ssr: { noExternal: true },
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        build: { target: 'node20', outDir: 'dist-ssr', copyPublicDir: false, sourcemap: false },
      }
    : {}),
  test: {
    name: 'client',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // The test files share one module graph and one jsdom instead of loading React, the store and
    // jsdom again for each (docs/decisions/0101): a test's globals, spies, rendered tree, storage and
    // toasts are undone after it, whichever file comes next.
    isolate: false,
    // Every test starts with the real globals and no spy left by the one before it.
    unstubGlobals: true,
    restoreMocks: true,
    // A form test types into a jsdom page, which takes seconds on a busy two-core machine; the time is
    // not what a test checks.
    testTimeout: 30_000,
  },
}));
