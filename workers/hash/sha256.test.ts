import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashBlob, ONE_READ_MAX, SLICE_BYTES } from './hashBlob';
import { Sha256 } from './sha256';

const nodeSha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Bytes that differ everywhere (a repeated pattern would hide a slicing error). */
function noise(length: number, seed = 1): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(length);
  let x = seed;
  for (let i = 0; i < length; i++) {
    x = (Math.imul(x, 1103515245) + 12345) | 0;
    out[i] = x >>> 24;
  }
  return out;
}

describe('Sha256', () => {
  it('gives the standard digests', () => {
    expect(new Sha256().digestHex()).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(new Sha256().update(new TextEncoder().encode('abc')).digestHex()).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  it('equals Node for every length around the block and padding edges, fed in any pieces', () => {
    for (const length of [1, 55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 129, 1000, 4099]) {
      const bytes = noise(length, length);
      expect(new Sha256().update(bytes).digestHex()).toBe(nodeSha(bytes));
      const pieces = new Sha256();
      for (let i = 0; i < length; i += 7 + (i % 61)) pieces.update(bytes.subarray(i, i + 7 + (i % 61)));
      expect(pieces.digestHex()).toBe(nodeSha(bytes));
    }
  });

  it('refuses to be fed or read after its digest', () => {
    const h = new Sha256();
    h.digestHex();
    expect(() => h.update(new Uint8Array(1))).toThrow();
    expect(() => h.digestHex()).toThrow();
  });
});

describe('hashBlob', () => {
  it('hashes a small file in one read and a large one in slices, both as the server does', async () => {
    const small = noise(5000, 3);
    expect(await hashBlob(new Blob([small]))).toBe(nodeSha(small));
    const large = noise(ONE_READ_MAX + SLICE_BYTES + 17, 5);
    const read: number[] = [];
    expect(await hashBlob(new Blob([large]), (n) => read.push(n))).toBe(nodeSha(large));
    expect(read.length).toBe(Math.ceil(large.length / SLICE_BYTES));
    expect(read.at(-1)).toBe(large.length);
  });
});
