/**
 * Test-only: dataset zips built in memory, byte by byte where fflate would refuse to write them
 * (zip-slip names, symlinks, encryption flags, lying sizes, …). Shared by the reader's tests, the
 * server's import tests and the import worker's tests, so each side proves it refuses the same
 * archives. Nothing here is imported by production code.
 *
 *   bytesSource(bytes)            a RandomAccessSource over bytes in memory
 *   buildZip(entries, options)    any zip, with every header field under the test's control
 *   zipOf({ name: content })      a plain, valid zip (text deflated, the rest stored)
 *   FIXTURES.*                    one bad zip per refusal code (see each one's comment)
 *   vocXmlText / vocDatasetZip / cocoDatasetZip   annotation files and clean datasets
 *   FIXTURES.malformedXml, .xxe, …  zips that open but fail planDatasetImport
 */
import { deflateSync, strToU8 } from 'fflate';
import { crc32 } from './crc32';
import type { RandomAccessSource } from './types';
import type { ZipLimits } from './zipLimits';

export function bytesSource(bytes: Uint8Array): RandomAccessSource {
  return {
    size: bytes.length,
    read: async (offset, length) => bytes.subarray(offset, Math.min(offset + length, bytes.length)),
  };
}

export interface FixtureEntry {
  /** A string is written as UTF-8 with the UTF-8 flag; bytes are written as they are, unflagged. */
  name: string | Uint8Array;
  data?: Uint8Array | string;
  /** 0 stored, 8 deflate (default: 8 for text, 0 for bytes), or any other number to test refusals. */
  method?: number;
  /** General-purpose flags added to the UTF-8 flag (1 = encrypted). */
  flags?: number;
  /** Host system in "version made by" (3 = Unix; default 0, MS-DOS). */
  host?: number;
  externalAttributes?: number;
  /** Overrides of what the headers declare, to make them lie. */
  declaredSize?: number;
  declaredCrc?: number;
  /** The entry's data as written to the zip, whatever `method` says (`data` still gives the CRC and size). */
  body?: Uint8Array;
  /** A different name in the local header than in the central directory. */
  localName?: string;
}

export interface FixtureOptions {
  /** Writes Zip64 sizes, offsets and end records (as for > 65,535 entries or > 4 GiB). */
  zip64?: boolean;
  /** Disk number in the end record (non-zero: a multi-disk archive). */
  disk?: number;
  comment?: string;
}

/** Appends little-endian fields and bytes to one growing buffer (fixtures of 66,000 entries stay fast). */
class ByteWriter {
  private buffer = new Uint8Array(1024);
  private view = new DataView(this.buffer.buffer);
  length = 0;

  private reserve(n: number): void {
    if (this.length + n <= this.buffer.length) return;
    const grown = new Uint8Array(Math.max(this.buffer.length * 2, this.length + n));
    grown.set(this.buffer.subarray(0, this.length));
    this.buffer = grown;
    this.view = new DataView(grown.buffer);
  }

  /** Fields as [value, byte width] pairs. */
  fields(...values: [number, 2 | 4 | 8][]): this {
    for (const [value, width] of values) {
      this.reserve(width);
      if (width === 2) this.view.setUint16(this.length, value, true);
      else if (width === 4) this.view.setUint32(this.length, value >>> 0, true);
      else {
        this.view.setUint32(this.length, value % 2 ** 32, true);
        this.view.setUint32(this.length + 4, Math.floor(value / 2 ** 32), true);
      }
      this.length += width;
    }
    return this;
  }

  bytes(data: Uint8Array): this {
    this.reserve(data.length);
    this.buffer.set(data, this.length);
    this.length += data.length;
    return this;
  }

  result(): Uint8Array {
    return this.buffer.slice(0, this.length);
  }
}

