import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod';
import {
  annotationBatchQuerySchema,
  annotationOpsRequestSchema,
  annotationsPutSchema,
  type AnnotationsPut,
} from '../../contract/apiAnnotations';
import { V } from '../../contract/validation';
import type { AppContext } from '../context';
import type { AnnotationsTable } from '../db/schema';
import { ApiError } from '../http/ApiError';
import { requireUser } from '../http/requireUser';
import { jsonBody, paramsOf, queryOf } from '../http/validate';
import { storedGeometry, type StoredGeometry } from '../projects/annotationGeometry';
import { ANNOTATION_COLUMNS, ANNOTATION_INSERT_CHUNK, annotationsOf } from '../projects/annotationViews';
import { applyAnnotationOps } from '../projects/applyAnnotationOps';
import { requireProjectRole, type ProjectEnv } from '../projects/projectAccess';
import { projectParams } from './projects';
import { imageNotFound } from '../projects/requireProjectImage';

export const imageParams = projectParams.extend({ imageId: z.string().min(1).max(64) });

type Row = Omit<AnnotationsTable, 'source' | 'score'>;

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
        .select(['id', 'annotation_revision'])
        .where('project_id', '=', projectId)
        .where('id', '=', imageId)
        .executeTakeFirst();
      if (!image) throw imageNotFound();
      const [one] = await annotationsOf(ctx.db, [image]);
      return c.json(one);
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
        .select(['id', 'annotation_revision'])
        .where('project_id', '=', projectId)
        .where('id', 'in', wanted)
        .execute();
      const known = new Map(found.map((f) => [f.id, f]));
      return c.json({
        items: await annotationsOf(
          ctx.db,
          wanted.flatMap((id) => known.get(id) ?? []),
        ),
      });
    },
  );

  // The studio's save: only the operations sent (applyAnnotationOps.ts).
  r.post(
    '/:projectId/images/:imageId/annotations/ops',
    signedIn,
    paramsOf(imageParams),
    requireProjectRole(ctx.db, 'worker'),
    jsonBody(annotationOpsRequestSchema),
    async (c) => {
      const { projectId } = c.get('project');
      const { imageId } = c.req.valid('param');
      const { ops } = c.req.valid('json');
      const answer = await ctx.db.transaction().execute((trx) =>
        applyAnnotationOps(trx, {
          projectId,
          imageId,
          userId: c.get('user').id,
          ops,
          now: ctx.now(),
          dialect: ctx.dialect,
        }),
      );
      return c.json(answer);
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
      const revision = await ctx.db.transaction().execute(async (trx) => {
        // Saves of one image take turns: on PostgreSQL two overlapping transactions would each
        // delete the old set and both insert theirs (SQLite runs one write transaction at a time).
        const image = await trx
          .selectFrom('images')
          .select(['id', 'width', 'height', 'worker_id', 'annotation_revision'])
          .where('project_id', '=', projectId)
          .where('id', '=', imageId)
          .$if(ctx.dialect === 'postgres', (q) => q.forUpdate())
          .executeTakeFirst();
        if (!image) throw imageNotFound();
        const labels = new Set(
          (await trx.selectFrom('labels').select('id').where('project_id', '=', projectId).execute()).map((l) => l.id),
        );
        const geometry = checkAnnotations(annotations, labels, Number(image.width), Number(image.height));

        const existing = new Map(
          (
            await trx
              .selectFrom('annotations')
              .select(['created_by', 'created_at', 'updated_at', ...ANNOTATION_COLUMNS])
              .where('image_id', '=', imageId)
              .execute()
          ).map((a) => [a.id, a]),
        );
        const now = ctx.now().toISOString();
        const used = new Set<string>();
        const rows: Row[] = [];
        for (const [i, a] of annotations.entries()) {
          // An id is kept only once and only when it is this image's: anything else gets a new id.
          const kept = a.id !== undefined && !used.has(a.id) ? existing.get(a.id) : undefined;
          const id = kept ? kept.id : randomUUID();
          used.add(id);
          const g = geometry[i]!;
          const same =
            kept !== undefined &&
            kept.label_id === a.labelId &&
            kept.kind === a.kind &&
            Number(kept.x) === g.x &&
            Number(kept.y) === g.y &&
            Number(kept.width) === g.width &&
            Number(kept.height) === g.height &&
            kept.data === g.data;
          rows.push({
            id,
            image_id: imageId,
            label_id: a.labelId,
            kind: a.kind,
            ...g,
            // An annotation the set leaves as it was keeps its version, so edits based on it stay current.
            version: kept ? Number(kept.version) + (same ? 0 : 1) : 1,
            created_by: kept ? kept.created_by : user.id,
            created_at: kept ? kept.created_at : now,
            updated_at: same ? kept.updated_at : now,
          });
        }
        await trx.deleteFrom('annotations').where('image_id', '=', imageId).execute();
        for (let i = 0; i < rows.length; i += ANNOTATION_INSERT_CHUNK) {
          await trx
            .insertInto('annotations')
            .values(rows.slice(i, i + ANNOTATION_INSERT_CHUNK))
            .execute();
        }
        // The image list reads labelIds from these rows; `labeled`, the count and the worker follow the set.
        const next = Number(image.annotation_revision) + 1;
        await trx
          .updateTable('images')
          .set({
            labeled: rows.length > 0 ? 1 : 0,
            annotation_count: rows.length,
            annotation_revision: next,
            worker_id: image.worker_id ?? (rows.length > 0 ? user.id : null),
            updated_at: now,
          })
          .where('id', '=', imageId)
          .execute();
        return next;
      });
      const [one] = await annotationsOf(ctx.db, [{ id: imageId, annotation_revision: revision }]);
      return c.json(one);
    },
  );

  return r;
}

/** The stored geometry of each annotation; refuses the first with an unknown label or a shape that does not fit. */
function checkAnnotations(
  annotations: AnnotationsPut['annotations'],
  labels: ReadonlySet<string>,
  width: number,
  height: number,
): StoredGeometry[] {
  return annotations.map((a, i) => {
    if (!labels.has(a.labelId)) {
      throw new ApiError('label_not_found', 'An annotation names a label the project does not have.', {
        fields: { [`annotations.${i}.labelId`]: V.invalid },
      });
    }
    return storedGeometry(a, width, height, `annotations.${i}`);
  });
}
