import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type InlineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// .br and .gz beside each text asset, so the server sends them without compressing per request.
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|woff)$/;
const MIN_BYTES = 1024;

function precompressDir(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      precompressDir(file);
      continue;
    }
    if (!COMPRESSIBLE.test(entry.name)) continue;
    const content = fs.readFileSync(file);
    if (content.length < MIN_BYTES) continue;
    fs.writeFileSync(
      `${file}.br`,
      zlib.brotliCompressSync(content, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
    );
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: zlib.constants.Z_BEST_COMPRESSION }));
  }
}

/** Preloads the Latin Inter font, so text does not wait for the stylesheet to discover it. */
function preloadFont(): Plugin {
  return {
    name: 'cita-preload-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const font = Object.keys(context.bundle ?? {}).find((file) =>
          /inter-latin-wght-normal-[^/]*\.woff2$/.test(file),
        );
        if (!font) return [];
        return [
          {
            tag: 'link',
            attrs: { rel: 'preload', href: `/${font}`, as: 'font', type: 'font/woff2', crossorigin: '' },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

const WEB_ROOT = path.resolve(import.meta.dirname, 'src/web');

/**
 * The islands script of the server-rendered public pages (decision 0026), built into
 * <outDir>/islands: the same components as the app, with Preact standing in for React and plain
 * page loads for React Router.
 */
function islandsConfig(outDir: string): InlineConfig {
  return {
    configFile: false,
    root: WEB_ROOT,
    publicDir: false,
    base: '/islands/',
    logLevel: 'warn',
    oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
    resolve: {
      alias: [
        { find: /^react$/, replacement: 'preact/compat' },
        { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
        { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
        { find: /^react-dom$/, replacement: 'preact/compat' },
        { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
        { find: /^react-router$/, replacement: path.join(WEB_ROOT, 'islands/router-shim.tsx') },
      ],
    },
    build: {
      outDir: path.join(outDir, 'islands'),
      emptyOutDir: true,
      manifest: true,
      target: 'es2022',
      rolldownOptions: {
        input: path.join(WEB_ROOT, 'islands/start-islands.ts'),
        // lucide-react marks its modules "use client", which means nothing outside React Server Components.
        onLog(level, log, handler) {
          if (log.code !== 'MODULE_LEVEL_DIRECTIVE') handler(level, log);
        },
      },
    },
  };
}

/** After the app: the islands build, then brotli and gzip copies of every built asset. */
function islandsAndPrecompress(): Plugin {
  let outDir = '';
  return {
    name: 'cita-islands-and-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await build(islandsConfig(outDir));
      precompressDir(outDir);
    },
  };
}

/**
 * The web app manifest and the service worker (design.md §21, decision 0038). The worker is ours
 * (src/web/service-worker/sw.ts, built after the app), with Workbox's precache list injected: only
 * what the offline pages need, never the app's or the back office's scripts. It is registered by
 * boot.ts after the first paint, so the plugin adds no script to the pages.
 */
function installableApp(): Plugin[] {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'service-worker',
    filename: 'sw.ts',
    injectRegister: false,
    includeManifestIcons: false,
    manifestFilename: 'manifest.webmanifest',
    manifest: {
      id: '/',
      name: 'Cita',
      short_name: 'Cita',
      description: 'Eventos para solteros, citas a ciegas y speed dating en México.',
      lang: 'es-MX',
      dir: 'ltr',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#b4233c',
      background_color: '#fdf9f6',
      categories: ['social', 'lifestyle'],
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
      shortcuts: [
        { name: 'Mis eventos', short_name: 'Boletos', url: '/asistencias' },
        { name: 'Mensajes', url: '/mensajes' },
      ],
    },
    injectManifest: {
      // The offline pages' stylesheet and Latin font, and the icon they show: nothing else.
      globPatterns: ['assets/index-*.css', 'assets/inter-latin-wght-normal-*.woff2', 'favicon.svg'],
      rollupFormat: 'iife',
    },
  });
}

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  // The worker's build runs before the islands' one, so the precompressing step that ends it covers both.
  plugins: [react(), tailwindcss(), preloadFont(), installableApp(), islandsAndPrecompress()],
  build: {
    // WEB_DIST_DIR lets parallel checkouts build side by side; the server reads the same variable.
    outDir: process.env.WEB_DIST_DIR ?? '../../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    // The server preloads the chunks a client-rendered page needs (decision 0042).
    manifest: true,
  },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/images': 'http://localhost:3000' },
  },
});
