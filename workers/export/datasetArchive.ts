/**
 * The dataset zip, written as a stream: each image goes out as soon as it is added, so memory
 * holds one image at a time, whatever the dataset's size. Standard Pascal VOC layout, which other
 * tools import:
 *
 *   JPEGImages/<name>            the original bytes, stored (already compressed; deflating wastes CPU),
 *                                named with the extension of their real type (imageFileType.ts)
 *   Annotations/<base>.xml       VOC XML named after the image's base name (only valid boxes; a
 *                                polygon as its bounding box, VOC having no polygons)
 *   ImageSets/Main/train.txt     base names per split (validation → val.txt, test.txt)
 *   ImageSets/Main/<label>_<split>.txt   classification labels, VOC's "<base> 1|-1" lists
 *   labelmap.txt                 every label's name and exact colour (CVAT's VOC label map)
 *   annotations.json             the same boxes, and polygons as `segmentation`, in COCO format,
 *                                with each image's `tags` and `split` and each category's `color`
 *
 * Together they hold everything a project keeps about its dataset, so importing the zip into a
 * new project gives the same labels, colours, images, types, tags, splits and annotations
 * (decision 0066).
 *
 * Text entries are deflated. fflate writes no Zip64 records, so one archive must stay under 4 GiB
 * and 65,535 entries: `addImage` refuses an image that would pass either (`ZIP_LIMIT_ERROR`)
 * instead of writing a broken archive.
 */
import { Zip, ZipPassThrough, strToU8 } from 'fflate';
import { CocoBuilder } from './cocoJson';
import { parseHexColor } from '../../contract/color';
import { crc32 } from '../../contract/datasetFormat/crc32';
import { nameForType, sniffImageType } from '../../contract/datasetFormat/imageFileType';
import { deflateText } from './deflateText';
import { ZIP_LIMIT_ERROR } from './zipLimitError';
import { checkExportBox } from './checkExportBox';
import { vocXml, type BoxProblem, type ExportBox } from './vocXml';

/** The zip format's limits without Zip64; `reserve` is room kept for the closing entries and the central directory. */
export interface ZipLimits {
  entries: number;
  bytes: number;
  reserve: number;
}
export const ZIP_LIMITS: ZipLimits = { entries: 0xffff, bytes: 0xffffffff, reserve: 256 * 1024 * 1024 };

export type ExportSplit = 'train' | 'validation' | 'test';
const SPLIT_FILES: Record<ExportSplit, string> = { train: 'train', validation: 'val', test: 'test' };

export interface ArchiveLabel {
  name: string;
  /** '#rrggbb' */
  color: string;
}

export interface ArchiveImage {
  fileName: string;
  width: number;
  height: number;
  split: ExportSplit;
  bytes: Uint8Array;
  boxes: readonly ExportBox[];
  /** Image-level labels (classification projects). */
  labels: readonly string[];
  /** The image's tags (none when left out). */
  tags?: readonly string[];
}

export interface InvalidBox {
  fileName: string;
  boxId: string;
  problem: BoxProblem;
}

/** Receives the zip's bytes in order; `final` marks the last chunk. */
export type ArchiveSink = (chunk: Uint8Array, final: boolean) => void;

/** A name safe as a zip entry: no folders, no control characters, never empty. */
export function safeEntryName(fileName: string): string {
  const last = fileName.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const cleaned = last.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? 'image' : cleaned;
}

/** The name without its last extension ("a.b.jpg" → "a.b"). */
export function baseName(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(0, dot) : fileName;
}

/**
 * A stored entry whose CRC is taken by our slicing CRC-32 instead of fflate's byte-at-a-time
 * one: for already-compressed images the CRC is nearly all the work, and this makes the export
 * several times faster (benchmarks/zip). The bytes still pass through without a copy.
 */
class StoredEntry extends ZipPassThrough {
  private running = 0;

  override push(chunk: Uint8Array, final = false): void {
    this.running = crc32(chunk, this.running);
    this.size += chunk.length;
    if (final) this.crc = this.running;
    this.process(chunk as Uint8Array<ArrayBuffer>, final);
  }
}

/**
 * A text entry deflated in one call (deflateText.ts), pushed once with `final`; its CRC is
 * StoredEntry's (a COCO JSON can be tens of MB). fflate's
 * streaming ZipDeflate zero-fills ~800 KB of working buffers per entry (a 96 KB window, a 512 KB
 * hash head sized for streams), which for a 1 KB XML file cost more than storing its image and
 * was most of the export's memory.
 */
class DeflatedText extends StoredEntry {
  constructor(filename: string) {
    super(filename);
    this.compression = 8;
  }

  protected override process(chunk: Uint8Array<ArrayBuffer>, final: boolean): void {
    this.ondata(null, deflateText(chunk), final);
  }
}

/** 'r,g,b' of a label colour, as CVAT's label map writes it. */
function rgb(color: string): string {
  return parseHexColor(color).slice(0, 3).join(',');
}

