import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import type { Model } from '../../contract/apiModels';
import type { Database } from '../db/schema';
import { labelKeyOf } from '../projects/labelViews';
import { taskOfSubtypeOrNull } from '../training/createTraining';
import type { ResourceRow } from './resourceViews';

/** What a model resource stores of its model (resources.model). */
const resourceModelSchema = z.object({
  task: z.string(),
  network: z.string(),
  backbone: z.string(),
  inputSize: z.number().int(),
  metrics: z.record(z.string(), z.unknown()),
  manifest: z.looseObject({ labels: z.array(z.object({ name: z.string(), color: z.string() })).optional() }),
});
export type ResourceModel = z.infer<typeof resourceModelSchema>;

export function resourceModelOf(row: Pick<ResourceRow, 'id' | 'model'>): ResourceModel {
  if (!row.model) throw new Error(`resource ${row.id} has no model`);
  return resourceModelSchema.parse(JSON.parse(row.model));
}

/** The model's labels in output order (the manifest's), falling back to the resource's list. */
export function modelLabelsOf(model: ResourceModel, resourceLabels: readonly { name: string; color: string }[]) {
  return model.manifest.labels ?? [...resourceLabels];
}

/** Whether a project of `subtype` trains the model's task (so it can use and serve it). */
export function modelFitsSubtype(model: ResourceModel, subtype: string): boolean {
  return taskOfSubtypeOrNull(subtype) === model.task;
}

/** The project's model that came from this resource, if it was exported there before. */
export async function boughtModelIn(
  trx: Transaction<Database>,
  projectId: string,
  resourceId: string,
): Promise<string | null> {
  const row = await trx
    .selectFrom('models')
    .select('id')
    .where('project_id', '=', projectId)
    .where('resource_id', '=', resourceId)
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * Adds a bought model to the project inside the caller's transaction: a models row sharing the
 * resource's zip (source 'uploaded', resource_id set, tagged with the resource's name), whose
 * labels are the project's labels matched by name to the model's outputs in order. A project
 * that already holds this resource's model gets that one back instead of a second copy.
 */
export async function insertBoughtModel(
  trx: Transaction<Database>,
  input: {
    resource: ResourceRow;
    model: ResourceModel;
    /** The model's labels in output order (modelLabelsOf). */
    modelLabels: readonly { name: string; color: string }[];
    projectId: string;
    labelIds: ReadonlyMap<string, string>;
    userId: string;
    now: string;
  },
): Promise<{ modelId: string; created: boolean }> {
  const { resource, model } = input;
  const existing = await boughtModelIn(trx, input.projectId, resource.id);
  if (existing) return { modelId: existing, created: false };
  if (!resource.model_blob_key) throw new Error(`resource ${resource.id} has no model zip`);

  const projectLabels = await trx
    .selectFrom('labels')
    .select(['id', 'name', 'color'])
    .where('project_id', '=', input.projectId)
    .execute();
  const byId = new Map(projectLabels.map((l) => [l.id, l]));
  const labels: Model['labels'] = input.modelLabels.map((wanted) => {
    const label = byId.get(input.labelIds.get(labelKeyOf(wanted.name)) ?? '');
    if (!label) throw new Error(`resource ${resource.id}: label ${wanted.name} was not merged`);
    return { id: label.id, name: label.name, color: label.color };
  });
  const id = randomUUID();
  await trx
    .insertInto('models')
    .values({
      id,
      project_id: input.projectId,
      training_id: null,
      tag: resource.name,
      task: model.task,
      network: model.network,
      backbone: model.backbone,
      input_size: model.inputSize,
      labels: JSON.stringify(labels),
      metrics: JSON.stringify(model.metrics),
      manifest: JSON.stringify(model.manifest),
      source: 'uploaded',
      blob_key: resource.model_blob_key,
      bytes: Number(resource.bytes),
      created_by: input.userId,
      created_at: input.now,
      resource_id: resource.id,
    })
    .execute();
  return { modelId: id, created: true };
}
