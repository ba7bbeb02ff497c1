import type { Annotation, ImageAnnotations } from '../../contract/apiAnnotations';
import type { Db } from '../db/Db';

/** Rows written per INSERT: 11 columns × 500 stays far under SQLite's bound-parameter limit. */
export const ANNOTATION_INSERT_CHUNK = 500;

const KINDS: readonly Annotation['kind'][] = ['box', 'class'];
const isKind = (v: string): v is Annotation['kind'] => (KINDS as readonly string[]).includes(v);

/**
 * The annotations of `imageIds` (already known to belong to the caller's project), grouped by
 * image in the order of `imageIds`. Kinds this API does not serve (polygons) are left out.
 */
export async function annotationsOf(db: Db, imageIds: readonly string[]): Promise<ImageAnnotations[]> {
  const byImage = new Map<string, Annotation[]>(imageIds.map((id) => [id, []]));
  for (let i = 0; i < imageIds.length; i += ANNOTATION_INSERT_CHUNK) {
    const rows = await db
      .selectFrom('annotations')
      .select(['id', 'image_id', 'label_id', 'kind', 'x', 'y', 'width', 'height'])
      .where('image_id', 'in', imageIds.slice(i, i + ANNOTATION_INSERT_CHUNK))
      .orderBy('image_id')
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    for (const r of rows) {
      if (!isKind(r.kind)) continue;
      byImage.get(r.image_id)?.push({
        id: r.id,
        labelId: r.label_id,
        kind: r.kind,
        x: Number(r.x),
        y: Number(r.y),
        width: Number(r.width),
        height: Number(r.height),
      });
    }
  }
  return [...byImage].map(([imageId, annotations]) => ({ imageId, annotations }));
}