export class DatasetArchive {
  private readonly zip: Zip;
  private readonly coco: CocoBuilder;
  private readonly usedBases = new Set<string>();
  private readonly splits: Record<ExportSplit, string[]> = { train: [], validation: [], test: [] };
  /** Per image: base name, split and image-level labels, for the classification lists. */
  private readonly classified: { base: string; split: ExportSplit; labels: ReadonlySet<string> }[] = [];
  private hasImageLabels = false;
  private entries = 0;
  private written = 0;

  constructor(
    private readonly labels: readonly ArchiveLabel[],
    private readonly createdAt: Date,
    sink: ArchiveSink,
    description = 'dataset',
    private readonly limits: ZipLimits = ZIP_LIMITS,
  ) {
    this.zip = new Zip((error, chunk, final) => {
      if (error) throw error;
      this.written += chunk.length;
      sink(chunk, final);
    });
    this.coco = new CocoBuilder(labels, description);
  }

  private addText(name: string, text: string): void {
    this.entries += 1;
    const entry = new DeflatedText(name);
    entry.mtime = this.createdAt;
    this.zip.add(entry);
    entry.push(strToU8(text), true);
  }

  /** A unique entry name: base names are compared case-insensitively (Windows and macOS disks). */
  private uniqueName(safe: string): string {
    const base = baseName(safe);
    const ext = safe.slice(base.length);
    let candidate = base;
    for (let n = 2; this.usedBases.has(candidate.toLowerCase()); n += 1) candidate = `${base}_${n}`;
    this.usedBases.add(candidate.toLowerCase());
    return candidate + ext;
  }

  /** Writes the image and its annotation; answers the entry name and the boxes left out. */
  addImage(image: ArchiveImage): { entryName: string; invalid: InvalidBox[] } {
    const closingEntries = 5 + this.labels.length * 3;
    const { entries, bytes, reserve } = this.limits;
    if (this.entries + 2 + closingEntries > entries || this.written + image.bytes.length + reserve > bytes) {
      throw new Error(ZIP_LIMIT_ERROR);
    }
    // The name the image keeps: safe as an entry, its extension saying its type.
    const fileName = nameForType(safeEntryName(image.fileName), sniffImageType(image.bytes));
    const entryName = this.uniqueName(fileName);
    const base = baseName(entryName);
    const invalid: InvalidBox[] = [];
    const valid: ExportBox[] = [];
    for (const box of image.boxes) {
      const checked = checkExportBox(box, image.width, image.height);
      if ('problem' in checked) invalid.push({ fileName: image.fileName, boxId: box.id, problem: checked.problem });
      else valid.push(checked.box);
    }

    this.entries += 1;
    const file = new StoredEntry(`JPEGImages/${entryName}`);
    file.mtime = this.createdAt;
    this.zip.add(file);
    file.push(image.bytes, true);
    this.addText(
      `Annotations/${base}.xml`,
      vocXml({ fileName: entryName, width: image.width, height: image.height, boxes: valid }),
    );

    this.splits[image.split].push(base);
    this.classified.push({ base, split: image.split, labels: new Set(image.labels) });
    if (image.labels.length > 0) this.hasImageLabels = true;
    this.coco.addImage(
      {
        fileName: entryName,
        // Renamed only to keep base names apart: the COCO record keeps the name to give back.
        originalFileName: entryName === fileName ? null : fileName,
        width: image.width,
        height: image.height,
        split: image.split,
        tags: image.tags ?? [],
      },
      valid,
    );
    return { entryName, invalid };
  }

  /** Writes the split lists, the label map and the COCO JSON, and ends the archive. */
  finish(): void {
    for (const split of Object.keys(SPLIT_FILES) as ExportSplit[]) {
      this.addText(`ImageSets/Main/${SPLIT_FILES[split]}.txt`, this.splits[split].map((b) => `${b}\n`).join(''));
    }
    if (this.hasImageLabels) {
      for (const label of this.labels) {
        for (const split of Object.keys(SPLIT_FILES) as ExportSplit[]) {
          const rows = this.classified
            .filter((c) => c.split === split)
            .map((c) => `${c.base} ${c.labels.has(label.name) ? ' 1' : '-1'}\n`);
          this.addText(
            `ImageSets/Main/${safeEntryName(label.name.replace(/[\\/]/g, '_'))}_${SPLIT_FILES[split]}.txt`,
            rows.join(''),
          );
        }
      }
    }
    const labelMap = ['# label:color_rgb:parts:actions', ...this.labels.map((l) => `${l.name}:${rgb(l.color)}::`)].join(
      '\n',
    );
    this.addText('labelmap.txt', `${labelMap}\n`);
    this.addText('annotations.json', JSON.stringify(this.coco.build(this.createdAt)));
    this.zip.end();
  }

  /** Stops the archive (a canceled export); the sink gets no more data. */
  abort(): void {
    this.zip.terminate();
  }
}
