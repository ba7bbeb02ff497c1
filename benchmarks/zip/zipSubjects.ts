/**
 * The writers the zip benchmark compares, each turning the same synthetic dataset into the same
 * zip entries (VOC layout: images stored, XML and the closing lists deflated where the writer
 * can) and handing the bytes to a sink that consumes each chunk before returning (counts, hashes
 * or writes it) — nothing keeps the archive in memory, so a streaming writer shows flat memory.
 * Runs in Node and, bundled, in the browser page.
 */
import { makeZip } from 'client-zip';
import JSZip from 'jszip';
import { CocoBuilder } from '../../workers/export/cocoJson';
import { crc32 } from '../../contract/datasetFormat/crc32';
import { DatasetArchive } from '../../workers/export/datasetArchive';
import { vocXml } from '../../workers/export/vocXml';
import type { SyntheticDataset } from './syntheticDataset';

export type ByteSink = (chunk: Uint8Array) => void;
export const SUBJECTS = ['ours', 'jszip', 'client-zip', 'crc32-copy-ceiling'] as const;
export type SubjectName = (typeof SUBJECTS)[number];

interface Entry {
  name: string;
  data: Uint8Array | string;
  /** Deflate where the writer can (text); images are stored. */
  deflate: boolean;
}

const SPLIT_FILES = { train: 'train', validation: 'val', test: 'test' } as const;

/**
 * The entries DatasetArchive writes for a detection dataset, in its order, made as they are
 * consumed (each image's XML is built when its turn comes, as ours does), for the peers.
 */
function* datasetEntries(dataset: SyntheticDataset, description: string): Generator<Entry> {
  const coco = new CocoBuilder(dataset.labels, description);
  const splits: Record<keyof typeof SPLIT_FILES, string[]> = { train: [], validation: [], test: [] };
  for (const image of dataset.images) {
    const base = image.fileName.replace(/\.[^.]*$/, '');
    yield { name: `JPEGImages/${image.fileName}`, data: image.bytes, deflate: false };
    const xml = vocXml({ fileName: image.fileName, width: image.width, height: image.height, boxes: image.boxes });
    yield { name: `Annotations/${base}.xml`, data: xml, deflate: true };
    splits[image.split].push(base);
    const { fileName, width, height, split } = image;
    coco.addImage({ fileName, originalFileName: null, width, height, split, tags: [] }, image.boxes);
  }
  for (const split of ['train', 'validation', 'test'] as const) {
    yield {
      name: `ImageSets/Main/${SPLIT_FILES[split]}.txt`,
      data: splits[split].map((b) => `${b}\n`).join(''),
      deflate: true,
    };
  }
  const rgb = (c: string) => {
    const n = Number.parseInt(c.slice(1), 16);
    return `${(n >> 16) & 255},${(n >> 8) & 255},${n & 255}`;
  };
  const labelMap = [
    '# label:color_rgb:parts:actions',
    ...dataset.labels.map((l) => `${l.name}:${rgb(l.color)}::`),
  ].join('\n');
  yield { name: 'labelmap.txt', data: `${labelMap}\n`, deflate: true };
  yield { name: 'annotations.json', data: JSON.stringify(coco.build(dataset.createdAt)), deflate: true };
}

const DESCRIPTION = 'bench';

/** Our exporter: DatasetArchive (fflate), images stored, text deflated, synchronous callback. */
async function ours(dataset: SyntheticDataset, sink: ByteSink): Promise<void> {
  const archive = new DatasetArchive(dataset.labels, dataset.createdAt, (chunk) => sink(chunk), DESCRIPTION);
  for (const image of dataset.images) archive.addImage(image);
  archive.finish();
}

/** JSZip: every file added first (it cannot start before), then its internal stream. */
async function jszip(dataset: SyntheticDataset, sink: ByteSink): Promise<void> {
  const zip = new JSZip();
  for (const entry of datasetEntries(dataset, DESCRIPTION)) {
    zip.file(entry.name, entry.data, {
      binary: typeof entry.data !== 'string',
      createFolders: false,
      date: dataset.createdAt,
      compression: entry.deflate ? 'DEFLATE' : 'STORE',
      compressionOptions: { level: 6 },
    });
  }
  await new Promise<void>((resolve, reject) => {
    zip
      .generateInternalStream({ type: 'uint8array', streamFiles: true })
      .on('data', (chunk) => sink(chunk))
      .on('error', reject)
      .on('end', () => resolve())
      .resume();
  });
}

/** client-zip: streams from an async iterable of files; it never compresses (text is stored too). */
async function clientZip(dataset: SyntheticDataset, sink: ByteSink): Promise<void> {
  async function* files() {
    for (const entry of datasetEntries(dataset, DESCRIPTION))
      yield { name: entry.name, input: entry.data, lastModified: dataset.createdAt };
  }
  const reader = makeZip(files()).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    sink(value);
  }
}

const CEILING_CHUNK = 1 << 20;

/**
 * What no zip writer can beat: a CRC-32 over every entry's bytes and one copy of them into the
 * output (1 MiB chunks), no headers and no deflate. `onEntry` receives each entry's CRC, so the
 * check can compare it with the real writers' archives.
 */
export function crc32CopyCeiling(onEntry?: (name: string, crc: number) => void) {
  return async (dataset: SyntheticDataset, sink: ByteSink): Promise<void> => {
    const encoder = new TextEncoder();
    const out = new Uint8Array(CEILING_CHUNK);
    let used = 0;
    for (const entry of datasetEntries(dataset, DESCRIPTION)) {
      const bytes = typeof entry.data === 'string' ? encoder.encode(entry.data) : entry.data;
      const crc = crc32(bytes);
      onEntry?.(entry.name, crc);
      for (let at = 0; at < bytes.length;) {
        const n = Math.min(bytes.length - at, CEILING_CHUNK - used);
        out.set(bytes.subarray(at, at + n), used);
        used += n;
        at += n;
        if (used === CEILING_CHUNK) {
          sink(out);
          used = 0;
        }
      }
    }
    if (used > 0) sink(out.subarray(0, used));
  };
}

export type ZipWriter = (dataset: SyntheticDataset, sink: ByteSink) => Promise<void>;

export const WRITERS: Record<SubjectName, ZipWriter> = {
  ours,
  jszip,
  'client-zip': clientZip,
  'crc32-copy-ceiling': crc32CopyCeiling(),
};

/** Bytes of input every subject handles: images plus the text entries as UTF-8. */
export function inputBytes(dataset: SyntheticDataset): number {
  const encoder = new TextEncoder();
  let total = 0;
  for (const entry of datasetEntries(dataset, DESCRIPTION))
    total += typeof entry.data === 'string' ? encoder.encode(entry.data).length : entry.data.length;
  return total;
}
