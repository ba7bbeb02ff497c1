import { mkdtemp, rm, utimes, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalBlobStore } from './LocalBlobStore';

let root: string;
let store: LocalBlobStore;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'blobs-'));
  store = new LocalBlobStore(root);
});
afterEach(() => rm(root, { recursive: true, force: true }));

const listAll = async () => {
  const out = [];
  for await (const item of store.list()) out.push(item);
  return out.sort((a, b) => a.key.localeCompare(b.key));
};

describe('LocalBlobStore list and deleteIfOlderThan', () => {
  it('lists every blob with its size and time, and nothing from its temporary folders', async () => {
    const a = await store.put(Buffer.from('alpha'));
    const b = await store.put(Buffer.from('bravo!'));
    await mkdir(path.join(root, 'tmp'), { recursive: true });
    await writeFile(path.join(root, 'tmp', 'half-written'), 'x');
    const items = await listAll();
    expect(items.map((i) => i.key).sort()).toEqual([a, b].sort());
    expect(items.find((i) => i.key === b)?.size).toBe(6);
    for (const item of items) expect(Math.abs(item.modifiedAt.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('deletes only blobs stored before the cutoff', async () => {
    const key = await store.put(Buffer.from('old'));
    const cutoff = new Date(Date.now() - 60_000);
    expect(await store.deleteIfOlderThan(key, cutoff)).toBe(false);
    expect(await store.has(key)).toBe(true);
    const past = new Date(Date.now() - 3_600_000);
    await utimes(path.join(root, key.slice(0, 2), key), past, past);
    expect(await store.deleteIfOlderThan(key, cutoff)).toBe(true);
    expect(await store.has(key)).toBe(false);
    expect(await store.deleteIfOlderThan(key, cutoff)).toBe(false);
    expect(await listAll()).toEqual([]);
  });

  it('a put of bytes already stored makes them young again', async () => {
    const key = await store.put(Buffer.from('again'));
    const past = new Date(Date.now() - 3_600_000);
    await utimes(path.join(root, key.slice(0, 2), key), past, past);
    await store.put(Buffer.from('again'));
    expect(await store.deleteIfOlderThan(key, new Date(Date.now() - 60_000))).toBe(false);
  });
});