export function buildZip(entries: readonly FixtureEntry[], options: FixtureOptions = {}): Uint8Array {
  const zip64 = options.zip64 ?? false;
  const out = new ByteWriter();
  const central = new ByteWriter();
  const small = (n: number): number => (zip64 ? 0xffffffff : n);
  for (const entry of entries) {
    const offset = out.length;
    const nameBytes = typeof entry.name === 'string' ? strToU8(entry.name) : entry.name;
    const localName = entry.localName === undefined ? nameBytes : strToU8(entry.localName);
    const raw = typeof entry.data === 'string' ? strToU8(entry.data) : (entry.data ?? new Uint8Array(0));
    const method = entry.method ?? (typeof entry.data === 'string' ? 8 : 0);
    const body = entry.body ?? (method === 8 ? deflateSync(raw, { level: 9 }) : raw);
    const flags = (typeof entry.name === 'string' ? 0x800 : 0) | (entry.flags ?? 0);
    const crc = entry.declaredCrc ?? crc32(raw);
    const size = entry.declaredSize ?? raw.length;
    const common: [number, 2 | 4][] = [
      [zip64 ? 45 : 20, 2],
      [flags, 2],
      [method, 2],
      [0, 2],
      [0x21, 2],
      [crc, 4],
      [small(body.length), 4],
      [small(size), 4],
    ];

    out.fields([0x04034b50, 4], ...common, [localName.length, 2], [zip64 ? 20 : 0, 2]).bytes(localName);
    if (zip64) out.fields([1, 2], [16, 2], [size, 8], [body.length, 8]);
    out.bytes(body);

    central.fields([0x02014b50, 4], [((entry.host ?? 0) << 8) | 45, 2], ...common);
    central
      .fields(
        [nameBytes.length, 2],
        [zip64 ? 28 : 0, 2],
        [0, 2],
        [0, 2],
        [0, 2],
        [entry.externalAttributes ?? 0, 4],
        [small(offset), 4],
      )
      .bytes(nameBytes);
    if (zip64) central.fields([1, 2], [24, 2], [size, 8], [body.length, 8], [offset, 8]);
  }
  const directoryOffset = out.length;
  const directoryLength = central.length;
  out.bytes(central.result());
  const comment = strToU8(options.comment ?? '');
  const disk = options.disk ?? 0;
  if (zip64) {
    const recordOffset = out.length;
    out.fields(
      [0x06064b50, 4],
      [44, 8],
      [45, 2],
      [45, 2],
      [disk, 4],
      [0, 4],
      [entries.length, 8],
      [entries.length, 8],
      [directoryLength, 8],
      [directoryOffset, 8],
    );
    out.fields([0x07064b50, 4], [0, 4], [recordOffset, 8], [1, 4]);
  }
  const count = zip64 ? 0xffff : entries.length;
  out.fields(
    [0x06054b50, 4],
    [disk, 2],
    [0, 2],
    [count, 2],
    [count, 2],
    [small(directoryLength), 4],
    [small(directoryOffset), 4],
    [comment.length, 2],
  );
  return out.bytes(comment).result();
}

/** A valid zip of the given files: strings are deflated text, bytes are stored. */
export function zipOf(files: Record<string, Uint8Array | string>, options: FixtureOptions = {}): Uint8Array {
  return buildZip(
    Object.entries(files).map(([name, data]) => ({ name, data })),
    options,
  );
}

/** Bytes that start like a JPEG (the planner goes by extension; the server checks real bytes). */
export const JPEG_BYTES = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 0xff, 0xd9]);
export const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

/** Limits small enough for fixtures of a few entries and bytes. */
export const SMALL_LIMITS: Partial<ZipLimits> = { maxEntries: 10, maxUncompressedBytes: 64 * 1024, chunkBytes: 4096 };

const S_IFLNK = 0o120000;
const S_IFREG = 0o100000;
const MIB = 1024 * 1024;

