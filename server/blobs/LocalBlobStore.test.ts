import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { describeBlobStoreContract } from './blobStoreContract';
import { LocalBlobStore } from './LocalBlobStore';

const blobFile = (root: string, key: string) => path.join(root, key.slice(0, 2), key);

async function openStore() {
  const root = await mkdtemp(path.join(tmpdir(), 'blobs-'));
  return { root, store: new LocalBlobStore(root), dispose: () => rm(root, { recursive: true, force: true }) };
}

describeBlobStoreContract('LocalBlobStore', async () => {
  const { root, store, dispose } = await openStore();
  return { store, dispose, setStoredAt: (key, when) => utimes(blobFile(root, key), when, when) };
});

describe('LocalBlobStore files', () => {
  it('lists nothing from its temporary folder and leaves no temporary file behind', async () => {
    const { root, store, dispose } = await openStore();
    try {
      const key = await store.put(Buffer.from('alpha'));
      await mkdir(path.join(root, 'tmp'), { recursive: true });
      await writeFile(path.join(root, 'tmp', 'half-written'), 'x');
      const listed = [];
      for await (const item of store.list()) listed.push(item.key);
      expect(listed).toEqual([key]);
      await store.put(Readable.from([Buffer.from('bra'), Buffer.from('vo')]));
      expect(await readdir(path.join(root, 'tmp'))).toEqual(['half-written']);
    } finally {
      await dispose();
    }
  });
});
