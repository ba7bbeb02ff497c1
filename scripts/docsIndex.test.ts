/**
 * Keeps the docs true to the tree: every engine and worker module is named in its folder's README,
 * and every repository path a markdown file mentions (in backticks or as a link) exists.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Build output, installed packages and test artefacts: not part of the documented tree. */
const SKIPPED_DIRS = new Set(['node_modules', '.git', 'coverage', 'test-results', 'playwright-report', 'data']);
const skipped = (rel: string, name: string) =>
  SKIPPED_DIRS.has(name) || name.startsWith('dist') || rel === 'benchmarks/results';

function walk(dir: string, keep: (rel: string) => boolean, out: string[] = []): string[] {
  for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (!skipped(rel, entry.name)) walk(rel, keep, out);
    } else if (keep(rel)) {
      out.push(rel);
    }
  }
  return out;
}

const ALL_FILES = walk('', () => true);

/** The README names a module by its path inside the folder, its file name, or its base name in backticks. */
function namesModule(readme: string, relInFolder: string): boolean {
  const file = path.posix.basename(relInFolder);
  const base = file.replace(/\.tsx?$/, '');
  return readme.includes(relInFolder) || readme.includes(file) || readme.includes(`\`${base}\``);
}

/** File extensions that make a backticked `folder/file.ext` a repository path. */
const PATH_EXTENSIONS = 'ts|tsx|js|mjs|cjs|json|md|sh|glsl|css|html|yml|yaml';
const BACKTICK_PATH = new RegExp(
  `\`([A-Za-z0-9_.-]+(?:/[A-Za-z0-9_.-]+)*/[A-Za-z0-9_.-]+\\.(?:${PATH_EXTENSIONS}))\``,
  'g',
);
const LINK = /\]\(([^)\s]+)\)/g;

/** Repository paths a markdown text refers to: backticked `a/b.ext` and relative link targets. */
function referencedPaths(markdown: string): { backticked: string[]; links: string[] } {
  const backticked = [...markdown.matchAll(BACKTICK_PATH)].map((m) => m[1] ?? '');
  const links = [...markdown.matchAll(LINK)]
    .map((m) => (m[1] ?? '').split('#')[0] ?? '')
    .filter((target) => target !== '' && !/^[a-z][a-z0-9+.-]*:/i.test(target));
  return { backticked, links };
}

/**
 * A backticked path is read from the repository root, from the markdown file's folder, or as the
 * tail of a repository path (docs say `platform/sw.ts` inside a section about `app/`). Files a
 * benchmark writes into its results folder count as named outputs.
 */
function backtickedExists(ref: string, mdDir: string): boolean {
  const clean = ref.replace(/^\.\//, '');
  // Benchmark results are written by runs (the folder is git-ignored): named, never committed.
  if ([clean, path.posix.join(mdDir, clean)].some((p) => p.startsWith('benchmarks/results/'))) return true;
  return (
    existsSync(path.join(ROOT, clean)) ||
    existsSync(path.join(ROOT, mdDir, clean)) ||
    ALL_FILES.some((file) => file.endsWith(`/${clean}`))
  );
}

describe('folder READMEs name every module', () => {
  for (const folder of ['engine', 'workers', 'agent']) {
    it(`${folder}/README.md names each non-test .ts module under ${folder}/`, () => {
      const readme = readFileSync(path.join(ROOT, folder, 'README.md'), 'utf8');
      const modules = ALL_FILES.filter(
        (f) => f.startsWith(`${folder}/`) && /\.ts$/.test(f) && !/\.(test|bench)\.ts$/.test(f) && !f.endsWith('.d.ts'),
      );
      expect(modules.length).toBeGreaterThan(0);
      const unnamed = modules.filter((f) => !namesModule(readme, f.slice(folder.length + 1)));
      expect(unnamed).toEqual([]);
    });
  }
});

describe('markdown files refer only to paths that exist', () => {
  const markdownFiles = ALL_FILES.filter((f) => f.endsWith('.md'));

  it('finds the docs', () => {
    expect(markdownFiles).toContain('README.md');
    expect(markdownFiles).toContain('docs/architecture.md');
  });

  for (const md of markdownFiles) {
    it(md, () => {
      const text = readFileSync(path.join(ROOT, md), 'utf8');
      const mdDir = path.posix.dirname(md);
      const { backticked, links } = referencedPaths(text);
      const missing = [
        ...backticked.filter((ref) => !backtickedExists(ref, mdDir)),
        ...links.filter((target) => {
          const resolved = target.startsWith('/') ? path.join(ROOT, target) : path.join(ROOT, mdDir, target);
          return !existsSync(resolved) || (target.endsWith('/') && !statSync(resolved).isDirectory());
        }),
      ];
      expect(missing).toEqual([]);
    });
  }
});

describe('decision records', () => {
  it('are numbered once each and all listed in docs/decisions/README.md', () => {
    const records = ALL_FILES.filter((f) => /^docs\/decisions\/\d{4}-[a-z0-9-]+\.md$/.test(f)).map((f) =>
      path.posix.basename(f),
    );
    expect(records.length).toBeGreaterThan(0);
    const numbers = records.map((f) => f.slice(0, 4));
    expect(new Set(numbers).size).toBe(numbers.length);
    const index = readFileSync(path.join(ROOT, 'docs/decisions/README.md'), 'utf8');
    expect(records.filter((f) => !index.includes(`](${f})`))).toEqual([]);
  });
});

describe('the checks themselves', () => {
  it('reads backticked paths and relative links, not URLs or placeholders', () => {
    const refs = referencedPaths(
      'See `engine/camera.ts`, `a/<name>.ts`, `x.ts`, `locales/ko/*.json`, [map](docs/architecture.md#top), [site](https://example.com/a.md).',
    );
    expect(refs).toEqual({ backticked: ['engine/camera.ts'], links: ['docs/architecture.md'] });
  });

  it('counts a module as named by path, file name or backticked base name only', () => {
    expect(namesModule('`render/TilePass.ts`', 'render/TilePass.ts')).toBe(true);
    expect(namesModule('`TilePass` draws tiles', 'render/TilePass.ts')).toBe(true);
    expect(namesModule('the TilePass draws tiles', 'render/TilePass.ts')).toBe(false);
  });

  it('does not take a missing path for an existing one', () => {
    expect(backtickedExists('engine/noSuchModule.ts', '.')).toBe(false);
    expect(backtickedExists('render/TilePass.ts', 'engine')).toBe(true);
  });
});
