import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BlobStore } from './BlobStore';
import type { ByteRange } from './ByteRange';

/** A store under test, empty, with a way to make a blob look old. */
export interface ContractStore {
  store: BlobStore;
  /** Makes the blob look last stored at `when` (what the garbage collector's cutoff compares). */
  setStoredAt(key: string, when: Date): Promise<void>;
  dispose(): Promise<void>;
}

const HOUR = 3_600_000;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function bytesOf(store: BlobStore, key: string) {
  const blob = await store.get(key);
  if (!blob) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of blob.stream) chunks.push(chunk as Buffer);
  return { size: blob.size, bytes: Buffer.concat(chunks) };
}

/** A ranged read, its bytes read out of the stream and hashed (deep equality of large buffers is slow). */
async function rangeOf(store: BlobStore, key: string, range: ByteRange) {
  const read = await store.getRange(key, range);
  if (read?.kind !== 'slice') return read;
  const { stream, ...slice } = read;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return { ...slice, length: Buffer.concat(chunks).length, sha256: sha256(Buffer.concat(chunks)) };
}

async function listAll(store: BlobStore) {
  const out = [];
  for await (const item of store.list()) out.push(item);
  return out.sort((a, b) => a.key.localeCompare(b.key));
}

/**
 * What every BlobStore must do, run against each implementation (LocalBlobStore on a folder,
 * S3BlobStore on a real S3 server), so that the two hold to the same contract.
 */
