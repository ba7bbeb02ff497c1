import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { DatasetArchive, ZIP_LIMITS, baseName, safeEntryName, type ArchiveImage } from './datasetArchive';
import { exportFileName } from './exportFileName';
import { ZIP_LIMIT_ERROR } from './zipLimitError';
import type { CocoDataset } from './cocoJson';

const dir = mkdtempSync(join(tmpdir(), 'dataset-export-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const labels = [
  { name: 'cat', color: '#ff0000' },
  { name: 'dog', color: '#00ff80' },
];

/** JPEG-like bytes: a JPEG header and incompressible noise. */
function jpegBytes(size: number, seed: number): Uint8Array {
  const bytes = new Uint8Array(size);
  let s = seed;
  for (let i = 0; i < size; i += 1) {
    s = (s * 1103515245 + 12345) >>> 0;
    bytes[i] = s >>> 24;
  }
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  return bytes;
}

function build(images: ArchiveImage[]): {
  zip: Uint8Array;
  chunks: number;
  invalid: ReturnType<DatasetArchive['addImage']>['invalid'];
} {
  const parts: Uint8Array[] = [];
  let ended = false;
  const archive = new DatasetArchive(labels, new Date(2026, 10, 26, 9, 30, 0), (chunk, final) => {
    parts.push(chunk);
    ended = final;
  });
  const invalid = images.flatMap((image) => archive.addImage(image).invalid);
  archive.finish();
  expect(ended).toBe(true);
  const zip = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    zip.set(part, offset);
    offset += part.length;
  }
  return { zip, chunks: parts.length, invalid };
}

/** Compression method of each entry, read from the central directory. */
function methods(zip: Uint8Array): Map<string, number> {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  let eocd = zip.length - 22;
  while (view.getUint32(eocd, true) !== 0x06054b50) eocd -= 1;
  const count = view.getUint16(eocd + 10, true);
  let at = view.getUint32(eocd + 16, true);
  const result = new Map<string, number>();
  for (let i = 0; i < count; i += 1) {
    expect(view.getUint32(at, true)).toBe(0x02014b50);
    const method = view.getUint16(at + 10, true);
    const nameLength = view.getUint16(at + 28, true);
    const extra = view.getUint16(at + 30, true);
    const comment = view.getUint16(at + 32, true);
    result.set(strFromU8(zip.subarray(at + 46, at + 46 + nameLength)), method);
    at += 46 + nameLength + extra + comment;
  }
  return result;
}

const images: ArchiveImage[] = [
  {
    fileName: 'street & park.jpg',
    width: 640,
    height: 480,
    split: 'train',
    bytes: jpegBytes(20_000, 1),
    boxes: [
      { id: 'b1', label: 'cat', x: 10, y: 20, width: 100, height: 50 },
      { id: 'b2', label: 'dog', x: 300.4, y: 200, width: 40, height: 60.2 },
      { id: 'bad-outside', label: 'dog', x: 600, y: 400, width: 100, height: 10 },
      { id: 'bad-negative', label: 'cat', x: -5, y: 0, width: 20, height: 20 },
      { id: 'bad-empty', label: 'cat', x: 5, y: 5, width: 0.2, height: 10 },
    ],
    labels: [],
    tags: ['야외', 'day'],
  },
  // JPEG bytes under a PNG name: the entry is named by its bytes, 'b.jpg'.
  {
    fileName: 'b.png',
    width: 100,
    height: 100,
    split: 'validation',
    bytes: jpegBytes(5_000, 2),
    boxes: [],
    labels: [],
  },
  { fileName: 'B.jpg', width: 100, height: 100, split: 'test', bytes: jpegBytes(5_000, 3), boxes: [], labels: [] },
];

