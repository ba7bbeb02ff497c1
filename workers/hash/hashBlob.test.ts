import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { hashBlob, ONE_READ_MAX, SLICE_BYTES } from './hashBlob';

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

  it('hashes in slices on a page without crypto.subtle (plain HTTP)', async () => {
    vi.stubGlobal('crypto', {});
    try {
      for (const length of [0, 55, 64, 5000]) {
        const bytes = noise(length, length + 1);
        expect(await hashBlob(new Blob([bytes]))).toBe(nodeSha(bytes));
      }
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
