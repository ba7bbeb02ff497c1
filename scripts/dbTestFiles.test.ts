import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DB_MARKER, dbTestFiles, relativeImports, usesDatabase } from './dbTestFiles';

/** An in-memory source tree: absolute path → text; imports resolve to `<dir>/<name>.ts`. */
function tree(files: Record<string, string>) {
  const abs = (p: string) => path.resolve('/repo', p);
  const sources = new Map(Object.entries(files).map(([p, text]) => [abs(p), text]));
  const read = (file: string) => {
    const text = sources.get(file);
    if (text === undefined) throw new Error(`read outside the tree: ${file}`);
    return text;
  };
  const resolve = (from: string, specifier: string) => {
    const target = path.resolve(path.dirname(from), specifier) + (specifier.endsWith('.ts') ? '' : '.ts');
    return sources.has(target) ? target : undefined;
  };
  return { uses: (p: string) => usesDatabase(abs(p), read, resolve) };
}

describe('relativeImports', () => {
  it('finds static, type, side-effect, dynamic and worker-URL imports, and skips packages', () => {
    const source = [
      "import { a } from './a';",
      "import type { B } from '../b/b';",
      "import './side';",
      "const c = await import('./c');",
      "new Worker(new URL('./w.worker.ts', import.meta.url));",
      "import { Hono } from 'hono';",
      "export { d } from './d';",
    ].join('\n');
    expect(relativeImports(source)).toEqual(['./a', '../b/b', './side', './c', './w.worker.ts', './d']);
  });
});

describe('usesDatabase', () => {
  it('follows imports transitively to a module that reads the test database URL', () => {
    const t = tree({
      'server/routes/x.test.ts': "import { createTestApp } from '../test/testApp';",
      'server/test/testApp.ts': "import { createTestDatabase } from './testDatabase';",
      'server/test/testDatabase.ts': `const url = process.env.${DB_MARKER};`,
      'server/pure.test.ts': "import { add } from './add';",
      'server/add.ts': "import { one } from './one';",
      'server/one.ts': 'export const one = 1; // DATABASE_URL alone is the app, not the test database',
    });
    expect(t.uses('server/routes/x.test.ts')).toBe(true);
    expect(t.uses('server/pure.test.ts')).toBe(false);
  });

  it('counts a test that reads the URL itself, and survives import cycles', () => {
    const t = tree({
      'server/p.test.ts': `import './a';\nconst pg = Boolean(process.env.${DB_MARKER});`,
      'server/q.test.ts': "import './a';",
      'server/a.ts': "import './b';",
      'server/b.ts': "import './a';",
    });
    expect(t.uses('server/p.test.ts')).toBe(true);
    expect(t.uses('server/q.test.ts')).toBe(false);
  });
});

describe('dbTestFiles on this repository', () => {
  const root = path.resolve(import.meta.dirname, '..');
  const files = dbTestFiles(root);

  it('keeps the API tests and the database tests, and leaves out the pure ones', () => {
    expect(files).toContain('server/db/createDatabase.test.ts');
    expect(files).toContain('scripts/seedDemo.test.ts');
    expect(files).toContain('server/routes/imageDelete.test.ts');
    expect(files).toContain('server/serverProcess.test.ts');
    expect(files).not.toContain('server/auth/password.test.ts');
    expect(files).not.toContain('server/blobs/ByteRange.test.ts');
    expect(files).not.toContain('agent/serverClient.test.ts');
    expect(files).not.toContain('scripts/dbTestFiles.test.ts');
    expect(files.every((f) => f.endsWith('.test.ts'))).toBe(true);
  });
});