describe('DatasetArchive', () => {
  const { zip, chunks, invalid } = build(images);
  const path = join(dir, 'voc.zip');
  writeFileSync(path, zip);

  it('passes unzip -t and lists the VOC layout', () => {
    const test = execFileSync('unzip', ['-t', path], { encoding: 'utf8' });
    expect(test).toMatch(/No errors detected/);
    const names = [...methods(zip).keys()].sort();
    expect(names).toEqual(
      [
        'Annotations/B_2.xml',
        'Annotations/b.xml',
        'Annotations/street & park.xml',
        'ImageSets/Main/test.txt',
        'ImageSets/Main/train.txt',
        'ImageSets/Main/val.txt',
        'JPEGImages/B_2.jpg',
        'JPEGImages/b.jpg',
        'JPEGImages/street & park.jpg',
        'annotations.json',
        'labelmap.txt',
      ].sort(),
    );
    expect(chunks).toBeGreaterThan(3);
  });

  it('stores images (method 0) and deflates text (method 8), with the original bytes', () => {
    for (const [name, method] of methods(zip))
      expect([name, method]).toEqual([name, name.startsWith('JPEGImages/') ? 0 : 8]);
    const files = unzipSync(zip);
    expect(files['JPEGImages/street & park.jpg']).toEqual(images[0]?.bytes);
    expect(files['JPEGImages/B_2.jpg']).toEqual(images[2]?.bytes);
  });

  it('writes texts longer than a deflate window and images at unaligned offsets that unzip -t accepts', () => {
    const backing = jpegBytes(1_501 * 40, 9);
    const many: ArchiveImage[] = Array.from({ length: 1_500 }, (_, i) => ({
      fileName: `img_${i}.jpg`,
      width: 64,
      height: 64,
      split: 'train',
      bytes: backing.subarray(i * 40 + 1 + (i % 3), i * 40 + 41),
      boxes: [{ id: `b${i}`, label: 'cat', x: 1, y: 2, width: 3, height: 4 }],
      labels: [],
    }));
    const big = build(many).zip;
    const bigPath = join(dir, 'many.zip');
    writeFileSync(bigPath, big);
    expect(execFileSync('unzip', ['-t', bigPath], { encoding: 'utf8' })).toMatch(/No errors detected/);
    const files = unzipSync(big);
    expect(files['annotations.json']!.length).toBeGreaterThan(32 * 1024);
    expect((JSON.parse(strFromU8(files['annotations.json']!)) as CocoDataset).annotations).toHaveLength(1_500);
    expect(files['JPEGImages/img_1499.jpg']).toEqual(many[1_499]!.bytes);
  });

  it('writes VOC XML that an independent parser reads back to the same boxes', () => {
    const files = unzipSync(zip);
    const xml = strFromU8(files['Annotations/street & park.xml'] ?? new Uint8Array());
    const doc = new XMLParser({ isArray: (name) => name === 'object' }).parse(xml);
    expect(doc.annotation.filename).toBe('street & park.jpg');
    expect(doc.annotation.size).toEqual({ width: 640, height: 480, depth: 3 });
    expect(doc.annotation.object).toEqual([
      expect.objectContaining({ name: 'cat', bndbox: { xmin: 10, ymin: 20, xmax: 110, ymax: 70 } }),
      expect.objectContaining({ name: 'dog', bndbox: { xmin: 300, ymin: 200, xmax: 340, ymax: 260 } }),
    ]);
    const empty = new XMLParser().parse(strFromU8(files['Annotations/b.xml'] ?? new Uint8Array()));
    expect(empty.annotation.object).toBeUndefined();
  });

  it('reports invalid boxes instead of writing them', () => {
    expect(invalid).toEqual([
      { fileName: 'street & park.jpg', boxId: 'bad-outside', problem: 'outside_image' },
      { fileName: 'street & park.jpg', boxId: 'bad-negative', problem: 'outside_image' },
      { fileName: 'street & park.jpg', boxId: 'bad-empty', problem: 'not_positive' },
    ]);
  });

  it('lists splits, the label map and COCO annotations', () => {
    const files = unzipSync(zip);
    const text = (name: string) => strFromU8(files[name] ?? new Uint8Array());
    expect(text('ImageSets/Main/train.txt')).toBe('street & park\n');
    expect(text('ImageSets/Main/val.txt')).toBe('b\n');
    expect(text('ImageSets/Main/test.txt')).toBe('B_2\n');
    expect(text('labelmap.txt')).toBe('# label:color_rgb:parts:actions\ncat:255,0,0::\ndog:0,255,128::\n');
    const coco = JSON.parse(text('annotations.json')) as CocoDataset;
    expect(coco.categories).toEqual([
      { id: 1, name: 'cat', supercategory: 'none', color: '#ff0000' },
      { id: 2, name: 'dog', supercategory: 'none', color: '#00ff80' },
    ]);
    expect(coco.images.map((i) => [i.file_name, i.split, i.tags])).toEqual([
      ['street & park.jpg', 'train', ['야외', 'day']],
      ['b.jpg', 'validation', []],
      ['B_2.jpg', 'test', []],
    ]);
    expect(coco.images.map((i) => i.original_file_name)).toEqual([undefined, undefined, 'B.jpg']);
    expect(coco.annotations.map((a) => [a.image_id, a.category_id, a.bbox])).toEqual([
      [1, 1, [10, 20, 100, 50]],
      [1, 2, [300, 200, 40, 60]],
    ]);
  });

  it('writes VOC classification lists for image-level labels', () => {
    const { zip: classified } = build([
      {
        fileName: 'x.jpg',
        width: 10,
        height: 10,
        split: 'train',
        bytes: jpegBytes(100, 4),
        boxes: [],
        labels: ['cat'],
      },
      {
        fileName: 'y.jpg',
        width: 10,
        height: 10,
        split: 'train',
        bytes: jpegBytes(100, 5),
        boxes: [],
        labels: ['dog'],
      },
    ]);
    const files = unzipSync(classified);
    expect(strFromU8(files['ImageSets/Main/cat_train.txt'] ?? new Uint8Array())).toBe('x  1\ny -1\n');
    expect(strFromU8(files['ImageSets/Main/dog_val.txt'] ?? new Uint8Array())).toBe('');
  });
});

