import { randomBytes, randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { LOCAL_INSTANCE_TYPES, type Enrollment, type pointCreateSchema } from '../../contract/apiDeploy';
import { V } from '../../contract/validationMessages';
import type { Db } from '../db/Db';
import { ApiError } from '../http/ApiError';
import type { JobQueue } from '../jobs/jobQueue';
import { insertDeployment } from './createDeployment';
import { createEnrollment } from './enrollments';

type PointCreate = z.output<typeof pointCreateSchema>;

const invalid = (field: string, message: string) =>
  new ApiError('validation', 'The point settings are not valid.', { fields: { [field]: message } });

/**
 * Creates a point in one transaction (pass a transaction as `db`): an edge point with its first
 * enrolment token; a web point on the local server with its model recorded as a deployment and
 * its `point.prepare` job queued. Cloud servers are refused: no cloud account can be configured
 * on this server. The caller notifies the job runner after commit.
 */
export async function createPoint(
  db: Db,
  jobs: JobQueue,
  opts: { projectId: string; body: PointCreate; createdBy: string; now: Date; publicUrl: string },
): Promise<{ pointId: string; enrollment: Enrollment | null }> {
  const { body, now } = opts;
  const at = now.toISOString();
  const id = randomUUID();
  const base = {
    id,
    project_id: opts.projectId,
    kind: body.kind,
    name: body.name,
    description: body.description,
    created_by: opts.createdBy,
    created_at: at,
    updated_at: at,
  };
  if (body.kind === 'edge') {
    await db.insertInto('points').values(base).execute();
    const enrollment = await createEnrollment(db, {
      pointId: id,
      createdBy: opts.createdBy,
      now,
      publicUrl: opts.publicUrl,
    });
    return { pointId: id, enrollment };
  }

  if (body.serverType === 'cloud')
    throw new ApiError(
      'cloud_unavailable',
      'No cloud account can be configured on this server; web points run on the local server (serverType "local").',
      { fields: { serverType: V.invalid } },
    );
  // The local server has no cloud and no region: a request naming one asks for something else.
  if (body.cloudType !== 'none') throw invalid('cloudType', V.invalid);
  if (body.cloudRegion !== '' && body.cloudRegion !== 'local') throw invalid('cloudRegion', V.invalid);
  if (!(LOCAL_INSTANCE_TYPES as readonly string[]).includes(body.instanceType))
    throw invalid('instanceType', V.invalid);
  const model = await db
    .selectFrom('models')
    .select(['id', 'blob_key', 'manifest'])
    .where('project_id', '=', opts.projectId)
    .where('id', '=', body.modelId)
    .executeTakeFirst();
  if (!model) throw new ApiError('not_found', 'No such model.');

  await db
    .insertInto('points')
    .values({
      ...base,
      model_id: model.id,
      version: model.blob_key,
      server_type: 'local',
      cloud_type: 'none',
      cloud_region: 'local',
      instance_type: body.instanceType,
      instance_id: `local-${randomBytes(4).toString('hex')}`,
      instance_state: 'preparing',
    })
    .execute();
  // Recorded as a deployment, so the model's history shows where it serves; the prepare job
  // (queued here) marks the target succeeded or failed.
  await insertDeployment(db, jobs, {
    projectId: opts.projectId,
    model,
    points: [{ id, kind: 'web', name: body.name, device_runtime: null }],
    createdBy: opts.createdBy,
    now,
  });
  return { pointId: id, enrollment: null };
}
