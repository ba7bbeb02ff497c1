import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod';
import { imageDeleteSchema } from '../../contract/apiImageDelete';
import { imageQuerySchema, imageTagsSchema } from '../../contract/apiProjects';
import type { AppContext } from '../context';
import { requireUser } from '../http/requireUser';
import { jsonBody, paramsOf, queryOf } from '../http/validate';
import { requireProjectRole, type ProjectEnv } from '../projects/projectAccess';
import { deleteImages, imagesByFilter, imagesByIds } from '../projects/deleteImages';
import { imagePage } from '../projects/imageList';
import { imageOf } from '../projects/imageViews';
import { projectParams } from './projects';
import { imageNotFound, requireProjectImage } from '../projects/requireProjectImage';

const imageParams = projectParams.extend({ imageId: z.string().min(1).max(64) });

/**
 * The images of a project (list, detail, tags, delete). Uploads and the files themselves
 * (original, thumbnail, tiles) are served by their own routers under the same prefix.
 * Every query names the project of the path, so another project's image id answers 404.
 */
export function createImageRoutes(ctx: AppContext) {
  const r = new Hono<ProjectEnv>();
  const signedIn = requireUser(ctx);

  r.get(
    '/:projectId/images',
    signedIn,
    paramsOf(projectParams),
    requireProjectRole(ctx.db, 'worker'),
    queryOf(imageQuerySchema),
    async (c) => c.json(await imagePage(ctx.db, c.get('project').projectId, c.req.valid('query'))),
  );

  r.get(
    '/:projectId/images/:imageId',
    signedIn,
    paramsOf(imageParams),
    requireProjectRole(ctx.db, 'worker'),
    async (c) => {
      const image = await imageOf(ctx.db, c.get('project').projectId, c.req.valid('param').imageId);
      if (!image) throw imageNotFound();
      return c.json(image);
    },
  );

  // Deletes the image with its annotations and tags (server/projects/deleteImages.ts). Its blobs
  // (original, thumbnail, tiles) are content-addressed and may be shared with other images, so
  // they stay: the blob garbage collector removes keys no row refers to.
  r.delete(
    '/:projectId/images/:imageId',
    signedIn,
    paramsOf(imageParams),
    requireProjectRole(ctx.db, 'admin'),
    async (c) => {
      const { projectId } = c.get('project');
      const { imageId } = c.req.valid('param');
      await deleteImages(ctx.db, projectId, (trx) => imagesByIds(trx, projectId, [imageId]));
      return c.body(null, 204);
    },
  );

  // Bulk delete by ids or by the list's filter (contract/apiImageDelete.ts): all or nothing.
  r.post(
    '/:projectId/image-deletions',
    signedIn,
    paramsOf(projectParams),
    requireProjectRole(ctx.db, 'admin'),
    jsonBody(imageDeleteSchema),
    async (c) => {
      const { projectId } = c.get('project');
      const body = c.req.valid('json');
      const result = await deleteImages(
        ctx.db,
        projectId,
        (trx) =>
          'imageIds' in body
            ? imagesByIds(trx, projectId, body.imageIds)
            : imagesByFilter(trx, projectId, body.filter, body.exceptIds),
        body.dryRun === true,
      );
      return c.json(result);
    },
  );

  // Replaces the image's tags (≤ 3, unique). Tag names are shared across the project's images,
  // so the filter lists one tag once; unused names are dropped.
  r.put(
    '/:projectId/images/:imageId/tags',
    signedIn,
    paramsOf(imageParams),
    requireProjectRole(ctx.db, 'member'),
    jsonBody(imageTagsSchema),
    async (c) => {
      const { projectId } = c.get('project');
      const { imageId } = c.req.valid('param');
      const { tags } = c.req.valid('json');
      await ctx.db.transaction().execute(async (trx) => {
        await requireProjectImage(trx, projectId, imageId);
        if (tags.length) {
          await trx
            .insertInto('tags')
            .values(tags.map((name) => ({ id: randomUUID(), project_id: projectId, name })))
            .onConflict((oc) => oc.columns(['project_id', 'name']).doNothing())
            .execute();
        }
        await trx.deleteFrom('image_tags').where('image_id', '=', imageId).execute();
        if (tags.length) {
          const rows = await trx
            .selectFrom('tags')
            .select('id')
            .where('project_id', '=', projectId)
            .where('name', 'in', tags)
            .execute();
          await trx
            .insertInto('image_tags')
            .values(rows.map((t) => ({ image_id: imageId, tag_id: t.id })))
            .execute();
        }
        await trx
          .deleteFrom('tags')
          .where('project_id', '=', projectId)
          .where((eb) =>
            eb.not(
              eb.exists(eb.selectFrom('image_tags as it').select('it.image_id').whereRef('it.tag_id', '=', 'tags.id')),
            ),
          )
          .execute();
        await trx
          .updateTable('images')
          .set({ updated_at: ctx.now().toISOString() })
          .where('id', '=', imageId)
          .execute();
      });
      return c.json(await imageOf(ctx.db, projectId, imageId));
    },
  );

  // The project's tag names, for the image list's tag filter.
  r.get('/:projectId/tags', signedIn, paramsOf(projectParams), requireProjectRole(ctx.db, 'worker'), async (c) => {
    const rows = await ctx.db
      .selectFrom('tags')
      .select('name')
      .where('project_id', '=', c.get('project').projectId)
      .orderBy('name')
      .execute();
    return c.json(rows.map((t) => t.name));
  });

  return r;
}
