import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import type { ExpressionBuilder } from 'kysely';
import { z } from 'zod';
import { PROJECT_LABELS_MAX } from '../../contract/apiMarket';
import { labelUpdateSchema, labelWriteSchema } from '../../contract/apiProjects';
import { V } from '../../contract/validation';
import type { AppContext } from '../context';
import type { Db } from '../db/Db';
import type { Database } from '../db/schema';
import { ApiError } from '../http/ApiError';
import { requireUser } from '../http/requireUser';
import { jsonBody, paramsOf } from '../http/validate';
import { requireProjectRole, type ProjectEnv } from '../projects/projectAccess';
import { labelKeyOf, labelOf, labelsOf } from '../projects/labelViews';
import { projectParams } from './projects';

const labelParams = projectParams.extend({ labelId: z.string().min(1).max(64) });

const labelNotFound = () => new ApiError('not_found', 'No such label.');
const taken = (fields: Record<string, string>) =>
  new ApiError('validation', 'The label name or colour is already used.', { fields });

/** Whether `err` is a unique-constraint violation (SQLite or PostgreSQL). */
function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | null;
  return (
    e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(e?.message ?? '')
  );
}

/**
 * Label classes (spec section 5): name 1–8 characters, name (ignoring case and surrounding
 * blanks) and colour each unique in the project. The checks below give the exact field messages;
 * the unique constraints of the table catch two requests racing past them, with the same answer.
 */
