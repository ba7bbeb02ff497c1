/**
 * Decides what an opened dataset zip imports: the format (Pascal VOC when any Annotations/*.xml is
 * present, else a COCO JSON), each image with its boxes, polygons, whole-image classes and split,
 * the label names, and every entry left out with its reason. Images are matched to annotations by
 * base name (any case of the name and extension). Boxes are read back exactly as our exporter
 * writes them (workers/export/vocXml.ts: whole-pixel corners, xmax/ymax exclusive), so an export
 * imports to the same numbers. VOC has no polygons: in a VOC zip that also carries a COCO JSON (as
 * our exports do), an image whose XML and COCO record agree (cocoMatchesVoc.ts) takes its boxes
 * and polygons from the COCO record. Labels: those a label map or COCO's categories declare, in
 * their order, then any other used name in order of first use.
 *
 * What our exporter adds for a lossless round trip (decision 0066) is read in either format:
 * label colours from labelmap.txt (else COCO categories' `color`), each image's tags and split
 * from its COCO record (`tags`, `split`; in a VOC zip the ImageSets lists decide the split first).
 */
import { ANNOTATIONS_PER_IMAGE_MAX } from '../apiAnnotations';
import { IMPORT_MAX_TEXT_BYTES } from '../apiImports';
import type { Split } from '../apiProjects';
import { addPlannedGeometry } from './addPlannedGeometry';
import { cocoMatchesVoc } from './cocoMatchesVoc';
import { datasetEntryKind, entryBaseName, entryFileName, imageKey, type DatasetEntryKind } from './datasetEntryKind';
import { parseCocoDataset, type CocoDatasetRecord, type CocoImageRecord } from './parseCocoDataset';
import { addImageFields } from './planImageTags';
import { LabelColors } from './planLabelColors';
import { parseVocAnnotation } from './parseVocAnnotation';
import { classListName, parseClassList, parseLabelMap, parseSplitList } from './parseVocLists';
import { DatasetImportError, type DatasetZip, type ImportPlan, type PlannedImage, type ZipEntryInfo } from './types';

const VOC_SPLITS: Record<'train' | 'val' | 'test', Split> = { train: 'train', val: 'validation', test: 'test' };
const utf8 = new TextDecoder('utf-8');

type Skipped = ImportPlan['skipped'];
interface Classified {
  entry: ZipEntryInfo;
  kind: DatasetEntryKind;
}

/** Collects label names: declared ones first, then others as they are used. */
class LabelOrder {
  private readonly names = new Set<string>();
  add(name: string): void {
    this.names.add(name);
  }
  list(): string[] {
    return [...this.names];
  }
}

export interface PlanOptions {
  /** Largest annotation file read (default IMPORT_MAX_TEXT_BYTES); tests pass a small one. */
  maxTextBytes?: number;
}

/** The zip with its text-size limit, as the planning steps read it. */
interface TextZip {
  zip: DatasetZip;
  maxTextBytes: number;
}

async function readText({ zip, maxTextBytes }: TextZip, entry: ZipEntryInfo): Promise<string> {
  return utf8.decode(await zip.read(entry, maxTextBytes));
}

/** The key of an image an annotation names; some tools write a Windows path there (C:\data\a.jpg). */
const namedImageKey = (name: string): string => imageKey(name.replace(/\\/g, '/'));

/**
 * Every image entry, one per base name (images under JPEGImages/ first, then in zip order);
 * the others are skipped as duplicates.
 */
function collectImages(classified: Classified[], skipped: Skipped): Map<string, PlannedImage> {
  const candidates = classified.filter((c) => c.kind.kind === 'image').map((c) => c.entry.name);
  const inJpegImages = (name: string) => name.split('/').includes('JPEGImages');
  candidates.sort((a, b) => Number(inJpegImages(b)) - Number(inJpegImages(a)));
  const images = new Map<string, PlannedImage>();
  for (const name of candidates) {
    const key = imageKey(name);
    if (images.has(key)) skipped.push({ entry: name, reason: 'duplicate_name' });
    else
      images.set(key, {
        entry: name,
        fileName: entryFileName(name),
        split: null,
        width: null,
        height: null,
        boxes: [],
        polygons: [],
        classes: [],
        tags: [],
      });
  }
  return images;
}

/**
 * The COCO records of a VOC zip's JSON files, by image key (the first record of a name wins). They
 * only enrich the XML (cocoMatchesVoc.ts), so a JSON that is not COCO, does not parse or is over
 * the text limit is left aside, as VOC zips' other JSON files always were.
 */
