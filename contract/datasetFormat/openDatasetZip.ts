/**
 * Opens a dataset zip through random access (a File in the browser's import worker, a temporary
 * file in the server's import job): reads the End Of Central Directory (Zip64 included), checks
 * every directory entry before anything is inflated, and inflates entries on demand with their
 * declared size and CRC-32 enforced. Both sides run this same code so that they refuse the same
 * archives; the server never relies on the client having run it.
 */
import { Inflate } from 'fflate';
import { crc32 } from './crc32';
import {
  DatasetImportError,
  type ChunkSink,
  type DatasetZip,
  type RandomAccessSource,
  type ZipEntryInfo,
} from './types';
import { decodeZipEntryName, isSafeZipEntryName } from './zipEntryName';
import { DEFAULT_ZIP_LIMITS, type ZipLimits } from './zipLimits';

const EOCD_SIG = 0x06054b50;
const ZIP64_LOCATOR_SIG = 0x07064b50;
const ZIP64_EOCD_SIG = 0x06064b50;
const CENTRAL_SIG = 0x02014b50;
const LOCAL_SIG = 0x04034b50;
const EOCD_SIZE = 22;
const CENTRAL_SIZE = 46;
const LOCAL_SIZE = 30;
const MAX_COMMENT = 0xffff;
/** Bit 0: traditional encryption; bit 6: strong encryption. */
const ENCRYPTED_FLAGS = 0x41;
const HOSTS_WITH_UNIX_MODE = new Set([3, 19]); // Unix, OS X
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const S_IFDIR = 0o040000;
const MSDOS_DIRECTORY = 0x10;
/**
 * Compressed bytes handed to the inflater at a time. Deflate expands at most ~1032:1, so one push
 * produces at most ~16 MiB and a lying entry is stopped within that much of its declared size.
 */
const INFLATE_SLICE = 16 * 1024;

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function u64(data: DataView, at: number): number {
  return data.getUint32(at + 4, true) * 2 ** 32 + data.getUint32(at, true);
}

/** Exactly `length` bytes at `offset`, or `code` when the source ends first. */
async function readExact(
  source: RandomAccessSource,
  offset: number,
  length: number,
  code: 'import_not_zip' | 'zip_corrupt',
  entry: string | null = null,
): Promise<Uint8Array> {
  if (offset < 0 || offset + length > source.size) throw new DatasetImportError(code, entry);
  const bytes = await source.read(offset, length);
  if (bytes.length !== length) throw new DatasetImportError(code, entry);
  return bytes;
}

interface Directory {
  count: number;
  offset: number;
  size: number;
}

/** The central directory's place, from the EOCD record (and its Zip64 counterpart when present). */
async function findDirectory(source: RandomAccessSource): Promise<Directory> {
  if (source.size < EOCD_SIZE) throw new DatasetImportError('import_not_zip');
  const tailLength = Math.min(source.size, EOCD_SIZE + MAX_COMMENT);
  const tailStart = source.size - tailLength;
  const tail = await readExact(source, tailStart, tailLength, 'import_not_zip');
  const data = view(tail);
  // A record whose comment ends exactly at the end of the file wins over one that leaves bytes
  // after it, so that a signature inside a comment is not taken for the record.
  let at = -1;
  for (const exact of [true, false]) {
    for (let i = tail.length - EOCD_SIZE; i >= 0 && at < 0; i -= 1) {
      if (data.getUint32(i, true) !== EOCD_SIG) continue;
      const end = i + EOCD_SIZE + data.getUint16(i + 20, true);
      if (exact ? end === tail.length : end <= tail.length) at = i;
    }
  }
  if (at < 0) throw new DatasetImportError('import_not_zip');
  const eocdOffset = tailStart + at;
  let disk = data.getUint16(at + 4, true);
  let directoryDisk = data.getUint16(at + 6, true);
  let onDisk = data.getUint16(at + 8, true);
  let count = data.getUint16(at + 10, true);
  let size = data.getUint32(at + 12, true);
  let offset = data.getUint32(at + 16, true);
  let end = eocdOffset;

  if (eocdOffset >= 20) {
    const locator = view(await readExact(source, eocdOffset - 20, 20, 'import_not_zip'));
    if (locator.getUint32(0, true) === ZIP64_LOCATOR_SIG) {
      if (locator.getUint32(4, true) !== 0 || locator.getUint32(16, true) > 1)
        throw new DatasetImportError('zip_unsupported');
      const recordOffset = u64(locator, 8);
      if (recordOffset + 56 > eocdOffset - 20) throw new DatasetImportError('import_not_zip');
      const record = view(await readExact(source, recordOffset, 56, 'import_not_zip'));
      if (record.getUint32(0, true) !== ZIP64_EOCD_SIG) throw new DatasetImportError('import_not_zip');
      disk = record.getUint32(16, true);
      directoryDisk = record.getUint32(20, true);
      onDisk = u64(record, 24);
      count = u64(record, 32);
      size = u64(record, 40);
      offset = u64(record, 48);
      end = recordOffset;
    }
  }
  if (disk !== 0 || directoryDisk !== 0 || onDisk !== count) throw new DatasetImportError('zip_unsupported');
  if (offset + size > end || size < count * CENTRAL_SIZE) throw new DatasetImportError('import_not_zip');
  return { count, offset, size };
}

