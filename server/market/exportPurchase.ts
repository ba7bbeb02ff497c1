import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import type { ResourceExport, ResourceExportResult } from '../../contract/apiMarket';
import { requireRoom, type RoomContext } from '../billing/requireRoom';
import type { Dialect } from '../db/createDatabase';
import type { Database } from '../db/schema';
import { ApiError } from '../http/ApiError';
import { copySnapshot, snapshotBytes } from './exportDataset';
import { boughtModelIn, insertBoughtModel, modelFitsSubtype, modelLabelsOf, resourceModelOf } from './exportModel';
import { checkExportTarget, createExportProject, targetMismatch, type ExportTarget } from './exportTarget';
import { mergeLabels } from './mergeLabels';
import { selectResources, type ResourceRow } from './resourceViews';

const labelsSchema = z.array(z.object({ name: z.string(), color: z.string() }));

export const purchaseNotFound = () => new ApiError('not_found', 'No such purchase.');

/** What an export reads: a database it can open a transaction on, its dialect, PLAN_LIMITS and the clock. */
export type ExportContext = RoomContext & { db: Kysely<Database>; dialect: Dialect };

/**
 * The buyer's live purchase and its resource (kept for the buyer even when the seller made it
 * private or took it off the market). 404 for anyone else's purchase and for a canceled one.
 */
export async function livePurchaseOf(
  db: Kysely<Database>,
  purchaseId: string,
  userId: string,
): Promise<{ id: string; resource: ResourceRow }> {
  const purchase = await db
    .selectFrom('purchases')
    .select(['id', 'resource_id'])
    .where('id', '=', purchaseId)
    .where('buyer_id', '=', userId)
    .where('canceled_at', 'is', null)
    .executeTakeFirst();
  if (!purchase) throw purchaseNotFound();
  const resource = await selectResources(db).where('resources.id', '=', purchase.resource_id).executeTakeFirst();
  if (!resource) throw purchaseNotFound();
  return { id: purchase.id, resource };
}

/**
 * The target project: a new one (counted against the plan's projects and created), or the
 * checked existing one whose type must fit (`fits`; 400 `validation` on `projectId` otherwise).
 */
async function resolveTarget(
  trx: Transaction<Database>,
  ctx: RoomContext & { dialect: Dialect },
  input: { userId: string; body: ResourceExport; subtype: string; fits: (subtype: string) => boolean; now: string },
): Promise<ExportTarget> {
  const checked = await checkExportTarget(trx, ctx.dialect, input.userId, input.body);
  if (checked.kind === 'existing') {
    if (!input.fits(checked.target.subtype)) throw targetMismatch();
    return checked.target;
  }
  await requireRoom(ctx, checked.account, 'projects', 1);
  return createExportProject(trx, {
    title: checked.title,
    subtype: input.subtype,
    organizationId: checked.organizationId,
    account: checked.account,
    userId: input.userId,
    now: input.now,
  });
}

/**
 * Exports a purchase into a project, all in one transaction (any refusal writes nothing): a
 * dataset's images, annotations and tags into a new project of its type or an existing one of
 * the same type; a model into a new project of its type or an existing one that trains its task
 * (then it is a pre-trained choice of the training wizard and can be deployed). Label classes
 * are merged by name (409 `label_room` past PROJECT_LABELS_MAX); the plan's projects and storage
 * limits hold (403 `plan_limit`). Each export is recorded in resource_exports.
 */
export async function exportPurchase(
  ctx: ExportContext,
  input: { purchaseId: string; userId: string; body: ResourceExport },
): Promise<ResourceExportResult> {
  const { userId, body } = input;
  const purchase = await livePurchaseOf(ctx.db, input.purchaseId, userId);
  const resource = purchase.resource;
  const labels = labelsSchema.parse(JSON.parse(resource.labels));
  const now = ctx.now().toISOString();

  return ctx.db.transaction().execute(async (trx) => {
    const room = { ...ctx, db: trx };
    let result: ResourceExportResult;
    if (resource.kind === 'model') {
      const model = resourceModelOf(resource);
      const modelLabels = modelLabelsOf(model, labels);
      const target = await resolveTarget(trx, room, {
        userId,
        body,
        subtype: resource.subtype,
        fits: (subtype) => modelFitsSubtype(model, subtype),
        now,
      });
      const merged = await mergeLabels(trx, target.projectId, modelLabels, now);
      if (!(await boughtModelIn(trx, target.projectId, resource.id)))
        await requireRoom(room, target.account, 'storage', Number(resource.bytes));
      const { modelId } = await insertBoughtModel(trx, {
        resource,
        model,
        modelLabels,
        projectId: target.projectId,
        labelIds: merged.ids,
        userId,
        now,
      });
      result = { projectId: target.projectId, images: 0, annotations: 0, labelsAdded: merged.added, modelId };
    } else {
      const target = await resolveTarget(trx, room, {
        userId,
        body,
        subtype: resource.subtype,
        fits: (subtype) => subtype === resource.subtype,
        now,
      });
      await requireRoom(room, target.account, 'storage', await snapshotBytes(trx, resource.id));
      const merged = await mergeLabels(trx, target.projectId, labels, now);
      const copied = await copySnapshot(trx, {
        resourceId: resource.id,
        target,
        labels: labels.map((l) => l.name),
        labelIds: merged.ids,
        userId,
        now,
      });
      result = { projectId: target.projectId, ...copied, labelsAdded: merged.added, modelId: null };
    }
    await trx
      .insertInto('resource_exports')
      .values({
        id: randomUUID(),
        purchase_id: purchase.id,
        project_id: result.projectId,
        model_id: result.modelId,
        created_by: userId,
        created_at: now,
      })
      .execute();
    return result;
  });
}
