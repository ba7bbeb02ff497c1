import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The test files whose behaviour depends on the test database variable (DB_MARKER, exported by
 * scripts/with-postgres.sh): those that read it themselves or reach, through their relative
 * imports, a module that does (server/test/testApp.ts and testDatabase.ts, the spawned-process
 * kits). Only these differ on PostgreSQL, so the PostgreSQL pass of `npm test` runs these and
 * nothing else. Computed from the sources on every run, so a new API test joins the pass without
 * anyone keeping a list.
 */
// Spelled in parts so that this file, and the test importing it, do not count as database tests.
export const DB_MARKER = ['TEST', 'DATABASE', 'URL'].join('_');

const IMPORT_RE = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bnew\s+URL\s*\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g;
const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '.js', '/index.ts', '/index.tsx'];

/** Relative specifiers a source imports (static, dynamic, side-effect, `new URL(…)` for workers). */
export function relativeImports(source: string): string[] {
  return [...source.matchAll(IMPORT_RE)].map((m) => m[1] as string);
}

function resolveImport(fromFile: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(fromFile), specifier);
  // TypeScript sources are imported with a `.js` suffix in a few places; try the `.ts` beside it.
  const bases = base.endsWith('.js') ? [base, base.slice(0, -3)] : [base];
  for (const b of bases) {
    for (const ext of EXTENSIONS) {
      const candidate = b + ext;
      if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
    }
  }
  return undefined;
}

/**
 * Whether `file` or anything it imports (relative imports, followed transitively, once each)
 * mentions the marker. `read` is injectable so the walk can be tested on an in-memory tree.
 */
export function usesDatabase(
  file: string,
  read: (file: string) => string = (f) => readFileSync(f, 'utf8'),
  resolve: (from: string, specifier: string) => string | undefined = resolveImport,
): boolean {
  const seen = new Set<string>();
  const stack = [path.resolve(file)];
  while (stack.length > 0) {
    const current = stack.pop() as string;
    if (seen.has(current)) continue;
    seen.add(current);
    const source = read(current);
    if (source.includes(DB_MARKER)) return true;
    for (const specifier of relativeImports(source)) {
      const target = resolve(current, specifier);
      if (target && !seen.has(target) && !target.includes(`${path.sep}node_modules${path.sep}`)) stack.push(target);
    }
  }
  return false;
}

function testFilesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') out.push(...testFilesUnder(full));
    } else if (entry.name.endsWith('.test.ts')) out.push(full);
  }
  return out;
}

/** Where the Node test project's `*.test.ts` files live (vitest.config.ts). */
export const NODE_TEST_DIRS = ['server', 'scripts', 'agent', 'ml', 'workers', 'contract', 'engine', 'app', 'locales'];

/** The database test files of the Node test project, as paths relative to `root`, sorted. */
export function dbTestFiles(root: string): string[] {
  return NODE_TEST_DIRS.flatMap((dir) => (existsSync(path.join(root, dir)) ? testFilesUnder(path.join(root, dir)) : []))
    .filter((file) => usesDatabase(file))
    .map((file) => path.relative(root, file))
    .sort();
}

// `npx tsx scripts/dbTestFiles.ts` prints one path a line for `vitest run`.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const files = dbTestFiles(root);
  if (files.length === 0) {
    console.error('no test file uses the database: the PostgreSQL pass would test nothing');
    process.exit(1);
  }
  console.log(files.join('\n'));
}
