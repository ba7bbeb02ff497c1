import { Hono } from 'hono';
import { z } from 'zod';
import { autoLabelCreateSchema, type autoLabelJobSchema } from '../../contract/apiModels';

type AutoLabelJob = z.infer<typeof autoLabelJobSchema>;
import type { AppContext } from '../context';
import { ApiError } from '../http/ApiError';
import { requireUser } from '../http/requireUser';
import { jsonBody, paramsOf } from '../http/validate';
import { enqueueJob } from '../jobs/jobQueue';
import { requireProjectRole, type ProjectEnv } from '../projects/projectAccess';
import { AUTO_LABEL_JOB, type AutoLabelJobPayload } from '../training/jobKinds';
import { trainerAvailable } from '../training/trainingViews';
import { projectParams } from './projects';

const runParams = projectParams.extend({ jobId: z.string().min(1).max(64) });
const STATES = new Set(['queued', 'running', 'done', 'failed']);

/**
 * Auto labeling (contract/apiModels.ts): POST queues a `model.autolabel` job for a trainer and its
 * auto_label_runs row (same id) in one transaction; the trainer's handler fills the row in as it
 * goes, and GET reads it. Admins and members.
 */
export function createAutoLabelRoutes(ctx: AppContext) {
  const r = new Hono<ProjectEnv>();
  const signedIn = requireUser(ctx);
  const member = requireProjectRole(ctx.db, 'member');

  r.post(
    '/:projectId/auto-labels',
    signedIn,
    paramsOf(projectParams),
    member,
    jsonBody(autoLabelCreateSchema),
    async (c) => {
      const { projectId } = c.get('project');
      const body = c.req.valid('json');
      const model = await ctx.db
        .selectFrom('models')
        .select('id')
        .where('project_id', '=', projectId)
        .where('id', '=', body.modelId)
        .executeTakeFirst();
      if (!model) throw new ApiError('not_found', 'No such model.');
      if (!(await trainerAvailable(ctx.db, 'auto', ctx.now())))
        throw new ApiError('trainer_unavailable', 'The learning server did not receive the request normally.');
      const payload: AutoLabelJobPayload = {
        modelId: body.modelId,
        threshold: body.threshold,
        limit: body.limit ?? null,
      };
      const jobId = await ctx.db.transaction().execute(async (trx) => {
        const id = await enqueueJob(trx, ctx.now, { kind: AUTO_LABEL_JOB, projectId, payload, maxAttempts: 3 });
        const at = ctx.now().toISOString();
        await trx
          .insertInto('auto_label_runs')
          .values({
            job_id: id,
            project_id: projectId,
            model_id: body.modelId,
            threshold: body.threshold,
            error: null,
            created_by: c.get('user').id,
            created_at: at,
            updated_at: at,
          })
          .execute();
        return id;
      });
      ctx.notifyJobs();
      return c.json({ jobId }, 202);
    },
  );

  r.get('/:projectId/auto-labels/:jobId', signedIn, paramsOf(runParams), member, async (c) => {
    const row = await ctx.db
      .selectFrom('auto_label_runs as r')
      .leftJoin('jobs as j', 'j.id', 'r.job_id')
      .selectAll('r')
      .select(['j.state as job_state', 'j.error as job_error'])
      .where('r.project_id', '=', c.get('project').projectId)
      .where('r.job_id', '=', c.req.valid('param').jobId)
      .executeTakeFirst();
    if (!row) throw new ApiError('not_found', 'No such auto-labeling run.');
    // A job that failed for good (its trainer died on the last attempt) may not have reached the row.
    const jobFailed = row.state !== 'done' && row.state !== 'failed' && row.job_state === 'failed';
    const state = jobFailed ? 'failed' : STATES.has(row.state) ? row.state : 'queued';
    const view: AutoLabelJob = {
      jobId: row.job_id,
      state: state as AutoLabelJob['state'],
      progress: Number(row.progress),
      images: Number(row.images),
      labeledImages: Number(row.labeled_images),
      annotations: Number(row.annotations),
      error: row.error ?? (jobFailed ? (row.job_error ?? 'failed') : null),
    };
    return c.json(view);
  });

  return r;
}
