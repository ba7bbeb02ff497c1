import { crc32 as nodeCrc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32 } from '../../contract/datasetFormat/crc32';
// Here rather than beside it in contract/: the check compares with node:zlib, which contract/ may not import.

function bytes(n: number, seed: number): Uint8Array {
  const out = new Uint8Array(n);
  let s = seed;
  for (let i = 0; i < n; i++) {
    s = (s * 1103515245 + 12345) >>> 0;
    out[i] = s >>> 24;
  }
  return out;
}

describe('crc32', () => {
  it('gives the standard check value', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array(0))).toBe(0);
  });

  it('agrees with zlib at every length and buffer alignment', () => {
    const data = bytes(300, 7);
    for (let offset = 0; offset < 4; offset++) {
      for (let length = 0; length + offset <= 140; length++) {
        const view = data.subarray(offset, offset + length);
        expect(crc32(view)).toBe(nodeCrc32(view));
      }
    }
  });

  it('continues across chunks of any size', () => {
    const data = bytes(100_003, 11);
    let c = 0;
    for (let at = 0, step = 1; at < data.length; at += step, step = (step * 7 + 3) % 4099) {
      c = crc32(data.subarray(at, at + step), c);
    }
    expect(c).toBe(nodeCrc32(data));
  });
});
