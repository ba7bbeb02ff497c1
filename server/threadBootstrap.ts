import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/*
 * The code a worker thread starts from (`new Worker(code, { eval: true })`). The server runs
 * TypeScript through tsx, whose loader a worker thread does not inherit, and vitest runs it through
 * its own: the bootstrap registers tsx's loader and then imports the entry, which works under both.
 * Built JavaScript imports the entry directly.
 */

/** `entry`: the thread module's name without extension, resolved next to `from` (the caller's import.meta.url). */
export function threadBootstrapCode(entry: string, from: string): string {
  const url = new URL(`./${entry}${path.extname(new URL(from).pathname)}`, from).href;
  if (!url.endsWith('.ts')) return `import(${JSON.stringify(url)});`;
  const tsxDir = path.dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  const tsxApi = pathToFileURL(path.join(tsxDir, 'dist', 'esm', 'api', 'index.mjs')).href;
  return `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(url)}); });`;
}