describe('names', () => {
  it('keeps entry names inside their folder', () => {
    expect(safeEntryName('../../etc/passwd')).toBe('passwd');
    expect(safeEntryName('a\\b\\c.jpg')).toBe('c.jpg');
    expect(safeEntryName('..')).toBe('image');
    expect(baseName('a.b.jpg')).toBe('a.b');
    expect(baseName('.hidden')).toBe('.hidden');
  });

  it('names each image by the type of its bytes, keeping the bytes as they are', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const one = (fileName: string, bytes: Uint8Array): ArchiveImage => ({
      fileName,
      width: 1,
      height: 1,
      split: 'train',
      bytes,
      boxes: [],
      labels: [],
    });
    const { zip: typed } = build([
      one('photo.jpg', png),
      one('scan.v2', png),
      one('noext', jpegBytes(10, 1)),
      one('Upper.PNG', png),
      one('keep.JPEG', jpegBytes(10, 2)),
      one('mystery.jpg', new Uint8Array([1, 2, 3])),
    ]);
    const files = unzipSync(typed);
    const names = Object.keys(files).filter((n) => n.startsWith('JPEGImages/'));
    expect(names).toEqual([
      'JPEGImages/photo.png',
      'JPEGImages/scan.v2.png',
      'JPEGImages/noext.jpg',
      'JPEGImages/Upper.PNG',
      'JPEGImages/keep.JPEG',
      'JPEGImages/mystery.jpg',
    ]);
    expect(files['JPEGImages/photo.png']).toEqual(png);
    expect(Object.keys(files)).toContain('Annotations/scan.v2.xml');
  });

  it('names the zip {project}_dataset_{timestamp}.zip', () => {
    expect(exportFileName('내 프로젝트', new Date(2026, 0, 2, 3, 4, 5))).toBe('내 프로젝트_dataset_20260102030405.zip');
    expect(exportFileName('a/b:c', new Date(2026, 0, 2, 3, 4, 5))).toBe('a_b_c_dataset_20260102030405.zip');
  });
});

describe('zip format limits', () => {
  const image = (n: number, size = 1): ArchiveImage => ({
    fileName: `${n}.jpg`,
    width: 1,
    height: 1,
    split: 'train',
    bytes: new Uint8Array(size),
    boxes: [],
    labels: [],
  });

  it('has the limits of a zip without Zip64', () => {
    expect(ZIP_LIMITS).toMatchObject({ entries: 65_535, bytes: 2 ** 32 - 1 });
  });

  it('refuses an image that would pass the entry limit instead of writing a broken zip', () => {
    // Two entries per image, plus the five closing ones and three lists per label: 11 + 2n ≤ 20.
    const archive = new DatasetArchive(labels, new Date(), () => undefined, 'x', {
      entries: 20,
      bytes: 2 ** 32 - 1,
      reserve: 0,
    });
    for (let n = 0; n < 4; n += 1) archive.addImage(image(n));
    expect(() => archive.addImage(image(4))).toThrow(ZIP_LIMIT_ERROR);
  });

  it('refuses an image that would pass the byte limit', () => {
    const archive = new DatasetArchive(labels, new Date(), () => undefined, 'x', {
      entries: 65_535,
      bytes: 10_000,
      reserve: 1_000,
    });
    archive.addImage(image(0, 5_000));
    expect(() => archive.addImage(image(1, 5_000))).toThrow(ZIP_LIMIT_ERROR);
  });
});
