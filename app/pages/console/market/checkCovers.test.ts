import { describe, expect, it } from 'vitest';
import { COVER_MAX_BYTES } from '../../../../contract/apiMarket';
import { checkCovers, sniffCover } from './checkCovers';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff, 0xe0];
const BMP = [0x42, 0x4d, 0, 0];

/** A file with the given first bytes, padded to `size` bytes. */
function imageFile(name: string, head: number[] = PNG, size = 64): File {
  const bytes = new Uint8Array(Math.max(size, head.length));
  bytes.set(head);
  return new File([bytes], name, { type: name.endsWith('.png') ? 'image/png' : 'image/jpeg' });
}

describe('sniffCover', () => {
  it('knows png, jpeg and bmp by their first bytes and nothing else', () => {
    expect(sniffCover(new Uint8Array(PNG))).toBe('png');
    expect(sniffCover(new Uint8Array(JPEG))).toBe('jpeg');
    expect(sniffCover(new Uint8Array(BMP))).toBe('bmp');
    expect(sniffCover(new TextEncoder().encode('GIF89a..'))).toBeNull();
    expect(sniffCover(new Uint8Array([0x89, 0x50]))).toBeNull();
  });
});

describe('checkCovers', () => {
  it('keeps images whose name and content agree, in order', async () => {
    const files = [imageFile('a.png'), imageFile('b.JPG', JPEG), imageFile('c.jpeg', JPEG), imageFile('d.bmp', BMP)];
    const result = await checkCovers(files, 0);
    expect(result.accepted.map((f) => f.name)).toEqual(['a.png', 'b.JPG', 'c.jpeg', 'd.bmp']);
    expect(result.refused).toEqual([]);
  });

  it('refuses another ending, a renamed file, 10 MB or more, and a sixth cover', async () => {
    const result = await checkCovers(
      [
        imageFile('a.gif'),
        imageFile('notes.png', [0x68, 0x65, 0x6c, 0x6c, 0x6f]),
        imageFile('big.png', PNG, COVER_MAX_BYTES),
        imageFile('ok.png', PNG, COVER_MAX_BYTES - 1),
        imageFile('late.png'),
      ],
      4,
    );
    expect(result.accepted.map((f) => f.name)).toEqual(['ok.png']);
    expect(result.refused).toEqual([
      { name: 'a.gif', reason: 'type' },
      { name: 'notes.png', reason: 'type' },
      { name: 'big.png', reason: 'size' },
      { name: 'late.png', reason: 'count' },
    ]);
  });
});
