import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ResourceCreate } from '../../contract/apiMarket';
import { V } from '../../contract/validationMessages';
import type { BlobStore } from '../blobs/BlobStore';
import type { Database } from '../db/schema';
import { ApiError } from '../http/ApiError';
import { enqueueJob } from '../jobs/jobQueue';
import { effectiveRole, projectAccessRow, projectGone } from '../projects/projectAccess';
import { storeCovers } from './coverImages';
import { readDatasetSnapshot, snapshotRows, type DatasetSnapshot } from './datasetSnapshot';
import { RESOURCE_CHECK_JOB } from './resourceCheckJob';

/*
 * Posting a resource (contract/apiMarket.ts POST resources): the caller must be an admin of the
 * project (spec 6); a dataset is frozen as a snapshot of rows that share the project's blobs, a
 * model shares its zip. The row starts 'checking' and a `resource.check` job follows, written in
 * the same transaction so that a resource never waits for a check nobody will run.
 */

/** resource_images rows per INSERT: 14 columns each stays far under every driver's parameter cap. */
const INSERT_BATCH = 500;
const CHECK_ATTEMPTS = 3;

export const alreadyPosted = () =>
  new ApiError('resource_already_posted', 'This resource has already been posted to the market.');
const notProjectAdmin = () => new ApiError('forbidden', 'Only the project’s admins can post its data.');
const modelNotFound = () => new ApiError('not_found', 'No such model.');

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown };
  return e.code === '23505' || (typeof e.message === 'string' && /UNIQUE constraint failed/i.test(e.message));
}

export interface PostResourceInput {
  data: ResourceCreate;
  covers: readonly File[];
  sellerId: string;
}

export interface PostResourceDeps {
  db: Kysely<Database>;
  blobs: BlobStore;
  now: () => Date;
}

/**
 * States a seller may post again over: the posting never reached the market, so a new posting
 * of the same content (with a better description, covers or fixed data) replaces it.
 */
export const REPOSTABLE_STATES: readonly string[] = ['rejected', 'check_failed'];

/**
 * The live (not deleted) resource holding this fingerprint, if any, and whether `sellerId` may
 * replace it: only their own posting that never reached the market.
 */
export async function fingerprintHolder(
  db: Kysely<Database>,
  fingerprint: string,
  sellerId: string,
): Promise<{ id: string; replaceable: boolean } | null> {
  const row = await db
    .selectFrom('resources')
    .select(['id', 'seller_id', 'approval'])
    .where('fingerprint', '=', fingerprint)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  return { id: row.id, replaceable: row.seller_id === sellerId && REPOSTABLE_STATES.includes(row.approval) };
}

type ModelPart = {
  fingerprint: string;
  labels: string;
  blobKey: string;
  model: string;
  bytes: number;
};

async function readModelPart(db: Kysely<Database>, projectId: string, modelId: string): Promise<ModelPart> {
  const row = await db
    .selectFrom('models')
    .select(['id', 'task', 'network', 'backbone', 'input_size', 'labels', 'metrics', 'manifest', 'blob_key', 'bytes'])
    .select('resource_id')
    .where('project_id', '=', projectId)
    .where('id', '=', modelId)
    .executeTakeFirst();
  if (!row) throw modelNotFound();
  // A model bought on the market is the buyer's to use, not to sell again.
  if (row.resource_id) throw new ApiError('forbidden', 'A model bought on the market cannot be posted.');
  const labels = (JSON.parse(row.labels) as { name: string; color: string }[]).map((l) => ({
    name: l.name,
    color: l.color,
  }));
  return {
    fingerprint: `model:${row.id}`,
    labels: JSON.stringify(labels),
    blobKey: row.blob_key,
    model: JSON.stringify({
      task: row.task,
      network: row.network,
      inputSize: Number(row.input_size),
      metrics: JSON.parse(row.metrics || '{}') as unknown,
      manifest: JSON.parse(row.manifest) as unknown,
      backbone: row.backbone,
    }),
    bytes: Number(row.bytes),
  };
}

