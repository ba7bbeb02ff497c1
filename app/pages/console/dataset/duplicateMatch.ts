import type { DuplicateFinder, DuplicateOf, UploadItem } from './uploadTypes';

type Match = Awaited<ReturnType<DuplicateFinder['find']>>[number];

/** Files hashed before one question to the server: at most this many … */
export const CHECK_GROUP_FILES = 50;
/** … and about this many bytes, so the first files start soon even in a batch of large ones. */
export const CHECK_GROUP_BYTES = 128 * 1024 * 1024;

/** The next files to hash and ask about together: the first rows still checking. */
export function nextCheckGroup(items: readonly UploadItem[]): UploadItem[] {
  const group: UploadItem[] = [];
  let bytes = 0;
  for (const item of items) {
    if (item.state !== 'checking') continue;
    if (group.length > 0 && (group.length >= CHECK_GROUP_FILES || bytes + item.bytes > CHECK_GROUP_BYTES)) break;
    group.push(item);
    bytes += item.bytes;
  }
  return group;
}

/** States of a row whose bytes are, or are about to be, in the project. */
const GOING_UP = new Set(['queued', 'uploading', 'processing', 'ready', 'duplicate']);

/**
 * What a checked file duplicates: the project's image with the same bytes (the server's answer),
 * else an earlier file of the queue with the same bytes that is going up or already up; null
 * when it is new. A duplicate the user chose to keep counts as going up, so a third copy asks too.
 */
export function duplicateOfFor(
  item: UploadItem,
  match: Match | undefined,
  items: readonly UploadItem[],
): DuplicateOf | null {
  if (match)
    return {
      imageId: match.imageId,
      fileName: match.fileName,
      folder: match.folder,
      thumbnailUrl: match.thumbnailUrl,
      inUpload: false,
    };
  const earlier = items.find((other) => other.id < item.id && other.hash === item.hash && GOING_UP.has(other.state));
  if (!earlier) return null;
  return {
    imageId: earlier.imageId,
    fileName: earlier.name,
    folder: earlier.folder ?? '',
    thumbnailUrl: null,
    inUpload: true,
  };
}
