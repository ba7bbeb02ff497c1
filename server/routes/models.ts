import { Hono } from 'hono';
import { z } from 'zod';
import { assistModelUpdateSchema, modelTagUpdateSchema } from '../../contract/apiModels';
import { MODEL_TAG_MAX } from '../../contract/validationConsole';
import { V } from '../../contract/validationMessages';
import type { AppContext } from '../context';
import { ApiError } from '../http/ApiError';
import { requireUser } from '../http/requireUser';
import { jsonBody, paramsOf, queryOf } from '../http/validate';
import { requireProjectRole, type ProjectEnv } from '../projects/projectAccess';
import { checkModelZipInThread } from '../training/checkModelZipInThread';
import { modelContentDisposition, sendModelZip } from '../training/modelDownload';
import { readBodyWithLimit, storeUploadedModel, type ModelZipChecker } from '../training/modelUpload';
import { assistModelIdOf, modelView, selectModels } from '../training/modelViews';
import { projectParams } from './projects';

const modelParams = projectParams.extend({ modelId: z.string().min(1).max(64) });
const uploadQuery = z.object({ tag: z.string().max(MODEL_TAG_MAX, { error: V.max20 }).optional() });
const modelNotFound = () => new ApiError('not_found', 'No such model.');
const tagOf = (tag: string | null | undefined) => tag?.trim() || null;

export interface ModelRouteOptions {
  /** The zip check (default: ml/modelZip.ts checkModelZip in a thread of its own). */
  checkZip?: ModelZipChecker;
}

/**
 * Models (contract/apiModels.ts): list, one, download, upload, tag, delete, and the project's
 * assist model. Admins and members manage models; workers label with assist AI, so they may
 * read which model that is and download that one model, and nothing else.
 */
