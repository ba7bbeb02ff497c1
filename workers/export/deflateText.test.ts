import { inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { vocXml } from './vocXml';
import { deflateText } from './deflateText';

function roundTrip(data: Uint8Array): Uint8Array {
  const packed = deflateText(data);
  expect(inflateRawSync(packed).equals(data)).toBe(true);
  return packed;
}

function noise(n: number, seed: number, alphabet = 256): Uint8Array {
  const out = new Uint8Array(n);
  let s = seed;
  for (let i = 0; i < n; i++) {
    s = (s * 1103515245 + 12345) >>> 0;
    out[i] = (s >>> 16) % alphabet;
  }
  return out;
}

describe('deflateText', () => {
  it('round-trips empty, tiny and incompressible inputs through zlib', () => {
    roundTrip(new Uint8Array(0));
    roundTrip(Uint8Array.of(7));
    roundTrip(Uint8Array.of(1, 2));
    roundTrip(Uint8Array.of(1, 1, 1));
    for (const n of [100, 4097, 32768]) roundTrip(noise(n, n));
  });

  it('round-trips repetitive data with every match length and long distances', () => {
    for (const run of [3, 4, 10, 257, 258, 259, 600]) roundTrip(new Uint8Array(run + 5).fill(65));
    const far = new Uint8Array(32768);
    far.set(noise(300, 3), 0);
    far.set(noise(300, 3), 32768 - 300);
    roundTrip(far);
    for (const alphabet of [2, 4, 16]) roundTrip(noise(20_000, alphabet, alphabet));
  });

  it('compresses VOC XML to well under half its size', () => {
    const xml = vocXml({
      fileName: 'img_000001.jpg',
      width: 1920,
      height: 1080,
      boxes: [1, 2, 3].map((k) => ({ id: String(k), label: `label${k}`, x: 10 * k, y: 20 * k, width: 30, height: 40 })),
    });
    const data = new TextEncoder().encode(xml);
    expect(roundTrip(data).length).toBeLessThan(data.length * 0.5);
  });

  it('hands inputs larger than one window to fflate, still raw DEFLATE', () => {
    roundTrip(noise(100_000, 9, 8));
  });
});