async function vocCompanionRecords(
  zip: TextZip,
  jsonEntries: Classified[],
  colors: LabelColors,
): Promise<Map<string, CocoImageRecord>> {
  const records = new Map<string, CocoImageRecord>();
  for (const { entry } of jsonEntries) {
    if (entry.uncompressedSize > zip.maxTextBytes) continue;
    let coco: CocoDatasetRecord | null;
    try {
      coco = parseCocoDataset(await readText(zip, entry), entry.name);
    } catch (error) {
      if (error instanceof DatasetImportError && error.code === 'annotation_malformed') continue;
      throw error;
    }
    if (!coco) continue;
    colors.offerCategories(coco.categoryColors, entry.name);
    for (const record of coco.images) {
      const key = namedImageKey(record.fileName);
      if (!records.has(key)) records.set(key, record);
    }
  }
  return records;
}

/** Labels the label maps declare, in order, with their colours offered to `colors`. */
async function readLabelMaps(zip: TextZip, labelMaps: Classified[], colors: LabelColors): Promise<string[]> {
  const names: string[] = [];
  for (const { entry } of labelMaps) {
    for (const label of parseLabelMap(await readText(zip, entry))) {
      names.push(label.name);
      colors.offer(label.name, label.color, label.colorInvalid, entry.name);
    }
  }
  return names;
}

async function planVoc(
  zip: TextZip,
  classified: Classified[],
  images: Map<string, PlannedImage>,
  skipped: Skipped,
  colors: LabelColors,
): Promise<string[]> {
  const labels = new LabelOrder();
  const keepLabel = (name: string) => labels.add(name);
  const of = (kind: DatasetEntryKind['kind']) => classified.filter((c) => c.kind.kind === kind);
  const classFiles = new Map<string, string>();
  for (const name of await readLabelMaps(zip, of('labelMap'), colors)) {
    labels.add(name);
    classFiles.set(classListName(name), name);
  }
  // After the label maps: their colours come first.
  const companions = await vocCompanionRecords(zip, of('json'), colors);

  const annotated = new Set<PlannedImage>();
  for (const { entry } of of('vocXml')) {
    const voc = parseVocAnnotation(await readText(zip, entry), entry.name);
    const image = images.get(namedImageKey(voc.filename)) ?? images.get(imageKey(entry.name));
    if (!image) {
      skipped.push({ entry: entry.name, reason: 'image_missing' });
      continue;
    }
    if (annotated.has(image)) {
      skipped.push({ entry: entry.name, reason: 'duplicate_name' });
      continue;
    }
    annotated.add(image);
    image.width = voc.width;
    image.height = voc.height;
    const companion = companions.get(imageKey(image.entry));
    if (companion && cocoMatchesVoc(voc.objects, companion)) {
      addPlannedGeometry(image, companion, keepLabel, skipped);
      continue;
    }
    const boxes = voc.objects.map((o) => ({
      label: o.name,
      x: o.xmin,
      y: o.ymin,
      width: o.xmax - o.xmin,
      height: o.ymax - o.ymin,
    }));
    addPlannedGeometry(image, { boxes, polygons: [], rle: 0 }, keepLabel, skipped);
  }

  const setSplit = (base: string, split: Split): PlannedImage | undefined => {
    const image = images.get(base.toLowerCase());
    if (image && image.split === null) image.split = split;
    return image;
  };
  for (const { entry, kind } of of('splitList')) {
    if (kind.kind !== 'splitList') continue;
    for (const base of parseSplitList(await readText(zip, entry))) setSplit(base, VOC_SPLITS[kind.split]);
  }
  for (const { entry, kind } of of('classList')) {
    if (kind.kind !== 'classList') continue;
    const label = classFiles.get(kind.className) ?? kind.className;
    for (const base of parseClassList(await readText(zip, entry))) {
      const image = setSplit(base, VOC_SPLITS[kind.split]);
      if (image && !image.classes.includes(label)) {
        image.classes.push(label);
        labels.add(label);
      }
    }
  }
  for (const image of images.values()) {
    const companion = companions.get(imageKey(image.entry));
    if (companion) addImageFields(image, companion, skipped);
  }
  return labels.list();
}

/** The split a COCO file's name suggests (instances_train2017.json → train), or null. */
function cocoSplit(name: string): Split | null {
  const base = entryBaseName(name).toLowerCase();
  if (/(^|[^a-z])train/.test(base)) return 'train';
  if (/(^|[^a-z])val/.test(base)) return 'validation';
  if (/(^|[^a-z])test/.test(base)) return 'test';
  return null;
}