/** Posts a resource; returns its id. Throws the contract's refusals (403, 404, 409, 400, 415). */
export async function postResource(deps: PostResourceDeps, input: PostResourceInput): Promise<string> {
  const { db, blobs, now } = deps;
  const { data, sellerId } = input;
  const access = await projectAccessRow(db, data.projectId, sellerId);
  const role = access ? effectiveRole(access.member_role, access.org_role) : null;
  if (!access || !role) throw notProjectAdmin();
  if (access.deleted_at) throw projectGone();
  if (role !== 'admin') throw notProjectAdmin();
  const project = await db
    .selectFrom('projects')
    .select(['id', 'subtype'])
    .where('id', '=', data.projectId)
    .executeTakeFirstOrThrow();

  let snapshot: DatasetSnapshot | null = null;
  let model: ModelPart | null = null;
  if (data.kind === 'dataset') {
    snapshot = await readDatasetSnapshot(db, project.id);
    if (snapshot.images.length === 0)
      throw new ApiError('validation', 'The project has no images to post.', {
        fields: { projectId: V.resourceEmpty },
      });
  } else {
    model = await readModelPart(db, project.id, data.modelId!);
  }
  const fingerprint = snapshot?.fingerprint ?? model!.fingerprint;
  const holder = await fingerprintHolder(db, fingerprint, sellerId);
  if (holder && !holder.replaceable) throw alreadyPosted();

  const covers = await storeCovers(blobs, input.covers);
  const id = randomUUID();
  const at = now().toISOString();
  try {
    await db.transaction().execute(async (trx) => {
      if (holder) {
        // The rejected or failed posting steps aside (soft, as a seller's delete) for this one.
        const replaced = await trx
          .updateTable('resources')
          .set({ deleted_at: at, updated_at: at })
          .where('id', '=', holder.id)
          .where('approval', 'in', [...REPOSTABLE_STATES])
          .where('deleted_at', 'is', null)
          .executeTakeFirst();
        if (Number(replaced.numUpdatedRows) !== 1) throw alreadyPosted();
      }
      await trx
        .insertInto('resources')
        .values({
          id,
          seller_id: sellerId,
          project_id: project.id,
          kind: data.kind,
          name: data.name,
          description: data.description,
          price: data.price,
          format: data.format,
          fields: JSON.stringify([...new Set(data.fields)]),
          visibility: data.visibility,
          approval: 'checking',
          reject_reason: null,
          check_error: null,
          reviewed_by: null,
          subtype: project.subtype,
          fingerprint,
          labels: snapshot ? JSON.stringify(snapshot.labels) : model!.labels,
          image_count: snapshot?.images.length ?? 0,
          annotation_count: snapshot?.annotationCount ?? 0,
          covers: JSON.stringify(covers),
          samples: JSON.stringify(snapshot?.samples ?? []),
          model_blob_key: model?.blobKey ?? null,
          model: model?.model ?? null,
          bytes: snapshot?.bytes ?? model!.bytes,
          purchase_count: 0,
          created_at: at,
          updated_at: at,
          approved_at: null,
          deleted_at: null,
        })
        .execute();
      if (snapshot) {
        const rows = snapshotRows(id, snapshot.images);
        for (let i = 0; i < rows.length; i += INSERT_BATCH)
          await trx
            .insertInto('resource_images')
            .values(rows.slice(i, i + INSERT_BATCH))
            .execute();
      }
      await enqueueJob(trx, now, {
        kind: RESOURCE_CHECK_JOB,
        projectId: null,
        payload: { resourceId: id },
        maxAttempts: CHECK_ATTEMPTS,
      });
    });
  } catch (error) {
    // Two postings of the same snapshot raced: the unique index let one through.
    if (isUniqueViolation(error)) throw alreadyPosted();
    throw error;
  }
  return id;
}
