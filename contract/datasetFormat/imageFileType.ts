/**
 * An image's type from its first bytes (as the server types uploads: server/images/
 * datasetImageType.ts) and a file name whose extension says that type. The exporter names each
 * image by its bytes, so a PNG uploaded as 'photo.jpg' leaves as 'photo.png' and imports (and
 * opens in any viewer) as what it is; the bytes themselves are never touched.
 */

export type ImageFileType = 'png' | 'jpeg' | 'webp' | 'gif' | 'tiff' | 'bmp';

/** Extensions of each type, the one a renamed file gets first. */
const EXTENSIONS: Record<ImageFileType, readonly string[]> = {
  png: ['png'],
  jpeg: ['jpg', 'jpeg', 'jpe'],
  webp: ['webp'],
  gif: ['gif'],
  tiff: ['tif', 'tiff'],
  bmp: ['bmp'],
};
const IMAGE_EXTENSIONS = new Set(Object.values(EXTENSIONS).flat());

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/** The type the bytes start with, or null for none of the dataset types. */
export function sniffImageType(bytes: Uint8Array): ImageFileType | null {
  const b = bytes;
  if (b.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b[i] === v)) return 'png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 12 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP') return 'webp';
  if (b.length >= 6 && (ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a')) return 'gif';
  if (b.length >= 4 && (ascii(b, 0, 4) === 'II*\0' || ascii(b, 0, 4) === 'MM\0*')) return 'tiff';
  if (b.length >= 2 && ascii(b, 0, 2) === 'BM') return 'bmp';
  return null;
}

/**
 * `fileName` with an extension of `type`: a fitting one is kept as written (any case), another
 * image type's is replaced, and a name without an image extension gets one added ('scan.v2' →
 * 'scan.v2.png'). A null type leaves the name as it is.
 */
export function nameForType(fileName: string, type: ImageFileType | null): string {
  if (type === null) return fileName;
  const dot = fileName.lastIndexOf('.');
  const ext = dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
  const fitting = EXTENSIONS[type];
  if (fitting.includes(ext)) return fileName;
  const stem = IMAGE_EXTENSIONS.has(ext) ? fileName.slice(0, dot) : fileName;
  return `${stem}.${fitting[0] ?? type}`;
}
