import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { crc32 } from './crc32';
import { openDatasetZip } from './openDatasetZip';
import { FIXTURES, JPEG_BYTES, SMALL_LIMITS, buildZip, bytesSource, zipOf } from './testZips';
import type { ImportErrorCode } from '../apiImports';
import { DatasetImportError, type RandomAccessSource } from './types';

async function failure(promise: Promise<unknown>): Promise<{ code: ImportErrorCode; entry: string | null }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DatasetImportError) return { code: error.code, entry: error.entry };
    throw error;
  }
  throw new Error('expected a DatasetImportError');
}

const open = (bytes: Uint8Array, limits = SMALL_LIMITS) => openDatasetZip(bytesSource(bytes), limits);

describe('openDatasetZip: a valid zip', () => {
  it('lists files without directories and reads stored and deflated entries', async () => {
    const made = zipSync({
      'JPEGImages/': new Uint8Array(0),
      'JPEGImages/a.jpg': [JPEG_BYTES, { level: 0 }],
      'Annotations/a.xml': strToU8('<annotation>é</annotation>'),
    });
    const zip = await open(made);
    expect(zip.entries.map((e) => [e.name, e.method])).toEqual([
      ['JPEGImages/a.jpg', 0],
      ['Annotations/a.xml', 8],
    ]);
    expect(await zip.read(zip.entries[0]!)).toEqual(JPEG_BYTES);
    expect(strFromU8(await zip.read(zip.entries[1]!))).toBe('<annotation>é</annotation>');
  });

  it('writes fixtures that an independent reader (fflate) reads the same, Zip64 included', () => {
    const files = { 'Annotations/a.xml': '<annotation/>', 'JPEGImages/a.jpg': JPEG_BYTES };
    for (const zip64 of [false, true]) {
      const read = unzipSync(zipOf(files, { zip64 }));
      expect(strFromU8(read['Annotations/a.xml']!)).toBe('<annotation/>');
      expect(read['JPEGImages/a.jpg']).toEqual(JPEG_BYTES);
    }
  });

  it('finds the end record behind a comment', async () => {
    const zip = await open(zipOf({ 'a.txt': 'hello' }, { comment: 'PK\x05\x06 looks like a signature' }));
    expect(strFromU8(await zip.read(zip.entries[0]!))).toBe('hello');
  });

  it('reads Zip64 end records and extra fields', async () => {
    const zip = await open(
      zipOf({ 'Annotations/a.xml': '<annotation/>', 'JPEGImages/a.jpg': JPEG_BYTES }, { zip64: true }),
    );
    expect(zip.entries.map((e) => e.name)).toEqual(['Annotations/a.xml', 'JPEGImages/a.jpg']);
    expect(await zip.read(zip.entries[1]!)).toEqual(JPEG_BYTES);
  });

  it('reads Zip64 sizes past 4 GiB exactly', async () => {
    const size = 5 * 1024 ** 3 + 7;
    const bytes = buildZip([{ name: 'JPEGImages/huge.jpg', data: new Uint8Array(0), method: 8, declaredSize: size }], {
      zip64: true,
    });
    const zip = await openDatasetZip(bytesSource(bytes), { maxRatio: Number.POSITIVE_INFINITY });
    expect(zip.entries[0]!.uncompressedSize).toBe(size);
    expect(await failure(openDatasetZip(bytesSource(bytes), { maxUncompressedBytes: 5 * 1024 ** 3 }))).toEqual({
      code: 'zip_too_large',
      entry: 'JPEGImages/huge.jpg',
    });
  });

  it('opens more than 65,535 entries through Zip64', async () => {
    const entries = Array.from({ length: 66_000 }, (_, i) => ({
      name: `JPEGImages/${i}.jpg`,
      data: new Uint8Array(0),
    }));
    const zip = await openDatasetZip(bytesSource(buildZip(entries, { zip64: true })));
    expect(zip.entries).toHaveLength(66_000);
    expect(zip.entries[65_999]!.name).toBe('JPEGImages/65999.jpg');
  });

  it('accepts a regular Unix file and decodes an unflagged CP949 name (Korean Windows)', async () => {
    expect((await open(FIXTURES.unixRegularFile())).entries).toHaveLength(1);
    const cp949 = new Uint8Array([0xb0, 0xed, 0xbe, 0xe7, 0xc0, 0xcc, 0x2e, 0x6a, 0x70, 0x67]); // 고양이.jpg
    const zip = await open(buildZip([{ name: cp949, data: JPEG_BYTES }]));
    expect(zip.entries[0]!.name).toBe('고양이.jpg');
  });

  it('reads empty files, stored, deflated, and deflate with no data at all', async () => {
    const zip = await open(
      buildZip([
        { name: 'a.txt', data: new Uint8Array(0), method: 0 },
        { name: 'b.txt', data: '' },
        { name: 'c.txt', data: new Uint8Array(0), method: 8, body: new Uint8Array(0) },
      ]),
    );
    for (const entry of zip.entries) expect(await zip.read(entry)).toEqual(new Uint8Array(0));
  });

  it('honours maxBytes with zip_too_large', async () => {
    const zip = await open(zipOf({ 'Annotations/a.xml': 'x'.repeat(100) }));
    expect(await failure(zip.read(zip.entries[0]!, 99))).toEqual({ code: 'zip_too_large', entry: 'Annotations/a.xml' });
    expect((await zip.read(zip.entries[0]!, 100)).length).toBe(100);
  });

  it('uses its own directory record, not the fields a caller passes', async () => {
    const zip = await open(zipOf({ 'JPEGImages/a.jpg': JPEG_BYTES }));
    const forged = { ...zip.entries[0]!, localHeaderOffset: 5, uncompressedSize: 1 };
    expect(await zip.read(forged)).toEqual(JPEG_BYTES);
    expect(await failure(zip.read({ ...forged, name: 'other.jpg' }))).toEqual({
      code: 'import_failed',
      entry: 'other.jpg',
    });
  });
});

