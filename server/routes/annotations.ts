import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod';
import { annotationBatchQuerySchema, annotationsPutSchema, type AnnotationsPut } from '../../contract/apiAnnotations';
import { V } from '../../contract/validation';
import type { AppContext } from '../context';
import type { AnnotationsTable } from '../db/schema';
import { ApiError } from '../http/ApiError';
import { requireUser } from '../http/requireUser';
import { jsonBody, paramsOf, queryOf } from '../http/validate';
import { ANNOTATION_INSERT_CHUNK, annotationsOf } from '../projects/annotationViews';
import { boxProblem } from '../projects/boxCheck';
import { requireProjectRole, type ProjectEnv } from '../projects/projectAccess';
import { projectParams } from './projects';

const imageParams = projectParams.extend({ imageId: z.string().min(1).max(64) });

const imageNotFound = () => new ApiError('not_found', 'No such image.');

/**
 * Annotations of a project's images (contract/apiAnnotations.ts). Every query names the project
 * of the path, so another project's image ids answer 404 (or are left out of a batch).
 */
export function createAnnotationRoutes(ctx: AppContext) {
  const r = new Hono<ProjectEnv>();
  const signedIn = requireUser(ctx);

  r.get(
    '/:projectId/images/:imageId/annotations',
    signedIn,
    paramsOf(imageParams),
    requireProjectRole(ctx.db, 'worker'),
    async (c) => {
      const { projectId } = c.get('project');
      const { imageId } = c.req.valid('param');
      const image = await ctx.db
        .selectFrom('images')
        .select('id')
        .where('project_id', '=', projectId)
        .where('id', '=', imageId)
        .executeTakeFirst();
      if (!image) throw imageNotFound();
      const [one] = await annotationsOf(ctx.db, [imageId]);
      return c.json(one ?? { imageId, annotations: [] });
    },
  );

  r.get(
    '/:projectId/annotations',
    signedIn,
    paramsOf(projectParams),
    requireProjectRole(ctx.db, 'worker'),
    queryOf(annotationBatchQuerySchema),
    async (c) => {
      const { projectId } = c.get('project');
      const wanted = [...new Set(c.req.valid('query').imageIds)];
      const found = await ctx.db
        .selectFrom('images')
        .select('id')
        .where('project_id', '=', projectId)
        .where('id', 'in', wanted)
        .execute();
      const known = new Set(found.map((f) => f.id));
      return c.json({
        items: await annotationsOf(
          ctx.db,
          wanted.filter((id) => known.has(id)),
        ),
      });
    },
  );

  // Replaces the image's whole set. Labels are checked inside the transaction, so a label deleted
  // meanwhile is a clear `label_not_found` rather than a foreign-key failure.
  r.put(
    '/:projectId/images/:imageId/annotations',
    signedIn,
    paramsOf(imageParams),
    requireProjectRole(ctx.db, 'worker'),
    jsonBody(annotationsPutSchema),
    async (c) => {
      const { projectId } = c.get('project');
      const { imageId } = c.req.valid('param');
      const user = c.get('user');
      const { annotations } = c.req.valid('json');
      await ctx.db.transaction().execute(async (trx) => {
        // Saves of one image take turns: on PostgreSQL two overlapping transactions would each
        // delete the old set and both insert theirs (SQLite runs one write transaction at a time).
        const image = await trx
          .selectFrom('images')
          .select(['id', 'width', 'height', 'worker_id'])
          .where('project_id', '=', projectId)
          .where('id', '=', imageId)
          .$if(ctx.dialect === 'postgres', (q) => q.forUpdate())
          .executeTakeFirst();
        if (!image) throw imageNotFound();
        const labels = new Set(
          (await trx.selectFrom('labels').select('id').where('project_id', '=', projectId).execute()).map((l) => l.id),
        );
        checkAnnotations(annotations, labels, Number(image.width), Number(image.height));

        const existing = new Map(
          (
            await trx
              .selectFrom('annotations')
              .select(['id', 'created_by', 'created_at'])
              .where('image_id', '=', imageId)
              .execute()
          ).map((a) => [a.id, a]),
        );
        const now = ctx.now().toISOString();
        const used = new Set<string>();
        const rows: AnnotationsTable[] = [];
        for (const a of annotations) {
          // An id is kept only once and only when it is this image's: anything else gets a new id.
          const kept = a.id !== undefined && !used.has(a.id) ? existing.get(a.id) : undefined;
          const id = kept ? kept.id : randomUUID();
          used.add(id);
          const box = a.kind === 'box' ? a : { x: 0, y: 0, width: 0, height: 0 };
          rows.push({
            id,
            image_id: imageId,
            label_id: a.labelId,
            kind: a.kind,
            x: box.x,
            y: box.y,
            width: box.width,
            height: box.height,
            data: null,
            created_by: kept ? kept.created_by : user.id,
            created_at: kept ? kept.created_at : now,
            updated_at: now,
          });
        }
        await trx.deleteFrom('annotations').where('image_id', '=', imageId).execute();
        for (let i = 0; i < rows.length; i += ANNOTATION_INSERT_CHUNK) {
          await trx
            .insertInto('annotations')
            .values(rows.slice(i, i + ANNOTATION_INSERT_CHUNK))
            .execute();
        }
        // The image list reads labelIds from these rows; `labeled` and the worker follow the set.
        await trx
          .updateTable('images')
          .set({
            labeled: rows.length > 0 ? 1 : 0,
            worker_id: image.worker_id ?? (rows.length > 0 ? user.id : null),
            updated_at: now,
          })
          .where('id', '=', imageId)
          .execute();
      });
      const [one] = await annotationsOf(ctx.db, [imageId]);
      return c.json(one ?? { imageId, annotations: [] });
    },
  );

  return r;
}

/** Refuses the first annotation with an unknown label or a box that does not fit the image. */
function checkAnnotations(
  annotations: AnnotationsPut['annotations'],
  labels: ReadonlySet<string>,
  width: number,
  height: number,
): void {
  for (const [i, a] of annotations.entries()) {
    if (!labels.has(a.labelId)) {
      throw new ApiError('label_not_found', 'An annotation names a label the project does not have.', {
        fields: { [`annotations.${i}.labelId`]: V.invalid },
      });
    }
    if (a.kind === 'box') {
      const problem = boxProblem(a, width, height);
      if (problem) {
        const what = problem === 'box_too_small' ? 'is smaller than the smallest box' : 'lies outside the image';
        throw new ApiError('box_invalid', `Annotation ${i} ${what}.`, { fields: { [`annotations.${i}`]: V.invalid } });
      }
    }
  }
}