export function describeBlobStoreContract(name: string, open: () => Promise<ContractStore>) {
  describe(`${name} (BlobStore contract)`, () => {
    let s: ContractStore;
    beforeEach(async () => {
      s = await open();
    });
    afterEach(() => s.dispose());

    it('stores bytes under their sha256 and reads them back, from a buffer, a view or a stream', async () => {
      const hello = Buffer.from('hello');
      const key = await s.store.put(hello);
      expect(key).toBe(sha256(hello));
      expect(await bytesOf(s.store, key)).toEqual({ size: 5, bytes: hello });
      expect(await s.store.has(key)).toBe(true);

      const parts = [randomBytes(70_000), randomBytes(1), randomBytes(130_000)];
      const whole = Buffer.concat(parts);
      const streamed = await s.store.put(Readable.from(parts));
      expect(streamed).toBe(sha256(whole));
      expect((await bytesOf(s.store, streamed))?.bytes.equals(whole)).toBe(true);

      // A view stores only its own bytes, not the rest of the buffer under it.
      const view = whole.subarray(10, 20);
      expect(await s.store.put(new Uint8Array(view.buffer, view.byteOffset, 10))).toBe(sha256(view));

      const empty = await s.store.put(new Uint8Array(0));
      expect(empty).toBe(sha256(new Uint8Array(0)));
      expect(await bytesOf(s.store, empty)).toEqual({ size: 0, bytes: Buffer.alloc(0) });
    });

    it('answers a missing or malformed key with null or false, and deletes without complaint', async () => {
      const missing = sha256(Buffer.from('never stored'));
      expect(await s.store.get(missing)).toBeNull();
      expect(await s.store.has(missing)).toBe(false);
      await expect(s.store.delete(missing)).resolves.toBeUndefined();
      expect(await s.store.deleteIfOlderThan(missing, new Date(Date.now() + HOUR))).toBe(false);
      for (const bad of ['../../etc/passwd', missing.toUpperCase(), `${missing}/x`, '']) {
        expect(await s.store.get(bad)).toBeNull();
        expect(await s.store.has(bad)).toBe(false);
      }

      const key = await s.store.put(Buffer.from('short-lived'));
      await s.store.delete(key);
      expect(await s.store.has(key)).toBe(false);
      expect(await s.store.get(key)).toBeNull();
      await expect(s.store.delete(key)).resolves.toBeUndefined();
    });

    it('reads a range: the first bytes, a middle slice, the last byte, to the end, the last n bytes', async () => {
      const bytes = randomBytes(100_000);
      const key = await s.store.put(bytes);
      const slice = (start: number, end: number) => ({
        kind: 'slice',
        start,
        end,
        size: end - start + 1,
        total: bytes.length,
        length: end - start + 1,
        sha256: sha256(bytes.subarray(start, end + 1)),
      });
      expect(await rangeOf(s.store, key, { start: 0, end: 0 })).toEqual(slice(0, 0));
      expect(await rangeOf(s.store, key, { start: 0, end: 1023 })).toEqual(slice(0, 1023));
      expect(await rangeOf(s.store, key, { start: 40_000, end: 70_000 })).toEqual(slice(40_000, 70_000));
      expect(await rangeOf(s.store, key, { start: 99_999, end: 99_999 })).toEqual(slice(99_999, 99_999));
      expect(await rangeOf(s.store, key, { start: 65_537 })).toEqual(slice(65_537, 99_999));
      expect(await rangeOf(s.store, key, { start: 99_000, end: 5_000_000 })).toEqual(slice(99_000, 99_999));
      expect(await rangeOf(s.store, key, { suffix: 10 })).toEqual(slice(99_990, 99_999));
      expect(await rangeOf(s.store, key, { suffix: 1_000_000 })).toEqual(slice(0, 99_999));
    });

    it('answers a range that selects no byte as unsatisfiable, with the size, and a missing blob with null', async () => {
      const key = await s.store.put(Buffer.from('hello'));
      for (const range of [{ start: 5 }, { start: 1_000, end: 2_000 }, { suffix: 0 }]) {
        expect(await s.store.getRange(key, range)).toEqual({ kind: 'unsatisfiable', total: 5 });
      }
      const empty = await s.store.put(new Uint8Array(0));
      for (const range of [{ start: 0 }, { start: 0, end: 0 }, { suffix: 3 }]) {
        expect(await s.store.getRange(empty, range)).toEqual({ kind: 'unsatisfiable', total: 0 });
      }
      expect(await s.store.getRange(sha256(Buffer.from('never stored')), { start: 0 })).toBeNull();
      expect(await s.store.getRange('../../etc/passwd', { start: 0 })).toBeNull();
      for (const bad of [{ start: 3, end: 2 }, { start: -1 }, { start: 0.5 }, { suffix: -1 }]) {
        await expect(s.store.getRange(key, bad)).rejects.toThrow(RangeError);
      }
    });

    it('lists every blob once with its size and time', async () => {
      const a = await s.store.put(Buffer.from('alpha'));
      const b = await s.store.put(Buffer.from('bravo!'));
      expect(await s.store.put(Buffer.from('alpha'))).toBe(a);
      const items = await listAll(s.store);
      expect(items.map((i) => i.key)).toEqual([a, b].sort());
      expect(items.find((i) => i.key === b)?.size).toBe(6);
      for (const item of items) expect(Math.abs(item.modifiedAt.getTime() - Date.now())).toBeLessThan(60_000);
    });

    it('deletes only blobs last stored before the cutoff', async () => {
      const key = await s.store.put(Buffer.from('old'));
      const cutoff = new Date(Date.now() - HOUR);
      expect(await s.store.deleteIfOlderThan(key, cutoff)).toBe(false);
      expect(await s.store.has(key)).toBe(true);
      await s.setStoredAt(key, new Date(Date.now() - 2 * HOUR));
      expect((await listAll(s.store))[0]?.modifiedAt.getTime()).toBeLessThan(cutoff.getTime());
      expect(await s.store.deleteIfOlderThan(key, cutoff)).toBe(true);
      expect(await s.store.has(key)).toBe(false);
      expect(await s.store.deleteIfOlderThan(key, cutoff)).toBe(false);
      expect(await listAll(s.store)).toEqual([]);
    });

    it('keeps a blob stored after the cutoff, even within the same second', async () => {
      // S3's Last-Modified has whole seconds: a blob stored at 12:00:00.700 reads as 12:00:00.
      const cutoff = new Date();
      const key = await s.store.put(Buffer.from('just now'));
      expect(await s.store.deleteIfOlderThan(key, cutoff)).toBe(false);
      expect(await s.store.has(key)).toBe(true);
    });

    it('makes bytes stored again young, so that the collector keeps them', async () => {
      const key = await s.store.put(Buffer.from('again'));
      await s.setStoredAt(key, new Date(Date.now() - 2 * HOUR));
      expect(await s.store.put(Buffer.from('again'))).toBe(key);
      expect(await s.store.deleteIfOlderThan(key, new Date(Date.now() - HOUR))).toBe(false);
      expect((await bytesOf(s.store, key))?.bytes.toString()).toBe('again');
    });

    it('stores nothing when the source stream fails', async () => {
      const failing = new Readable({
        read() {
          this.push(randomBytes(50_000));
          this.destroy(new Error('client went away'));
        },
      });
      await expect(s.store.put(failing)).rejects.toThrow('client went away');
      expect(await listAll(s.store)).toEqual([]);
    });
  });
}
