import path from 'node:path';
import { build } from 'vite';

/** Built benchmark pages stay out of benchmarks/ (lint would read them): node_modules/.cache is ignored everywhere. */
export const BENCH_CACHE = path.resolve(import.meta.dirname, '../../node_modules/.cache');

/**
 * Builds one benchmark page (`html` inside `pageDir`, with its module script) into `outDir`, served
 * under `/ours/` by benchServer. The engine code goes through the same bundler as the app.
 */
export async function buildBenchPage(options: {
  pageDir: string;
  html: string;
  outDir: string;
  minify?: boolean;
}): Promise<void> {
  await build({
    configFile: false,
    root: options.pageDir,
    base: '/ours/',
    logLevel: 'warn',
    worker: { format: 'es' },
    build: {
      outDir: options.outDir,
      emptyOutDir: true,
      target: 'es2022',
      sourcemap: false,
      minify: options.minify ?? true,
      rollupOptions: { input: path.join(options.pageDir, options.html) },
    },
  });
}