export function createLabelRoutes(ctx: AppContext) {
  const r = new Hono<ProjectEnv>();
  const signedIn = requireUser(ctx);

  /** Field errors for a name/colour already used by another label of the project. */
  const conflicts = async (db: Db, projectId: string, values: { name?: string; color?: string }, exceptId?: string) => {
    const fields: Record<string, string> = {};
    const others = await db
      .selectFrom('labels')
      .select(['name_key', 'color'])
      .where('project_id', '=', projectId)
      .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId ?? ''))
      .execute();
    if (values.name !== undefined && others.some((l) => l.name_key === labelKeyOf(values.name ?? '')))
      fields.name = V.labelNameTaken;
    if (values.color !== undefined && others.some((l) => l.color === values.color?.toLowerCase()))
      fields.color = V.labelColorTaken;
    return fields;
  };
  /** After a unique violation: which of the two it was (read again outside the failed write). */
  const raceError = async (projectId: string, values: { name?: string; color?: string }, exceptId?: string) => {
    const fields = await conflicts(ctx.db, projectId, values, exceptId);
    return taken(Object.keys(fields).length ? fields : { name: V.labelNameTaken });
  };

  r.get('/:projectId/labels', signedIn, paramsOf(projectParams), requireProjectRole(ctx.db, 'worker'), async (c) =>
    c.json(await labelsOf(ctx.db, c.get('project').projectId)),
  );

  r.post(
    '/:projectId/labels',
    signedIn,
    paramsOf(projectParams),
    requireProjectRole(ctx.db, 'admin'),
    jsonBody(labelWriteSchema),
    async (c) => {
      const { projectId } = c.get('project');
      const body = c.req.valid('json');
      const name = body.name.trim();
      const color = body.color.toLowerCase();
      // A name of blanks only trims to nothing: the same message as an empty one.
      if (!name)
        throw new ApiError('validation', 'The request does not match the schema.', { fields: { name: V.required } });
      const fields = await conflicts(ctx.db, projectId, { name, color });
      if (Object.keys(fields).length) throw taken(fields);
      const id = randomUUID();
      try {
        await ctx.db.transaction().execute(async (trx) => {
          const last = await trx
            .selectFrom('labels')
            .select((eb) => [eb.fn.max('position').as('p'), eb.fn.countAll<number | string>().as('n')])
            .where('project_id', '=', projectId)
            .executeTakeFirst();
          if (Number(last?.n ?? 0) >= PROJECT_LABELS_MAX)
            throw new ApiError('label_room', `A project holds at most ${PROJECT_LABELS_MAX} label classes.`);
          const position = last?.p === null || last?.p === undefined ? 0 : Number(last.p) + 1;
          await trx
            .insertInto('labels')
            .values({
              id,
              project_id: projectId,
              name,
              name_key: labelKeyOf(name),
              color,
              position,
              created_at: ctx.now().toISOString(),
            })
            .execute();
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw await raceError(projectId, { name, color });
        throw err;
      }
      return c.json(await labelOf(ctx.db, projectId, id), 201);
    },
  );

  r.patch(
    '/:projectId/labels/:labelId',
    signedIn,
    paramsOf(labelParams),
    requireProjectRole(ctx.db, 'admin'),
    jsonBody(labelUpdateSchema),
    async (c) => {
      const { projectId } = c.get('project');
      const { labelId } = c.req.valid('param');
      const body = c.req.valid('json');
      const name = body.name?.trim();
      const color = body.color?.toLowerCase();
      if (name === '')
        throw new ApiError('validation', 'The request does not match the schema.', { fields: { name: V.required } });
      if (!(await labelOf(ctx.db, projectId, labelId))) throw labelNotFound();
      const fields = await conflicts(ctx.db, projectId, { name, color }, labelId);
      if (Object.keys(fields).length) throw taken(fields);
      try {
        await ctx.db
          .updateTable('labels')
          .set({
            ...(name !== undefined ? { name, name_key: labelKeyOf(name) } : {}),
            ...(color !== undefined ? { color } : {}),
          })
          .where('project_id', '=', projectId)
          .where('id', '=', labelId)
          .execute();
      } catch (err) {
        if (isUniqueViolation(err)) throw await raceError(projectId, { name, color }, labelId);
        throw err;
      }
      return c.json(await labelOf(ctx.db, projectId, labelId));
    },
  );

  // Deleting a label deletes its annotations in the same transaction; images left without any
  // annotation become unlabeled again.
  r.delete(
    '/:projectId/labels/:labelId',
    signedIn,
    paramsOf(labelParams),
    requireProjectRole(ctx.db, 'admin'),
    async (c) => {
      const { projectId } = c.get('project');
      const { labelId } = c.req.valid('param');
      const now = ctx.now().toISOString();
      const deletedAnnotations = await ctx.db.transaction().execute(async (trx) => {
        const label = await trx
          .selectFrom('labels')
          .select('id')
          .where('project_id', '=', projectId)
          .where('id', '=', labelId)
          .executeTakeFirst();
        if (!label) throw labelNotFound();
        const touched = await trx
          .selectFrom('annotations')
          .select('image_id')
          .distinct()
          .where('label_id', '=', labelId)
          .execute();
        const removed = await trx.deleteFrom('annotations').where('label_id', '=', labelId).executeTakeFirst();
        await trx.deleteFrom('labels').where('id', '=', labelId).execute();
        const imageIds = touched.map((t) => t.image_id);
        // Each touched image's count is read again from its rows and its revision moves on, so a
        // studio holding the old set learns that it changed.
        for (let i = 0; i < imageIds.length; i += 500) {
          const left = (eb: ExpressionBuilder<Database, 'images'>) =>
            eb
              .selectFrom('annotations as a')
              .select(eb.fn.countAll<number>().as('n'))
              .whereRef('a.image_id', '=', 'images.id');
          await trx
            .updateTable('images')
            .set((eb) => ({
              annotation_count: left(eb),
              annotation_revision: eb('annotation_revision', '+', 1),
              labeled: eb.case().when(left(eb), '>', 0).then(1).else(0).end(),
              updated_at: now,
            }))
            .where('project_id', '=', projectId)
            .where('id', 'in', imageIds.slice(i, i + 500))
            .execute();
        }
        return Number(removed.numDeletedRows);
      });
      return c.json({ deletedAnnotations });
    },
  );

  r.get(
    '/:projectId/labels/:labelId/usage',
    signedIn,
    paramsOf(labelParams),
    requireProjectRole(ctx.db, 'worker'),
    async (c) => {
      const { projectId } = c.get('project');
      const { labelId } = c.req.valid('param');
      if (!(await labelOf(ctx.db, projectId, labelId))) throw labelNotFound();
      const row = await ctx.db
        .selectFrom('annotations')
        .select((eb) => [
          eb.fn.countAll<string | number>().as('annotations'),
          eb.fn.count<string | number>('image_id').distinct().as('images'),
        ])
        .where('label_id', '=', labelId)
        .executeTakeFirstOrThrow();
      return c.json({ annotations: Number(row.annotations), images: Number(row.images) });
    },
  );

  return r;
}