/** One bad zip per refusal, named after what is wrong with it; the comment gives the expected code. */
export const FIXTURES = {
  /** import_not_zip: text with no end record. */
  notZip: (): Uint8Array => strToU8('this is not a zip file, only some text that is long enough'),
  /** zip_unsafe_path: 'Annotations/../../etc/passwd'. */
  zipSlip: (): Uint8Array => zipOf({ 'Annotations/../../etc/passwd': 'root:x:0:0' }),
  /** zip_unsafe_path: '/etc/passwd'. */
  absolutePath: (): Uint8Array => zipOf({ '/etc/passwd': 'root:x:0:0' }),
  /** zip_unsafe_path: 'C:/Windows/win.ini'. */
  driveLetter: (): Uint8Array => zipOf({ 'C:/Windows/win.ini': '[fonts]' }),
  /** zip_unsafe_path: 'JPEGImages\\..\\a.jpg' (Windows separators). */
  backslash: (): Uint8Array => zipOf({ 'JPEGImages\\..\\a.jpg': JPEG_BYTES }),
  /** zip_unsafe_path: a NUL inside the name ('a.jpg\0.xml'). */
  nulInName: (): Uint8Array => zipOf({ 'a.jpg\0.xml': JPEG_BYTES }),
  /** zip_unsafe_path: an empty name. */
  emptyName: (): Uint8Array => zipOf({ '': 'x' }),
  /** zip_unsafe_path: the same name twice. */
  duplicateName: (): Uint8Array =>
    buildZip([
      { name: 'JPEGImages/a.jpg', data: JPEG_BYTES },
      { name: 'JPEGImages/a.jpg', data: PNG_BYTES },
    ]),
  /** zip_symlink: a Unix symbolic link 'JPEGImages/a.jpg' → '/etc/passwd'. */
  symlink: (): Uint8Array =>
    buildZip([
      {
        name: 'JPEGImages/a.jpg',
        data: '/etc/passwd',
        method: 0,
        host: 3,
        externalAttributes: ((S_IFLNK | 0o777) << 16) >>> 0,
      },
    ]),
  /** zip_encrypted: the encryption flag (bit 0) on an entry. */
  encrypted: (): Uint8Array => buildZip([{ name: 'JPEGImages/a.jpg', data: JPEG_BYTES, flags: 1 }]),
  /** zip_unsupported: method 12 (bzip2). */
  unsupportedMethod: (): Uint8Array => buildZip([{ name: 'JPEGImages/a.jpg', data: JPEG_BYTES, method: 12 }]),
  /** zip_unsupported: an end record on disk 1 (a split archive). */
  multiDisk: (): Uint8Array => zipOf({ 'JPEGImages/a.jpg': JPEG_BYTES }, { disk: 1 }),
  /** zip_too_many_entries with SMALL_LIMITS (11 entries, limit 10). */
  tooManyEntries: (): Uint8Array =>
    zipOf(Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`JPEGImages/${i}.jpg`, JPEG_BYTES]))),
  /** zip_too_large with SMALL_LIMITS: declared sizes of 3 × 30 KiB pass 64 KiB. */
  tooLarge: (): Uint8Array =>
    zipOf(Object.fromEntries(Array.from({ length: 3 }, (_, i) => [`JPEGImages/${i}.jpg`, new Uint8Array(30 * 1024)]))),
  /** zip_bomb at open (default limits): 8 MiB of zeros deflated to ~8 KiB (ratio ~1000:1, declared honestly). */
  deflateBomb: (): Uint8Array => buildZip([{ name: 'JPEGImages/bomb.jpg', data: new Uint8Array(8 * MIB), method: 8 }]),
  /** zip_bomb at read: declares 1000 bytes but inflates to 8 MiB (ratio check passes, the inflater is stopped). */
  lyingSize: (): Uint8Array =>
    buildZip([{ name: 'Annotations/a.xml', data: new Uint8Array(8 * MIB), method: 8, declaredSize: 1000 }]),
  /** zip_corrupt at read: a wrong CRC-32. */
  crcMismatch: (): Uint8Array =>
    buildZip([{ name: 'Annotations/a.xml', data: '<annotation/>', declaredCrc: 0x12345678 }]),
  /** zip_corrupt at read: the local header names another file than the central directory. */
  localNameMismatch: (): Uint8Array =>
    buildZip([{ name: 'JPEGImages/a.jpg', data: JPEG_BYTES, localName: '../../a.jpg' }]),
  /** annotation_malformed at planning: 'Annotations/a.xml' is cut off mid-element. */
  malformedXml: (): Uint8Array =>
    zipOf({
      'JPEGImages/a.jpg': JPEG_BYTES,
      'Annotations/a.xml': '<annotation><filename>a.jpg</filename><object><name>cat',
    }),
  /** annotation_malformed at planning: an object without its bndbox numbers. */
  missingBndbox: (): Uint8Array =>
    zipOf({
      'JPEGImages/a.jpg': JPEG_BYTES,
      'Annotations/a.xml': vocXmlText({ filename: 'a.jpg', width: 64, height: 48, objects: [] }).replace(
        '</annotation>',
        '<object><name>cat</name><bndbox><xmin>1</xmin></bndbox></object></annotation>',
      ),
    }),
  /** annotation_malformed at planning: an external entity (XXE) reading /etc/passwd into the file name. */
  xxe: (): Uint8Array =>
    zipOf({
      'JPEGImages/a.jpg': JPEG_BYTES,
      'Annotations/a.xml':
        '<?xml version="1.0"?>\n<!DOCTYPE annotation [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n' +
        '<annotation><filename>&xxe;</filename><size><width>64</width><height>48</height></size></annotation>',
    }),
  /** annotation_malformed at planning: nested internal entities (billion laughs) in a label name. */
  billionLaughs: (): Uint8Array =>
    zipOf({
      'JPEGImages/a.jpg': JPEG_BYTES,
      'Annotations/a.xml':
        '<?xml version="1.0"?>\n<!DOCTYPE annotation [<!ENTITY a "aaaaaaaaaa">' +
        Array.from(
          { length: 9 },
          (_, i) => `<!ENTITY ${String.fromCharCode(98 + i)} "${`&${String.fromCharCode(97 + i)};`.repeat(10)}">`,
        ).join('') +
        ']>\n<annotation><filename>a.jpg</filename><size><width>64</width><height>48</height></size>' +
        '<object><name>&j;</name><bndbox><xmin>1</xmin><ymin>1</ymin><xmax>40</xmax><ymax>40</ymax></bndbox></object></annotation>',
    }),
  /** annotation_malformed at planning: a COCO JSON whose annotation names an image id that is not listed. */
  cocoUnknownImage: (): Uint8Array =>
    zipOf({
      'images/a.jpg': JPEG_BYTES,
      'annotations.json': JSON.stringify({
        images: [{ id: 1, file_name: 'a.jpg', width: 64, height: 48 }],
        annotations: [{ image_id: 2, category_id: 1, bbox: [0, 0, 30, 30] }],
        categories: [{ id: 1, name: 'cat' }],
      }),
    }),
  /** annotation_malformed at planning: 'annotations.json' is not JSON. */
  malformedJson: (): Uint8Array => zipOf({ 'images/a.jpg': JPEG_BYTES, 'annotations.json': '{"images": [' }),
  /** format_unknown at planning: images only, no annotations. */
  imagesOnly: (): Uint8Array => zipOf({ 'photos/a.jpg': JPEG_BYTES, 'photos/b.png': PNG_BYTES }),
  /** A valid regular file with Unix attributes (0644): opens fine. */
  unixRegularFile: (): Uint8Array =>
    buildZip([
      { name: 'JPEGImages/a.jpg', data: JPEG_BYTES, host: 3, externalAttributes: ((S_IFREG | 0o644) << 16) >>> 0 },
    ]),
};

