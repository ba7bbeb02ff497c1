import type { Annotation, ImageAnnotations } from '../../contract/apiAnnotations';
import { ANNOTATION_KINDS } from '../../contract/apiAnnotations';
import type { Db } from '../db/Db';
import type { AnnotationsTable } from '../db/schema';

/** Rows written per INSERT: 13 columns × 500 stays far under SQLite's bound-parameter limit. */
export const ANNOTATION_INSERT_CHUNK = 500;

const isKind = (v: string): v is Annotation['kind'] => (ANNOTATION_KINDS as readonly string[]).includes(v);

/** The columns an annotation view is made from. */
export const ANNOTATION_COLUMNS = [
  'id',
  'label_id',
  'kind',
  'x',
  'y',
  'width',
  'height',
  'data',
  'version',
  'source',
  'score',
] as const;

export type AnnotationViewRow = Pick<
  AnnotationsTable,
  'id' | 'label_id' | 'kind' | 'x' | 'y' | 'width' | 'height' | 'data'
> & { version: number; source?: string; score?: number | null };

/** Polygon points as stored in `data`: a flat JSON array of numbers; anything else reads as none. */
function pointsOf(data: string | null): number[] | undefined {
  if (data === null) return undefined;
  try {
    const parsed: unknown = JSON.parse(data);
    return Array.isArray(parsed) && parsed.every((n) => typeof n === 'number') ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** One stored annotation as the API shows it (null for a kind this API does not know). */
export function annotationView(r: AnnotationViewRow): Annotation | null {
  if (!isKind(r.kind)) return null;
  const view: Annotation = {
    id: r.id,
    labelId: r.label_id,
    kind: r.kind,
    x: Number(r.x),
    y: Number(r.y),
    width: Number(r.width),
    height: Number(r.height),
    version: Number(r.version),
  };
  if (r.kind === 'polygon') {
    const points = pointsOf(r.data);
    if (!points) return null;
    view.points = points;
  }
  // A person's annotation leaves both out (the contract's default); a model's label says so, with its score.
  if (r.source === 'machine') {
    view.source = 'machine';
    view.score = r.score === null || r.score === undefined ? null : Number(r.score);
  }
  return view;
}

/** An image known to belong to the caller's project, with its annotation revision. */
export interface ImageRevision {
  id: string;
  annotation_revision: number;
}

/**
 * The annotations of `images` (already known to belong to the caller's project), grouped by
 * image in the order given, each set in creation order (the annotations_image_order index hands
 * them over sorted, so 100,000 rows need no sort).
 */
export async function annotationsOf(db: Db, images: readonly ImageRevision[]): Promise<ImageAnnotations[]> {
  const byImage = new Map<string, Annotation[]>(images.map((i) => [i.id, []]));
  const ids = [...byImage.keys()];
  for (let i = 0; i < ids.length; i += ANNOTATION_INSERT_CHUNK) {
    const rows = await db
      .selectFrom('annotations')
      .select(['image_id', ...ANNOTATION_COLUMNS])
      .where('image_id', 'in', ids.slice(i, i + ANNOTATION_INSERT_CHUNK))
      .orderBy('image_id')
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    let image: string | undefined;
    let list: Annotation[] | undefined;
    for (const r of rows) {
      if (r.image_id !== image) {
        image = r.image_id;
        list = byImage.get(image);
      }
      const view = annotationView(r);
      if (view) list?.push(view);
    }
  }
  return images.map((i) => ({
    imageId: i.id,
    revision: Number(i.annotation_revision),
    annotations: byImage.get(i.id) ?? [],
  }));
}