async function planCoco(
  zip: TextZip,
  jsonEntries: ZipEntryInfo[],
  images: Map<string, PlannedImage>,
  skipped: Skipped,
  colors: LabelColors,
): Promise<string[] | null> {
  const datasets: { entry: ZipEntryInfo; coco: CocoDatasetRecord }[] = [];
  const otherJson: Skipped = [];
  for (const entry of jsonEntries) {
    const coco = parseCocoDataset(await readText(zip, entry), entry.name);
    if (coco) datasets.push({ entry, coco });
    else otherJson.push({ entry: entry.name, reason: 'not_image' });
  }
  if (datasets.length === 0) return null;
  skipped.push(...otherJson);
  const labels = new LabelOrder();
  for (const { entry, coco } of datasets) {
    coco.categories.forEach((name) => labels.add(name));
    colors.offerCategories(coco.categoryColors, entry.name);
  }
  const annotated = new Set<PlannedImage>();
  for (const { entry, coco } of datasets) {
    for (const record of coco.images) {
      const image = images.get(namedImageKey(record.fileName));
      if (!image) {
        skipped.push({ entry: record.fileName, reason: 'image_missing' });
        continue;
      }
      if (annotated.has(image)) {
        skipped.push({ entry: record.fileName, reason: 'duplicate_name' });
        continue;
      }
      annotated.add(image);
      image.width = record.width;
      image.height = record.height;
      addPlannedGeometry(image, record, (name) => labels.add(name), skipped);
      addImageFields(image, { ...record, split: record.split ?? cocoSplit(entry.name) }, skipped);
    }
  }
  return labels.list();
}

/**
 * Plans the import of an opened zip. Throws `format_unknown` when it is neither VOC nor COCO and
 * `annotation_malformed` (with the entry) for an annotation file that does not parse or lacks a
 * required field; entries that are merely unusable are listed in `skipped`.
 */
export async function planDatasetImport(zip: DatasetZip, options: PlanOptions = {}): Promise<ImportPlan> {
  const textZip: TextZip = { zip, maxTextBytes: options.maxTextBytes ?? IMPORT_MAX_TEXT_BYTES };
  const classified: Classified[] = zip.entries.map((entry) => ({ entry, kind: datasetEntryKind(entry.name) }));
  const skipped: Skipped = [];
  const isVoc = classified.some((c) => c.kind.kind === 'vocXml');
  const images = collectImages(classified, skipped);

  const colors = new LabelColors(skipped);
  let labels: string[] | null;
  if (isVoc) {
    labels = await planVoc(textZip, classified, images, skipped, colors);
  } else {
    // A COCO zip's label map only colours the categories (which declare the labels).
    await readLabelMaps(
      textZip,
      classified.filter((c) => c.kind.kind === 'labelMap'),
      colors,
    );
    const jsonEntries = classified.filter((c) => c.kind.kind === 'json').map((c) => c.entry);
    labels = await planCoco(textZip, jsonEntries, images, skipped, colors);
    if (labels === null) throw new DatasetImportError('format_unknown');
  }

  // Files that are neither images nor the format's own annotation files.
  const known: DatasetEntryKind['kind'][] = isVoc
    ? ['image', 'vocXml', 'splitList', 'classList', 'otherImageSet', 'labelMap', 'json']
    : ['image', 'json', 'labelMap'];
  const others = classified
    .filter((c) => !known.includes(c.kind.kind))
    .map((c) => ({ entry: c.entry.name, reason: 'not_image' as const }));

  const format = isVoc ? 'voc' : 'coco';
  const order = new Map(zip.entries.map((e, i) => [e.name, i]));
  const planned = [...images.values()].sort((a, b) => (order.get(a.entry) ?? 0) - (order.get(b.entry) ?? 0));
  for (const image of planned) capAnnotations(image, skipped);
  return { format, images: planned, labels, labelColors: colors.list(labels), skipped: [...others, ...skipped] };
}

/**
 * An image keeps at most ANNOTATIONS_PER_IMAGE_MAX annotations (the API's limit): classes first,
 * then boxes, then polygons, in file order; the rest are left out with one skip entry.
 */
function capAnnotations(image: PlannedImage, skipped: Skipped): void {
  let room = ANNOTATIONS_PER_IMAGE_MAX - image.classes.length;
  const total = image.boxes.length + image.polygons.length;
  if (total <= room) return;
  image.boxes = image.boxes.slice(0, Math.max(0, room));
  room -= image.boxes.length;
  image.polygons = image.polygons.slice(0, Math.max(0, room));
  skipped.push({ entry: image.entry, reason: 'too_many_annotations' });
}
