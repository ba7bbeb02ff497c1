import { COVER_EXTENSIONS, COVER_MAX_BYTES, COVER_MAX_COUNT } from '../../../../contract/apiMarket';

/** Why a cover file is refused before anything is uploaded. */
export type CoverRefusal = 'type' | 'size' | 'count';

export interface CoverCheck {
  accepted: File[];
  refused: { name: string; reason: CoverRefusal }[];
}

const EXTENSION = new RegExp(`\\.(${COVER_EXTENSIONS.join('|')})$`, 'i');

/** The image kind a file's first bytes announce (png, jpeg, bmp), or null for anything else. */
export function sniffCover(head: Uint8Array): 'png' | 'jpeg' | 'bmp' | null {
  if (head.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => head[i] === b)) return 'png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.length >= 2 && head[0] === 0x42 && head[1] === 0x4d) return 'bmp';
  return null;
}

async function headOf(file: File): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(0, 8).arrayBuffer());
}

/**
 * Sorts new cover files into those to keep and those refused (spec 5: png, jpeg, bmp or jpg, each
 * under 10 MB, at most 5 in all). The name's ending and the first bytes must both say image: a
 * renamed text file is refused here rather than after a 10 MB upload. `kept` is how many covers
 * the form already holds.
 */
export async function checkCovers(files: readonly File[], kept: number): Promise<CoverCheck> {
  const result: CoverCheck = { accepted: [], refused: [] };
  for (const file of files) {
    if (!EXTENSION.test(file.name) || (await headOf(file).then(sniffCover)) === null)
      result.refused.push({ name: file.name, reason: 'type' });
    else if (file.size >= COVER_MAX_BYTES) result.refused.push({ name: file.name, reason: 'size' });
    else if (kept + result.accepted.length >= COVER_MAX_COUNT)
      result.refused.push({ name: file.name, reason: 'count' });
    else result.accepted.push(file);
  }
  return result;
}
