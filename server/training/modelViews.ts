import type { Selectable } from 'kysely';
import type { Model } from '../../contract/apiModels';
import type { Db } from '../db/Db';
import type { ModelsTable } from '../db/schema';

export type ModelRowWithCreator = Selectable<ModelsTable> & { creator_name: string | null };

/** Models with their creators' names; narrow with `.where(...)`. */
export function selectModels(db: Db) {
  return db
    .selectFrom('models')
    .leftJoin('users', 'users.id', 'models.created_by')
    .selectAll('models')
    .select('users.name as creator_name');
}

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** contract modelSchema; `assistModelId` is the project's assist model (projects.assist_model_id). */
export function modelView(row: ModelRowWithCreator, assistModelId: string | null): Model {
  return {
    id: row.id,
    projectId: row.project_id,
    tag: row.tag,
    task: row.task as Model['task'],
    network: row.network as Model['network'],
    backbone: row.backbone as Model['backbone'],
    inputSize: Number(row.input_size),
    labels: parseJson<Model['labels']>(row.labels, []),
    metrics: parseJson<Model['metrics']>(row.metrics, {}),
    trainingId: row.training_id,
    source: row.source as Model['source'],
    bytes: Number(row.bytes),
    createdBy: row.created_by ? { id: row.created_by, name: row.creator_name ?? '' } : null,
    createdAt: row.created_at,
    assist: row.id === assistModelId,
    resourceId: row.resource_id ?? null,
  };
}

/** The project's assist model id (null: none chosen). */
export async function assistModelIdOf(db: Db, projectId: string): Promise<string | null> {
  const row = await db.selectFrom('projects').select('assist_model_id').where('id', '=', projectId).executeTakeFirst();
  return row?.assist_model_id ?? null;
}
