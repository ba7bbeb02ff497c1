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
 * Small modules every page shares (stores, settings, locale helpers, Chakra's leaf utilities):
 * left alone, each becomes a chunk of a few hundred bytes once enough console chunks share it,
 * and the landing page pays a request and its gzip overhead for each. Only modules that import
 * nothing from other chunks' groups belong here: Chakra components (box, stack…) would make
 * this chunk and Chakra's system chunk import each other, and the page fails to start.
 */
const SHELL_MODULES = [
  /app\/state\/(auth|ui)\.ts$/,
  /app\/i18n\/(usePageTitle|useLocale)\.ts$/,
  /app\/config\/env\.ts$/,
  /node_modules\/(valtio|proxy-compare)\//,
  /@chakra-ui\/react\/dist\/esm\/utils\/(compact|is|cx|uniq|split-props|walk-object)\.js$/,
  /vite\/preload-helper/,
];

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
              // One chunk for SHELL_MODULES (above): saves the landing page ~1.5 KB.
              {
                name: 'shell',
                test: (id: string) => SHELL_MODULES.some((re) => re.test(id.replaceAll('\\', '/'))),
              },
            ],
          },
        },
      },
    },
  };
});
