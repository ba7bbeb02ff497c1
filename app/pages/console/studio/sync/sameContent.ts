import type { Annotation } from '../../../../../contract/apiAnnotations';
import type { AnnotationState } from './syncTypes';

/**
 * Whether my wanted state and the server's annotation say the same thing (label, kind and
 * geometry; a polygon by its points, whose bounding box the server computes; a class by its
 * label). Both null (deleted on both sides) is the same too.
 */
export function sameContent(mine: AnnotationState | null, theirs: Annotation | null): boolean {
  if (mine === null || theirs === null) return mine === theirs;
  if (mine.labelId !== theirs.labelId || mine.kind !== theirs.kind) return false;
  if (mine.kind === 'class') return true;
  if (mine.kind === 'polygon') {
    const p = mine.points ?? [];
    const q = theirs.points ?? [];
    return p.length === q.length && p.every((v, i) => v === q[i]);
  }
  return mine.x === theirs.x && mine.y === theirs.y && mine.width === theirs.width && mine.height === theirs.height;
}
