/**
 * What a zip entry is to the planner, from its path alone (the server checks images' real bytes
 * later). VOC files are recognised wherever their folder sits, so a zip with a top folder
 * ('VOC2012/Annotations/…') plans like one without.
 */

export type DatasetEntryKind =
  | { kind: 'image' }
  | { kind: 'vocXml' }
  | { kind: 'splitList'; split: 'train' | 'val' | 'test' }
  | { kind: 'classList'; className: string; split: 'train' | 'val' | 'test' }
  | { kind: 'otherImageSet' }
  | { kind: 'labelMap' }
  | { kind: 'json' }
  | { kind: 'other' };

/** Extensions of the types an upload accepts (server/images/datasetImageType.ts). */
const IMAGE_EXTENSIONS = new Set(['jpg', 'jpeg', 'jpe', 'png', 'webp', 'gif', 'tif', 'tiff', 'bmp']);

/** The last path segment. */
export function entryFileName(name: string): string {
  return name.slice(name.lastIndexOf('/') + 1);
}

/** The file name without its last extension ("a.b.jpg" → "a.b"), as the exporter names annotations. */
export function entryBaseName(name: string): string {
  const file = entryFileName(name);
  const dot = file.lastIndexOf('.');
  return dot > 0 ? file.slice(0, dot) : file;
}

/** Images are matched case-insensitively, as the exporter keeps base names unique. */
export const imageKey = (name: string): string => entryBaseName(name).toLowerCase();

function extension(name: string): string {
  const file = entryFileName(name);
  const dot = file.lastIndexOf('.');
  return dot > 0 ? file.slice(dot + 1).toLowerCase() : '';
}

/** VOC's segmentation masks and macOS's resource forks look like images but are none. */
function isNotDatasetImage(name: string): boolean {
  const segments = name.split('/');
  return (
    entryFileName(name).startsWith('.') ||
    segments.some((s) => s === '__MACOSX' || s === 'SegmentationClass' || s === 'SegmentationObject')
  );
}

export function datasetEntryKind(name: string): DatasetEntryKind {
  const segments = name.split('/');
  const file = segments[segments.length - 1] ?? '';
  const parent = segments[segments.length - 2] ?? '';
  const grandParent = segments[segments.length - 3] ?? '';
  const ext = extension(name);
  if (isNotDatasetImage(name)) return { kind: 'other' };
  if (parent === 'Annotations' && ext === 'xml') return { kind: 'vocXml' };
  if (grandParent === 'ImageSets' && ext === 'txt') {
    const base = entryBaseName(name);
    if (parent === 'Main') {
      const split = /^(train|val|test)$/.exec(base)?.[1];
      if (split === 'train' || split === 'val' || split === 'test') return { kind: 'splitList', split };
      const classList = /^(.+)_(train|val|test)$/.exec(base);
      const [, className, listSplit] = classList ?? [];
      if (className && (listSplit === 'train' || listSplit === 'val' || listSplit === 'test'))
        return { kind: 'classList', className, split: listSplit };
    }
    return { kind: 'otherImageSet' };
  }
  if (/^label_?map\.txt$/i.test(file)) return { kind: 'labelMap' };
  if (ext === 'json') return { kind: 'json' };
  if (IMAGE_EXTENSIONS.has(ext)) return { kind: 'image' };
  return { kind: 'other' };
}