export interface FixtureVocObject {
  name: string;
  xmin: number;
  ymin: number;
  xmax: number;
  ymax: number;
}

/** A Pascal VOC annotation as labelImg and our exporter write it. */
export function vocXmlText(a: {
  filename: string;
  width: number;
  height: number;
  objects: FixtureVocObject[];
}): string {
  const esc = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const objects = a.objects.map(
    (o) =>
      `  <object>\n    <name>${esc(o.name)}</name>\n    <difficult>0</difficult>\n    <bndbox>\n      <xmin>${o.xmin}</xmin>\n      <ymin>${o.ymin}</ymin>\n` +
      `      <xmax>${o.xmax}</xmax>\n      <ymax>${o.ymax}</ymax>\n    </bndbox>\n  </object>\n`,
  );
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<annotation>\n  <folder>JPEGImages</folder>\n  <filename>${esc(a.filename)}</filename>\n` +
    `  <size>\n    <width>${a.width}</width>\n    <height>${a.height}</height>\n    <depth>3</depth>\n  </size>\n${objects.join('')}</annotation>\n`
  );
}

/**
 * A clean VOC dataset in a top folder 'VOC/': a.jpg (train, a cat and a dog box), B.PNG (val, a
 * dog box, annotated as 'b.png'), c.jpg (test, no annotation file) and, to be skipped: a box out of
 * bounds and a box under MIN_BOX_SIDE on a.jpg, ghost.xml naming no image (image_missing),
 * README.md (not_image) and a second 'a.jpeg' (duplicate_name). Labels declared by labelmap.txt:
 * cat, dog, bird (bird unused).
 */
export function vocDatasetZip(): Uint8Array {
  return zipOf({
    'VOC/JPEGImages/a.jpg': JPEG_BYTES,
    'VOC/JPEGImages/B.PNG': PNG_BYTES,
    'VOC/JPEGImages/c.jpg': JPEG_BYTES,
    'VOC/extra/a.jpeg': JPEG_BYTES,
    'VOC/Annotations/a.xml': vocXmlText({
      filename: 'a.jpg',
      width: 640,
      height: 480,
      objects: [
        { name: 'cat', xmin: 10, ymin: 20, xmax: 110, ymax: 70 },
        { name: 'dog', xmin: 300, ymin: 200, xmax: 640, ymax: 480 },
        { name: 'cat', xmin: 600, ymin: 10, xmax: 660, ymax: 60 },
        { name: 'dog', xmin: 5, ymin: 5, xmax: 15, ymax: 100 },
      ],
    }),
    'VOC/Annotations/b.xml': vocXmlText({
      filename: 'b.png',
      width: 320,
      height: 240,
      objects: [{ name: 'dog', xmin: 0, ymin: 0, xmax: 320, ymax: 240 }],
    }),
    'VOC/Annotations/ghost.xml': vocXmlText({ filename: 'ghost.jpg', width: 10, height: 10, objects: [] }),
    'VOC/ImageSets/Main/train.txt': 'a\n',
    'VOC/ImageSets/Main/val.txt': 'b\n',
    'VOC/ImageSets/Main/test.txt': 'c\n',
    'VOC/labelmap.txt': '# label:color_rgb:parts:actions\ncat:255,0,0::\ndog:0,255,0::\nbird:0,0,255::\n',
    'VOC/README.md': 'A test dataset.',
  });
}

/**
 * A clean COCO dataset: instances_val.json (split 'validation') over images/a.jpg (a cat box) and
 * images/b.jpg (no annotation, width/height absent), one annotation naming 'missing.jpg'
 * (image_missing) and categories cat, dog (dog unused).
 */
export function cocoDatasetZip(): Uint8Array {
  return zipOf({
    'images/a.jpg': JPEG_BYTES,
    'images/b.jpg': JPEG_BYTES,
    'annotations/instances_val.json': JSON.stringify({
      images: [
        { id: 1, file_name: 'a.jpg', width: 640, height: 480 },
        { id: 2, file_name: 'b.jpg' },
        { id: 3, file_name: 'missing.jpg', width: 10, height: 10 },
      ],
      annotations: [
        { id: 1, image_id: 1, category_id: 7, bbox: [10.5, 20, 100, 50], area: 5000, iscrowd: 0 },
        { id: 2, image_id: 1, category_id: 7, bbox: [630, 20, 100, 50], area: 5000, iscrowd: 0 },
      ],
      categories: [
        { id: 7, name: 'cat' },
        { id: 8, name: 'dog' },
      ],
    }),
  });
}