export function createModelRoutes(ctx: AppContext, options: ModelRouteOptions = {}) {
  const r = new Hono<ProjectEnv>();
  const signedIn = requireUser(ctx);
  const check = options.checkZip ?? checkModelZipInThread;

  const findModel = (projectId: string, modelId: string) =>
    selectModels(ctx.db).where('models.project_id', '=', projectId).where('models.id', '=', modelId).executeTakeFirst();
  const viewOf = async (projectId: string, modelId: string) => {
    const row = await findModel(projectId, modelId);
    if (!row) throw modelNotFound();
    return modelView(row, await assistModelIdOf(ctx.db, projectId));
  };

  r.get('/:projectId/models', signedIn, paramsOf(projectParams), requireProjectRole(ctx.db, 'member'), async (c) => {
    const { projectId } = c.get('project');
    const rows = await selectModels(ctx.db)
      .where('models.project_id', '=', projectId)
      .orderBy('models.created_at', 'desc')
      .orderBy('models.id', 'desc')
      .execute();
    const assist = await assistModelIdOf(ctx.db, projectId);
    return c.json({ items: rows.map((row) => modelView(row, assist)) });
  });

  r.post(
    '/:projectId/models',
    signedIn,
    paramsOf(projectParams),
    requireProjectRole(ctx.db, 'member'),
    queryOf(uploadQuery),
    async (c) => {
      const { projectId } = c.get('project');
      const project = await ctx.db
        .selectFrom('projects')
        .select(['id', 'subtype'])
        .where('id', '=', projectId)
        .executeTakeFirstOrThrow();
      const bytes = await readBodyWithLimit(c.req.raw.body, c.req.header('Content-Length'));
      const id = await storeUploadedModel(ctx.db, ctx.blobs, check, {
        project,
        bytes,
        tag: tagOf(c.req.valid('query').tag),
        createdBy: c.get('user').id,
        now: ctx.now(),
      });
      return c.json(await viewOf(projectId, id), 201);
    },
  );

  r.get(
    '/:projectId/models/:modelId',
    signedIn,
    paramsOf(modelParams),
    requireProjectRole(ctx.db, 'member'),
    async (c) => c.json(await viewOf(c.get('project').projectId, c.req.valid('param').modelId)),
  );

  r.get(
    '/:projectId/models/:modelId/download',
    signedIn,
    paramsOf(modelParams),
    requireProjectRole(ctx.db, 'worker'),
    async (c) => {
      const { projectId, role } = c.get('project');
      const { modelId } = c.req.valid('param');
      const row = await ctx.db
        .selectFrom('models')
        .innerJoin('projects', 'projects.id', 'models.project_id')
        .select(['models.blob_key', 'models.tag', 'projects.title', 'projects.assist_model_id'])
        .where('models.project_id', '=', projectId)
        .where('models.id', '=', modelId)
        .executeTakeFirst();
      if (!row) throw modelNotFound();
      if (role === 'worker' && row.assist_model_id !== modelId)
        throw new ApiError('forbidden', 'Workers may download the assist model only.');
      const disposition = modelContentDisposition(row.title || projectId, row.tag || modelId);
      return sendModelZip(c, ctx.blobs, row.blob_key, disposition);
    },
  );

  r.put(
    '/:projectId/models/:modelId',
    signedIn,
    paramsOf(modelParams),
    requireProjectRole(ctx.db, 'member'),
    jsonBody(modelTagUpdateSchema),
    async (c) => {
      const { projectId } = c.get('project');
      const { modelId } = c.req.valid('param');
      const result = await ctx.db
        .updateTable('models')
        .set({ tag: tagOf(c.req.valid('json').tag) })
        .where('project_id', '=', projectId)
        .where('id', '=', modelId)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw modelNotFound();
      return c.json(await viewOf(projectId, modelId));
    },
  );

  // The zip's blob stays until the collector finds no row naming it (a download may be reading it).
  r.delete(
    '/:projectId/models/:modelId',
    signedIn,
    paramsOf(modelParams),
    requireProjectRole(ctx.db, 'admin'),
    async (c) => {
      const { projectId } = c.get('project');
      const { modelId } = c.req.valid('param');
      await ctx.db.transaction().execute(async (trx) => {
        // A live point serving the model, or still being given it, would lose it: deploy another
        // model there or delete the point first.
        const serving = await trx
          .selectFrom('points')
          .select('name')
          .where('project_id', '=', projectId)
          .where('deleted_at', 'is', null)
          .where((eb) =>
            eb.or([
              eb('model_id', '=', modelId),
              eb(
                'id',
                'in',
                eb
                  .selectFrom('deployment_targets')
                  .innerJoin('deployments', 'deployments.id', 'deployment_targets.deployment_id')
                  .select('deployment_targets.point_id')
                  .where('deployments.model_id', '=', modelId)
                  .where('deployment_targets.state', 'in', ['pending', 'downloading', 'activating']),
              ),
            ]),
          )
          .orderBy('name')
          .execute();
        if (serving.length > 0)
          throw new ApiError(
            'conflict',
            `The model serves on, or is being deployed to, ${serving.map((p) => `"${p.name}"`).join(', ')}: deploy another model there or delete the point first.`,
          );
        const removed = await trx
          .deleteFrom('models')
          .where('project_id', '=', projectId)
          .where('id', '=', modelId)
          .executeTakeFirst();
        if (Number(removed.numDeletedRows) === 0) throw modelNotFound();
        await trx
          .updateTable('projects')
          .set({ assist_model_id: null })
          .where('id', '=', projectId)
          .where('assist_model_id', '=', modelId)
          .execute();
      });
      return c.body(null, 204);
    },
  );

  r.get(
    '/:projectId/assist-model',
    signedIn,
    paramsOf(projectParams),
    requireProjectRole(ctx.db, 'worker'),
    async (c) => {
      const { projectId } = c.get('project');
      const assist = await assistModelIdOf(ctx.db, projectId);
      const row = assist ? await findModel(projectId, assist) : undefined;
      return c.json({ model: row ? modelView(row, assist) : null });
    },
  );

  r.put(
    '/:projectId/assist-model',
    signedIn,
    paramsOf(projectParams),
    requireProjectRole(ctx.db, 'member'),
    jsonBody(assistModelUpdateSchema),
    async (c) => {
      const { projectId } = c.get('project');
      const { modelId } = c.req.valid('json');
      if (modelId !== null && !(await findModel(projectId, modelId))) throw modelNotFound();
      await ctx.db
        .updateTable('projects')
        .set({ assist_model_id: modelId, updated_at: ctx.now().toISOString() })
        .where('id', '=', projectId)
        .execute();
      const row = modelId ? await findModel(projectId, modelId) : undefined;
      return c.json({ model: row ? modelView(row, modelId) : null });
    },
  );

  return r;
}
