import { Hono } from 'hono';
import { z } from 'zod';
import { imagePredictionsSchema, trainingCreateSchema, trainingPreviewRequestSchema } from '../../contract/apiTraining';
import { billingAccountOfProject } from '../billing/billingAccount';
import { requireRoom } from '../billing/requireRoom';
import type { AppContext } from '../context';
import { ApiError } from '../http/ApiError';
import { requireUser } from '../http/requireUser';
import { jsonBody, paramsOf } from '../http/validate';
import { requireProjectRole, type ProjectEnv } from '../projects/projectAccess';
import { checkLabels, createTraining, taskOfProject } from '../training/createTraining';
import { readPredictions, stopTraining } from '../training/stopTraining';
import { trainingEventStream } from '../training/trainingEvents';
import { selectTrainingData } from '../training/trainingSelection';
import { selectTrainings, trainingView } from '../training/trainingViews';
import { deploymentsOfTrainings } from '../deploy/deploymentViews';
import { projectParams } from './projects';

const trainingParams = projectParams.extend({ trainingId: z.string().min(1).max(64) });
const predictionParams = trainingParams.extend({ imageId: z.string().min(1).max(64) });
const trainingNotFound = () => new ApiError('not_found', 'No such training.');

/** How many trainings the history lists (newest first). */
export const TRAINING_LIST_LIMIT = 500;

/**
 * Trainings (contract/apiTraining.ts): create (checked, counted, queued as a job for a trainer),
 * the wizard's preview, list, one, live events, stop, and the test split's predictions per
 * image. Admins and members; workers 403.
 */
export function createTrainingRoutes(ctx: AppContext) {
  const r = new Hono<ProjectEnv>();
  const signedIn = requireUser(ctx);
  const member = requireProjectRole(ctx.db, 'member');

  const projectOf = (projectId: string) =>
    ctx.db.selectFrom('projects').select(['id', 'subtype']).where('id', '=', projectId).executeTakeFirstOrThrow();
  const findTraining = (projectId: string, trainingId: string) =>
    selectTrainings(ctx.db)
      .where('trainings.project_id', '=', projectId)
      .where('trainings.id', '=', trainingId)
      .executeTakeFirst();

  r.post(
    '/:projectId/trainings',
    signedIn,
    paramsOf(projectParams),
    member,
    jsonBody(trainingCreateSchema),
    async (c) => {
      const project = await projectOf(c.get('project').projectId);
      // Refused once the month's training hours are used up (a training under way runs on).
      await requireRoom(ctx, (await billingAccountOfProject(ctx.db, project.id)) ?? '', 'trainingHours', 0);
      const created = await createTraining(ctx.db, ctx.now, {
        project,
        settings: c.req.valid('json'),
        createdBy: c.get('user').id,
        trigger: 'manual',
      });
      ctx.notifyJobs();
      return c.json({ trainingId: created.trainingId }, 202);
    },
  );

  r.post(
    '/:projectId/training-preview',
    signedIn,
    paramsOf(projectParams),
    member,
    jsonBody(trainingPreviewRequestSchema),
    async (c) => {
      const project = await projectOf(c.get('project').projectId);
      const body = c.req.valid('json');
      const task = taskOfProject(project);
      await checkLabels(ctx.db, project.id, body.labelIds);
      const selection = await selectTrainingData(ctx.db, project.id, task, body.labelIds, body.split);
      return c.json(selection.preview);
    },
  );

  r.get('/:projectId/trainings', signedIn, paramsOf(projectParams), member, async (c) => {
    const rows = await selectTrainings(ctx.db)
      .where('trainings.project_id', '=', c.get('project').projectId)
      .orderBy('trainings.number', 'desc')
      .limit(TRAINING_LIST_LIMIT)
      .execute();
    const deployed = await deploymentsOfTrainings(
      ctx.db,
      rows.map((row) => row.id),
    );
    return c.json({ items: rows.map((row) => trainingView(row, false, deployed.get(row.id))) });
  });

  r.get('/:projectId/trainings/:trainingId', signedIn, paramsOf(trainingParams), member, async (c) => {
    const row = await findTraining(c.get('project').projectId, c.req.valid('param').trainingId);
    if (!row) throw trainingNotFound();
    const deployed = await deploymentsOfTrainings(ctx.db, [row.id]);
    return c.json(trainingView(row, true, deployed.get(row.id)));
  });

  r.get('/:projectId/trainings/:trainingId/events', signedIn, paramsOf(trainingParams), member, async (c) => {
    const { projectId } = c.get('project');
    const { trainingId } = c.req.valid('param');
    if (!(await findTraining(projectId, trainingId))) throw trainingNotFound();
    return trainingEventStream(c, ctx.db, projectId, trainingId);
  });

  r.post('/:projectId/trainings/:trainingId/stop', signedIn, paramsOf(trainingParams), member, async (c) => {
    const { projectId } = c.get('project');
    const { trainingId } = c.req.valid('param');
    await stopTraining(ctx.db, ctx.now, projectId, trainingId);
    const row = await findTraining(projectId, trainingId);
    if (!row) throw trainingNotFound();
    return c.json(trainingView(row), 202);
  });

  r.get(
    '/:projectId/trainings/:trainingId/predictions/:imageId',
    signedIn,
    paramsOf(predictionParams),
    member,
    async (c) => {
      const { trainingId, imageId } = c.req.valid('param');
      const row = await ctx.db
        .selectFrom('trainings')
        .select(['predictions_key', 'model_id'])
        .where('project_id', '=', c.get('project').projectId)
        .where('id', '=', trainingId)
        .executeTakeFirst();
      if (!row) throw trainingNotFound();
      const predictions = row.predictions_key ? await readPredictions(ctx.blobs, row.predictions_key) : null;
      const forImage = predictions?.[imageId];
      if (!forImage) throw new ApiError('not_found', 'This image was not tested by this training.');
      return c.json(imagePredictionsSchema.parse({ imageId, modelId: row.model_id, predictions: forImage }));
    },
  );

  return r;
}
