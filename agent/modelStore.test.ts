import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createModelStore } from './modelStore';

const v = (c: string) => c.repeat(64);

function stage(dir: string, version: string): string {
  const path = join(dir, `${version}.part`);
  writeFileSync(path, version);
  return path;
}

describe('model store', () => {
  it('keeps the current and the previous model, drops older ones, and survives a reopen', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'agent-models-'));
    const store = createModelStore(dataDir);
    expect(store.pointer()).toEqual({ current: null, previous: null });
    for (const [i, c] of ['a', 'b', 'c'].entries()) {
      store.install(v(c), stage(dataDir, v(c)));
      store.setCurrent({ modelId: `m${i}`, version: v(c) });
    }
    expect(store.pointer()).toEqual({
      current: { modelId: 'm2', version: v('c') },
      previous: { modelId: 'm1', version: v('b') },
    });
    expect(store.has(v('a'))).toBe(false);
    expect(readdirSync(store.dir).sort()).toEqual([`${v('b')}.zip`, `${v('c')}.zip`, 'current.json'].sort());
    expect(createModelStore(dataDir).pointer().current?.version).toBe(v('c'));
  });

  it('setting the current model again keeps the previous one', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'agent-models-'));
    const store = createModelStore(dataDir);
    store.install(v('a'), stage(dataDir, v('a')));
    store.setCurrent({ modelId: 'm', version: v('a') });
    store.install(v('b'), stage(dataDir, v('b')));
    store.setCurrent({ modelId: 'n', version: v('b') });
    store.setCurrent({ modelId: 'n', version: v('b') });
    expect(store.pointer().previous?.version).toBe(v('a'));
    expect(existsSync(store.zipPath(v('a')))).toBe(true);
  });

  it('reads a damaged pointer as nothing deployed', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'agent-models-'));
    const store = createModelStore(dataDir);
    writeFileSync(join(store.dir, 'current.json'), '{"current": ');
    expect(store.pointer()).toEqual({ current: null, previous: null });
  });
});