/** Reads a byte range through a window of `chunkBytes`, so the directory is never read whole. */
class WindowReader {
  private bytes: Uint8Array = new Uint8Array(0);
  private start = 0;

  constructor(
    private readonly source: RandomAccessSource,
    private readonly end: number,
    private readonly chunkBytes: number,
  ) {}

  async at(offset: number, length: number): Promise<Uint8Array> {
    if (offset + length > this.end) throw new DatasetImportError('import_not_zip');
    if (offset < this.start || offset + length > this.start + this.bytes.length) {
      const take = Math.min(this.end - offset, Math.max(this.chunkBytes, length));
      this.bytes = await readExact(this.source, offset, take, 'import_not_zip');
      this.start = offset;
    }
    return this.bytes.subarray(offset - this.start, offset - this.start + length);
  }
}

interface EntryRecord {
  info: ZipEntryInfo;
  /** The name's raw bytes, compared with the local header's. */
  nameBytes: Uint8Array;
}

/** Fields the Zip64 extra field (id 1) carries, in its order, for those the header marks as maxed. */
function applyZip64(
  extra: Uint8Array,
  fields: { uncompressed: number; compressed: number; offset: number; disk: number },
): void {
  const data = view(extra);
  for (let at = 0; at + 4 <= extra.length;) {
    const id = data.getUint16(at, true);
    const length = data.getUint16(at + 2, true);
    if (id === 1) {
      let p = at + 4;
      const end = Math.min(p + length, extra.length);
      const take64 = (): number => {
        if (p + 8 > end) throw new DatasetImportError('import_not_zip');
        const value = u64(data, p);
        p += 8;
        return value;
      };
      if (fields.uncompressed === 0xffffffff) fields.uncompressed = take64();
      if (fields.compressed === 0xffffffff) fields.compressed = take64();
      if (fields.offset === 0xffffffff) fields.offset = take64();
      if (fields.disk === 0xffff && p + 4 <= end) fields.disk = data.getUint32(p, true);
      return;
    }
    at += 4 + length;
  }
}

