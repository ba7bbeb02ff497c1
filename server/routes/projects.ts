import { Hono } from 'hono';
import { z } from 'zod';
import {
  PERSONAL_SCOPE,
  projectCreateSchema,
  projectListQuerySchema,
  projectUpdateSchema,
  scheduleSchema,
  splitUpdateSchema,
} from '../../contract/apiProjects';
import { personalAccount } from '../billing/billingAccount';
import { requireRoom } from '../billing/requireRoom';
import type { AppContext } from '../context';
import { requireUser } from '../http/requireUser';
import { jsonBody, paramsOf, queryOf } from '../http/validate';
import { projectNotFound, requireProjectRole, type ProjectEnv } from '../projects/projectAccess';
import { lockOrganization, insertProject, requireProjectCreator } from '../projects/createProject';
import { projectOf, projectsOf } from '../projects/projectViews';
import { newSplitSeed, reassignSplits } from '../projects/splitAssignment';
import { orgRoleOf, orgNotFound } from './organizationsAccess';
import { organizationsOf } from './organizationsViews';

export const projectParams = z.object({ projectId: z.string().min(1).max(64) });

/**
 * Projects (contract/apiProjects.ts, spec sections 3, 5, 6): the caller's list, create, read,
 * update, soft delete, learning schedule and split ratios. Every route past the list goes
 * through `requireProjectRole`, so others' projects answer 404 and deleted ones 410.
 */
export function createProjectRoutes(ctx: AppContext) {
  const r = new Hono<ProjectEnv>();
  // requireUser per route, not `use('*')`: other routers share the /projects prefix (uploads, files).
  const signedIn = requireUser(ctx);

  const viewOrThrow = async (projectId: string, userId: string) => {
    const project = await projectOf(ctx.db, projectId, userId);
    if (!project) throw projectNotFound();
    return project;
  };

  r.get('/', signedIn, queryOf(projectListQuerySchema), async (c) => {
    const { role, organization } = c.req.valid('query');
    const userId = c.get('user').id;
    const projects = await projectsOf(ctx.db, userId, role === 'admin');
    if (organization === undefined) return c.json(projects);
    if (organization === PERSONAL_SCOPE) {
      // Personal: the caller's own projects and those shared with them from organizations they are not in.
      const mine = new Set((await organizationsOf(ctx.db, userId)).map((o) => o.id));
      return c.json(projects.filter((p) => p.organizationId === null || !mine.has(p.organizationId)));
    }
    if (!(await orgRoleOf(ctx.db, organization, userId))) throw orgNotFound();
    return c.json(projects.filter((p) => p.organizationId === organization));
  });

  r.post('/', signedIn, jsonBody(projectCreateSchema), async (c) => {
    const { title, description, subtype, organizationId } = c.req.valid('json');
    const user = c.get('user');
    if (organizationId !== undefined) await requireProjectCreator(ctx.db, organizationId, user.id);
    const now = ctx.now().toISOString();
    const id = await ctx.db.transaction().execute(async (trx) => {
      if (organizationId !== undefined) await lockOrganization(trx, ctx.dialect, organizationId);
      // Counted inside the transaction, so the plan's project limit sees the creations before it.
      await requireRoom({ ...ctx, db: trx }, organizationId ?? personalAccount(user.id), 'projects', 1);
      const created = await insertProject(trx, {
        title,
        description,
        subtype,
        organizationId: organizationId ?? null,
        userId: user.id,
        now,
      });
      return created.id;
    });
    return c.json(await viewOrThrow(id, user.id), 201);
  });

  r.get('/:projectId', signedIn, paramsOf(projectParams), requireProjectRole(ctx.db, 'worker'), async (c) =>
    c.json(await viewOrThrow(c.get('project').projectId, c.get('user').id)),
  );

  r.patch(
    '/:projectId',
    signedIn,
    paramsOf(projectParams),
    requireProjectRole(ctx.db, 'admin'),
    jsonBody(projectUpdateSchema),
    async (c) => {
      const { projectId } = c.get('project');
      const body = c.req.valid('json');
      await ctx.db
        .updateTable('projects')
        .set({ ...body, updated_at: ctx.now().toISOString() })
        .where('id', '=', projectId)
        .execute();
      return c.json(await viewOrThrow(projectId, c.get('user').id));
    },
  );

  // Soft delete: the rows stay, so members who still hold the id are told it was deleted (410).
  r.delete('/:projectId', signedIn, paramsOf(projectParams), requireProjectRole(ctx.db, 'admin'), async (c) => {
    const now = ctx.now().toISOString();
    await ctx.db
      .updateTable('projects')
      .set({ deleted_at: now, updated_at: now })
      .where('id', '=', c.get('project').projectId)
      .execute();
    return c.body(null, 204);
  });

  r.put(
    '/:projectId/schedule',
    signedIn,
    paramsOf(projectParams),
    requireProjectRole(ctx.db, 'admin'),
    jsonBody(scheduleSchema),
    async (c) => {
      const { projectId } = c.get('project');
      const { enabled, cycle } = c.req.valid('json');
      await ctx.db
        .updateTable('projects')
        .set({ schedule_enabled: enabled ? 1 : 0, schedule_cycle: cycle, updated_at: ctx.now().toISOString() })
        .where('id', '=', projectId)
        .execute();
      return c.json(await viewOrThrow(projectId, c.get('user').id));
    },
  );

  r.put(
    '/:projectId/split',
    signedIn,
    paramsOf(projectParams),
    requireProjectRole(ctx.db, 'admin'),
    jsonBody(splitUpdateSchema),
    async (c) => {
      const { projectId } = c.get('project');
      const { train, validation, test, reroll } = c.req.valid('json');
      const now = ctx.now().toISOString();
      await ctx.db.transaction().execute(async (trx) => {
        const current = await trx
          .selectFrom('projects')
          .select('split_seed')
          .where('id', '=', projectId)
          .$if(ctx.dialect === 'postgres', (q) => q.forUpdate())
          .executeTakeFirstOrThrow();
        const seed = reroll ? newSplitSeed() : Number(current.split_seed);
        await trx
          .updateTable('projects')
          .set({
            split_train: train,
            split_validation: validation,
            split_test: test,
            split_seed: seed,
            updated_at: now,
          })
          .where('id', '=', projectId)
          .execute();
        await reassignSplits(trx, projectId, { train, validation, test, seed }, now);
      });
      return c.json(await viewOrThrow(projectId, c.get('user').id));
    },
  );

  return r;
}