describe('openDatasetZip: refusals', () => {
  const atOpen: [string, () => Uint8Array, ImportErrorCode, string | null][] = [
    ['not a zip', FIXTURES.notZip, 'import_not_zip', null],
    ['an empty file', () => new Uint8Array(0), 'import_not_zip', null],
    ['a truncated zip', () => zipOf({ 'a.txt': 'hello' }).subarray(0, 40), 'import_not_zip', null],
    ['zip-slip', FIXTURES.zipSlip, 'zip_unsafe_path', 'Annotations/../../etc/passwd'],
    ['an absolute path', FIXTURES.absolutePath, 'zip_unsafe_path', '/etc/passwd'],
    ['a drive letter', FIXTURES.driveLetter, 'zip_unsafe_path', 'C:/Windows/win.ini'],
    ['a backslash', FIXTURES.backslash, 'zip_unsafe_path', 'JPEGImages\\..\\a.jpg'],
    ['a NUL', FIXTURES.nulInName, 'zip_unsafe_path', 'a.jpg\0.xml'],
    ['an empty name', FIXTURES.emptyName, 'zip_unsafe_path', ''],
    ['a duplicate name', FIXTURES.duplicateName, 'zip_unsafe_path', 'JPEGImages/a.jpg'],
    ['a symlink', FIXTURES.symlink, 'zip_symlink', 'JPEGImages/a.jpg'],
    ['an encrypted entry', FIXTURES.encrypted, 'zip_encrypted', 'JPEGImages/a.jpg'],
    ['bzip2', FIXTURES.unsupportedMethod, 'zip_unsupported', 'JPEGImages/a.jpg'],
    ['a split archive', FIXTURES.multiDisk, 'zip_unsupported', null],
    ['too many entries', FIXTURES.tooManyEntries, 'zip_too_many_entries', null],
    ['too many declared bytes', FIXTURES.tooLarge, 'zip_too_large', 'JPEGImages/2.jpg'],
  ];
  it.each(atOpen)('%s', async (_, fixture, code, entry) => {
    expect(await failure(open(fixture()))).toEqual({ code, entry });
  });

  it('a 1000:1 deflate bomb, with the default limits', async () => {
    expect(await failure(openDatasetZip(bytesSource(FIXTURES.deflateBomb())))).toEqual({
      code: 'zip_bomb',
      entry: 'JPEGImages/bomb.jpg',
    });
  });

  it.each(['a/./b.jpg', 'a//b.jpg', '..', 'a/..', '../a.jpg'])('refuses %j without normalising it', async (name) => {
    expect(await failure(open(zipOf({ [name]: JPEG_BYTES })))).toEqual({ code: 'zip_unsafe_path', entry: name });
  });

  it('stops an entry that inflates past its declared size within a few MiB', async () => {
    const zip = await open(FIXTURES.lyingSize());
    let received = 0;
    const result = await failure(zip.stream(zip.entries[0]!, (chunk) => void (received += chunk.length)));
    expect(result).toEqual({ code: 'zip_bomb', entry: 'Annotations/a.xml' });
    expect(received).toBeLessThanOrEqual(1000);
    expect(await failure(zip.read(zip.entries[0]!))).toEqual({ code: 'zip_bomb', entry: 'Annotations/a.xml' });
  });

  it('refuses a wrong CRC-32 and a local header that disagrees with the directory', async () => {
    const crc = await open(FIXTURES.crcMismatch());
    expect(await failure(crc.read(crc.entries[0]!))).toEqual({ code: 'zip_corrupt', entry: 'Annotations/a.xml' });
    const local = await open(FIXTURES.localNameMismatch());
    expect(await failure(local.read(local.entries[0]!))).toEqual({ code: 'zip_corrupt', entry: 'JPEGImages/a.jpg' });
  });

  it('refuses deflate data that is cut short', async () => {
    const text = Array.from({ length: 2000 }, (_, i) => `line ${i * 7919}`).join('\n');
    const bytes = buildZip([{ name: 'a.txt', data: text }]);
    const zip = await open(bytes);
    const entry = zip.entries[0]!;
    // The same directory, but the deflate stream's second half replaced by zeros.
    const broken = bytes.slice();
    const dataStart = entry.localHeaderOffset + 30 + 'a.txt'.length;
    broken.fill(0, dataStart + entry.compressedSize / 2, dataStart + entry.compressedSize);
    const damaged = await open(broken);
    expect((await failure(damaged.read(damaged.entries[0]!))).code).toBe('zip_corrupt');
  });
});

