import type { Selectable } from 'kysely';
import { z } from 'zod';
import {
  RESOURCE_CHECK_ERRORS,
  RESOURCE_FIELDS,
  resourceSampleSchema,
  type Resource,
  type ResourceCheckError,
  type ResourceField,
} from '../../contract/apiMarket';
import type { Db } from '../db/Db';
import type { ResourcesTable } from '../db/marketSchema';
import type { UserRow } from '../db/schema';
import { scopesOf } from '../users/userViews';

/** A resource row with its seller's name (null once the seller's account is gone). */
export type ResourceRow = Selectable<ResourcesTable> & { seller_name: string | null };

/** Resources (deleted ones included: narrow with `.where('resources.deleted_at', 'is', null)`) with the seller's name. */
export function selectResources(db: Db) {
  return db
    .selectFrom('resources')
    .leftJoin('users', 'users.id', 'resources.seller_id')
    .selectAll('resources')
    .select('users.name as seller_name');
}

/** Who is looking: null for anonymous. */
export type Viewer = Pick<UserRow, 'id' | 'scope'> | null;

export function isPlatformAdmin(viewer: Viewer): boolean {
  return viewer !== null && scopesOf(viewer as UserRow).includes('admin');
}

/**
 * Whether a viewer may see a resource at all: approved public ones are for everyone; otherwise
 * its seller, platform admins and its buyers (a bought resource stays theirs). Deleted: sellers,
 * admins and buyers only. Callers answer 404 otherwise, so nobody learns it exists.
 */
export function canSeeResource(row: ResourceRow, viewer: Viewer, purchased: boolean): boolean {
  if (viewer && (row.seller_id === viewer.id || isPlatformAdmin(viewer) || purchased)) return true;
  return row.deleted_at === null && row.approval === 'approved' && row.visibility === 'public';
}

const coversSchema = z.array(
  z.object({ blobKey: z.string(), type: z.string(), width: z.number(), height: z.number(), bytes: z.number() }),
);
export type StoredCover = z.infer<typeof coversSchema>[number];
const storedSampleSchema = resourceSampleSchema.extend({ blobKey: z.string() });
export type StoredSample = z.infer<typeof storedSampleSchema>;
const labelsSchema = z.array(z.object({ name: z.string(), color: z.string() }));
const modelSchema = z.object({
  task: z.string(),
  network: z.string(),
  inputSize: z.number(),
  metrics: z.record(z.string(), z.unknown()),
});

export function coversOf(row: { covers: string }): StoredCover[] {
  return coversSchema.parse(JSON.parse(row.covers));
}
export function samplesOf(row: { samples: string }): StoredSample[] {
  return z.array(storedSampleSchema).parse(JSON.parse(row.samples));
}

function fieldsOf(json: string): ResourceField[] {
  const parsed = z.array(z.string()).parse(JSON.parse(json));
  return parsed.filter((f): f is ResourceField => (RESOURCE_FIELDS as readonly string[]).includes(f));
}

function checkErrorOf(value: string | null): ResourceCheckError | null {
  return value && (RESOURCE_CHECK_ERRORS as readonly string[]).includes(value) ? (value as ResourceCheckError) : null;
}

/** What the viewer has to do with the resource (filled from their bookmarks and purchases). */
export interface ViewerMarks {
  bookmarked: boolean;
  purchased: boolean;
}

/** The contract's view of a resource. The seller and platform admins see why it was rejected or failed. */
export function resourceView(row: ResourceRow, viewer: Viewer, marks: ViewerMarks): Resource {
  const mine = viewer !== null && row.seller_id === viewer.id;
  const privileged = mine || isPlatformAdmin(viewer);
  const labels = labelsSchema.parse(JSON.parse(row.labels));
  const model = row.model ? modelSchema.parse(JSON.parse(row.model)) : null;
  return {
    id: row.id,
    kind: row.kind === 'model' ? 'model' : 'dataset',
    name: row.name,
    description: row.description,
    price: Number(row.price),
    format: row.format as Resource['format'],
    fields: fieldsOf(row.fields),
    visibility: row.visibility === 'private' ? 'private' : 'public',
    approval: row.approval as Resource['approval'],
    rejectReason: privileged ? row.reject_reason : null,
    checkError: privileged ? checkErrorOf(row.check_error) : null,
    seller: { id: row.seller_id ?? '', name: row.seller_name ?? '' },
    subtype: row.subtype,
    covers: coversOf(row).length,
    labels,
    counts: { images: Number(row.image_count), annotations: Number(row.annotation_count), labels: labels.length },
    samples: samplesOf(row).map(({ blobKey: _key, ...sample }) => sample),
    model: model
      ? { task: model.task, network: model.network, inputSize: model.inputSize, metrics: model.metrics }
      : null,
    bytes: Number(row.bytes),
    purchases: Number(row.purchase_count),
    createdAt: row.created_at,
    approvedAt: row.approved_at,
    bookmarked: marks.bookmarked,
    purchased: marks.purchased,
    mine,
  };
}

/** The viewer's bookmarks and live purchases among the given resources (two queries). */
export async function viewerMarks(db: Db, viewer: Viewer, resourceIds: string[]): Promise<Map<string, ViewerMarks>> {
  const marks = new Map<string, ViewerMarks>(resourceIds.map((id) => [id, { bookmarked: false, purchased: false }]));
  if (!viewer || resourceIds.length === 0) return marks;
  const [bookmarks, purchases] = await Promise.all([
    db
      .selectFrom('resource_bookmarks')
      .select('resource_id')
      .where('user_id', '=', viewer.id)
      .where('resource_id', 'in', resourceIds)
      .execute(),
    db
      .selectFrom('purchases')
      .select('resource_id')
      .where('buyer_id', '=', viewer.id)
      .where('canceled_at', 'is', null)
      .where('resource_id', 'in', resourceIds)
      .execute(),
  ]);
  for (const b of bookmarks) marks.get(b.resource_id)!.bookmarked = true;
  for (const p of purchases) marks.get(p.resource_id)!.purchased = true;
  return marks;
}

/** Views of many rows for one viewer, in the rows' order. */
export async function resourceViews(db: Db, rows: ResourceRow[], viewer: Viewer): Promise<Resource[]> {
  const marks = await viewerMarks(
    db,
    viewer,
    rows.map((r) => r.id),
  );
  return rows.map((row) => resourceView(row, viewer, marks.get(row.id)!));
}
