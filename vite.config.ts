import { defineConfig, loadEnv } from 'vite';
import { checkClientEnv } from './contract/clientEnv.ts';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { fileURLToPath } from 'node:url';

/** Deep access to Chakra's theme parts (app/theme/system.ts explains why). */
export const alias = {
  'chakra-theme': fileURLToPath(new URL('./node_modules/@chakra-ui/react/dist/esm/theme', import.meta.url)),
};

// Public pages must never pull console-only libraries; see docs/architecture.md ("Bundles").
/**
 * Small app modules every page shares (stores, settings, locale helpers, the theme, the route
 * table): left alone, each becomes a chunk of a few hundred bytes once enough console chunks share
 * it, and the landing page pays a request and its gzip overhead for each. Only modules that
 * import nothing but libraries and each other belong here, so the shell chunk never imports a
 * chunk that imports it back (that once stopped the app from starting).
 */
const SHELL_MODULES = [
  /app\/state\/(auth|ui|organization)\.ts$/,
  /app\/i18n\/(usePageTitle|useLocale)\.ts$/,
  /app\/config\/env\.ts$/,
  /app\/theme\/(system|tokens)\.ts$/,
  /contract\/routes\.ts$/,
  /node_modules\/(valtio|proxy-compare)\//,
  /@chakra-ui\/react\/dist\/esm\/utils\/(compact|is|cx|uniq|split-props|walk-object)\.js$/,
  /vite\/preload-helper/,
];
const isShellModule = (id: string) => SHELL_MODULES.some((re) => re.test(id.replaceAll('\\', '/')));
/**
 * The bundler's `$initial` tag marks the entry's static graph: every library there (React DOM,
 * Chakra's system, Emotion, i18next, wouter…) loads on every page anyway. Libraries never import
 * app code, so with the shell modules above they make a chunk that imports no other.
 */
const isLibrary = (id: string) => /[\\/]node_modules[\\/]/.test(id) || id.includes('vite/preload-helper');

export default defineConfig(({ mode }) => {
  checkClientEnv(loadEnv(mode, process.cwd(), 'VITE_'));
  return {
    resolve: { alias },
    plugins: [
      react(),
      VitePWA({
        // The app registers /sw.js itself (app/platform/registerServiceWorker.ts) so that a
        // failure is swallowed and no inline script is needed (strict CSP).
        injectRegister: false,
        registerType: 'autoUpdate',
        // Our own worker source (precache, navigation fallback, font cache, streamed downloads);
        // the plugin builds it and injects the precache list.
        strategies: 'injectManifest',
        srcDir: 'app/platform',
        filename: 'sw.ts',
        manifest: false,
        injectManifest: {
          // App shell only: HTML, JS, CSS and the icons. Font subsets are cached on first use.
          globPatterns: ['**/*.{js,css,html,svg,ico,png,webmanifest}'],
          globIgnores: ['**/og-*.png', 'sw.js'],
          maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        },
      }),
    ],
    server: {
      port: 5173,
      proxy: { '/api': 'http://127.0.0.1:8787' },
    },
    build: {
      outDir: 'dist',
      sourcemap: true,
      target: 'es2022',
      chunkSizeWarningLimit: 800,
      manifest: true,
      rolldownOptions: {
        output: {
          codeSplitting: {
            // Group only the named modules, not everything they import (i18next, React…).
            includeDependenciesRecursively: false,
            groups: [
              // The libraries of the first load and SHELL_MODULES in one chunk: ~2 KB less
              // gzipped for the landing page than the half-dozen chunks the split makes itself.
              {
                name: 'shell',
                tags: ['$initial'],
                test: (id: string) => isLibrary(id) || isShellModule(id),
              },
              // Shell modules the first load does not use join the same chunk.
              { name: 'shell', test: isShellModule },
            ],
          },
        },
      },
    },
  };
});