describe('openDatasetZip: bounded reads', () => {
  /** A zip of one stored entry of `size` generated bytes, produced on demand: nothing is held whole. */
  function generatedZip(size: number): { source: RandomAccessSource; largestRead: () => number } {
    // The data repeats one 1 MiB block of noise, so each read is a copy and the CRC is cheap to know.
    const block = new Uint8Array(1024 * 1024);
    for (let i = 0, x = 7; i < block.length; i += 1) {
      x = (x * 1103515245 + 12345) >>> 0;
      block[i] = x >>> 24;
    }
    let crc = 0;
    for (let at = 0; at < size; at += block.length)
      crc = crc32(block.subarray(0, Math.min(block.length, size - at)), crc);
    const name = strToU8('JPEGImages/big.jpg');
    const head = buildZip([{ name: 'JPEGImages/big.jpg', declaredSize: size, declaredCrc: crc, method: 0 }]);
    // buildZip wrote an empty body: patch sizes in, and move the directory behind the generated data.
    const headerLength = 30 + name.length;
    const local = head.slice(0, headerLength);
    const rest = head.slice(headerLength);
    new DataView(local.buffer).setUint32(18, size, true);
    const tail = rest.slice();
    const t = new DataView(tail.buffer);
    t.setUint32(20, size, true);
    const eocd = tail.length - 22;
    t.setUint32(eocd + 16, headerLength + size, true);
    const total = headerLength + size + tail.length;
    let largest = 0;
    const source: RandomAccessSource = {
      size: total,
      read: async (offset, length) => {
        largest = Math.max(largest, length);
        const out = new Uint8Array(Math.min(length, total - offset));
        for (let i = 0; i < out.length;) {
          const at = offset + i;
          let piece: Uint8Array;
          if (at < headerLength) piece = local.subarray(at);
          else if (at < headerLength + size) {
            const inBlock = (at - headerLength) % block.length;
            piece = block.subarray(inBlock, Math.min(block.length, inBlock + headerLength + size - at));
          } else piece = tail.subarray(at - headerLength - size);
          piece = piece.subarray(0, out.length - i);
          out.set(piece, i);
          i += piece.length;
        }
        return out;
      },
    };
    return { source, largestRead: () => largest };
  }

  it('streams a 200 MB stored entry in 1 MiB reads with bounded memory', { timeout: 120_000 }, async () => {
    const size = 200 * 1024 * 1024;
    const { source, largestRead } = generatedZip(size);
    const zip = await openDatasetZip(source);
    const before = process.memoryUsage();
    let peak = 0;
    let received = 0;
    await zip.stream(zip.entries[0]!, (chunk) => {
      received += chunk.length;
      const now = process.memoryUsage();
      peak = Math.max(peak, now.heapUsed + now.arrayBuffers - before.heapUsed - before.arrayBuffers);
    });
    expect(received).toBe(size);
    expect(largestRead()).toBeLessThanOrEqual(1024 * 1024);
    expect(peak).toBeLessThan(64 * 1024 * 1024);
  });
});