async function readDirectory(
  source: RandomAccessSource,
  directory: Directory,
  limits: ZipLimits,
): Promise<Map<string, EntryRecord>> {
  const records = new Map<string, EntryRecord>();
  const reader = new WindowReader(source, directory.offset + directory.size, limits.chunkBytes);
  let total = 0;
  let at = directory.offset;
  for (let i = 0; i < directory.count; i += 1) {
    const header = view(await reader.at(at, CENTRAL_SIZE));
    if (header.getUint32(0, true) !== CENTRAL_SIG) throw new DatasetImportError('import_not_zip');
    const host = header.getUint16(4, true) >> 8;
    const flags = header.getUint16(8, true);
    const method = header.getUint16(10, true);
    const nameLength = header.getUint16(28, true);
    const extraLength = header.getUint16(30, true);
    const commentLength = header.getUint16(32, true);
    const external = header.getUint32(38, true);
    const fields = {
      compressed: header.getUint32(20, true),
      uncompressed: header.getUint32(24, true),
      disk: header.getUint16(34, true),
      offset: header.getUint32(42, true),
    };
    const crc = header.getUint32(16, true);
    const variable = await reader.at(at + CENTRAL_SIZE, nameLength + extraLength);
    const nameBytes = variable.slice(0, nameLength);
    applyZip64(variable.subarray(nameLength), fields);
    at += CENTRAL_SIZE + nameLength + extraLength + commentLength;

    const name = decodeZipEntryName(nameBytes, flags);
    if (!isSafeZipEntryName(name)) throw new DatasetImportError('zip_unsafe_path', name);
    const mode = HOSTS_WITH_UNIX_MODE.has(host) ? (external >>> 16) & S_IFMT : 0;
    if (mode === S_IFLNK) throw new DatasetImportError('zip_symlink', name);
    if (flags & ENCRYPTED_FLAGS) throw new DatasetImportError('zip_encrypted', name);
    if (name.endsWith('/') || mode === S_IFDIR || (host === 0 && external & MSDOS_DIRECTORY)) continue;
    if (method !== 0 && method !== 8) throw new DatasetImportError('zip_unsupported', name);
    if (fields.disk !== 0) throw new DatasetImportError('zip_unsupported', name);
    if (records.has(name)) throw new DatasetImportError('zip_unsafe_path', name);
    total += fields.uncompressed;
    if (total > limits.maxUncompressedBytes) throw new DatasetImportError('zip_too_large', name);
    if (fields.uncompressed > limits.ratioFloorBytes && fields.uncompressed > fields.compressed * limits.maxRatio) {
      throw new DatasetImportError('zip_bomb', name);
    }
    if (method === 0 && fields.compressed !== fields.uncompressed) throw new DatasetImportError('zip_corrupt', name);
    if (fields.offset + LOCAL_SIZE + fields.compressed > directory.offset)
      throw new DatasetImportError('zip_corrupt', name);
    records.set(name, {
      nameBytes,
      info: {
        name,
        compressedSize: fields.compressed,
        uncompressedSize: fields.uncompressed,
        method,
        crc32: crc,
        localHeaderOffset: fields.offset,
      },
    });
  }
  return records;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

/** Streams one entry's bytes to `onChunk`, stopping at the first byte past its declared size. */
async function streamEntry(
  source: RandomAccessSource,
  record: EntryRecord,
  directoryOffset: number,
  chunkBytes: number,
  onChunk: ChunkSink,
): Promise<void> {
  const { info, nameBytes } = record;
  const { name } = info;
  const local = view(await readExact(source, info.localHeaderOffset, LOCAL_SIZE, 'zip_corrupt', name));
  if (local.getUint32(0, true) !== LOCAL_SIG) throw new DatasetImportError('zip_corrupt', name);
  if (local.getUint16(6, true) & ENCRYPTED_FLAGS) throw new DatasetImportError('zip_encrypted', name);
  if (local.getUint16(8, true) !== info.method) throw new DatasetImportError('zip_corrupt', name);
  const nameLength = local.getUint16(26, true);
  const extraLength = local.getUint16(28, true);
  const localName = await readExact(source, info.localHeaderOffset + LOCAL_SIZE, nameLength, 'zip_corrupt', name);
  if (!sameBytes(localName, nameBytes)) throw new DatasetImportError('zip_corrupt', name);
  const dataStart = info.localHeaderOffset + LOCAL_SIZE + nameLength + extraLength;
  if (dataStart + info.compressedSize > directoryOffset) throw new DatasetImportError('zip_corrupt', name);

  let crc = 0;
  let produced = 0;
  const count = (chunk: Uint8Array): void => {
    produced += chunk.length;
    if (produced > info.uncompressedSize) throw new DatasetImportError('zip_bomb', name);
    crc = crc32(chunk, crc);
  };
  const pending: Uint8Array[] = [];
  // An empty file may be written as deflate with no data at all: nothing to inflate then.
  const inflater =
    info.method === 8 && info.compressedSize > 0
      ? new Inflate((chunk) => {
          count(chunk);
          pending.push(chunk);
        })
      : null;

  for (let pos = 0; pos < info.compressedSize; pos += chunkBytes) {
    const length = Math.min(chunkBytes, info.compressedSize - pos);
    const part = await readExact(source, dataStart + pos, length, 'zip_corrupt', name);
    if (!inflater) {
      count(part);
      await onChunk(part);
      continue;
    }
    const lastPart = pos + length >= info.compressedSize;
    for (let s = 0; s < part.length; s += INFLATE_SLICE) {
      try {
        inflater.push(part.subarray(s, s + INFLATE_SLICE), lastPart && s + INFLATE_SLICE >= part.length);
      } catch (error) {
        if (error instanceof DatasetImportError) throw error;
        throw new DatasetImportError('zip_corrupt', name);
      }
      for (const chunk of pending.splice(0)) await onChunk(chunk);
    }
  }
  if (produced !== info.uncompressedSize || crc !== info.crc32) throw new DatasetImportError('zip_corrupt', name);
}

/**
 * Opens the zip and checks its whole directory; throws `DatasetImportError` with the first problem
 * (see contract/apiImports.ts for the codes). Entries are read later, one at a time.
 */
export async function openDatasetZip(source: RandomAccessSource, limits: Partial<ZipLimits> = {}): Promise<DatasetZip> {
  const settings: ZipLimits = { ...DEFAULT_ZIP_LIMITS, ...limits };
  const directory = await findDirectory(source);
  if (directory.count > settings.maxEntries) throw new DatasetImportError('zip_too_many_entries');
  const records = await readDirectory(source, directory, settings);
  const entries = [...records.values()].map((r) => r.info);

  const recordOf = (entry: ZipEntryInfo): EntryRecord => {
    // The directory's own record is used, never the caller's copy of its fields.
    const record = records.get(entry.name);
    if (!record) throw new DatasetImportError('import_failed', entry.name);
    return record;
  };
  const stream = (entry: ZipEntryInfo, onChunk: ChunkSink): Promise<void> =>
    streamEntry(source, recordOf(entry), directory.offset, settings.chunkBytes, onChunk);

  return {
    entries,
    stream,
    async read(entry, maxBytes) {
      const { info } = recordOf(entry);
      if (maxBytes !== undefined && info.uncompressedSize > maxBytes)
        throw new DatasetImportError('zip_too_large', info.name);
      const out = new Uint8Array(info.uncompressedSize);
      let offset = 0;
      await stream(info, (chunk) => {
        out.set(chunk, offset);
        offset += chunk.length;
      });
      return out;
    },
  };
}
