import { Hono } from 'hono';
import { z } from 'zod';
import { projectMemberAddSchema, projectMemberUpdateSchema } from '../../contract/apiProjects';
import type { AppContext } from '../context';
import type { Db } from '../db/Db';
import { ApiError } from '../http/ApiError';
import { requireUser } from '../http/requireUser';
import { jsonBody, paramsOf } from '../http/validate';
import { projectForbidden, projectRoleAtLeast, requireProjectRole, type ProjectEnv } from '../projects/projectAccess';
import { projectMemberOf, projectMembersOf } from '../projects/projectMemberViews';
import { INVITE_MESSAGES } from '../invitations/inviteMessages';
import { sendInvitation } from '../invitations/sendInvitation';
import { findUserByEmail } from '../users/findUser';
import { addMemberWithAlert } from './addMemberWithAlert';
import { projectParams } from './projects';

const memberParams = projectParams.extend({ userId: z.string().min(1).max(64) });

const lastAdmin = () => new ApiError('conflict', 'A project keeps at least one admin.');
const memberNotFound = () => new ApiError('not_found', 'No such member.');

/**
 * Project members (spec section 6): anyone in the project sees the list; admins invite by
 * e-mail (an address without an account gets an invitation mail: contract/apiInvitations.ts),
 * change roles and remove; anyone may leave. Changes run in a transaction that locks the
 * project row on PostgreSQL (SQLite writes one transaction at a time), so two admins demoting
 * each other at once cannot leave the project without an admin.
 */
export function createProjectMemberRoutes(ctx: AppContext) {
  const r = new Hono<ProjectEnv>();
  const signedIn = requireUser(ctx);

  const lockProject = async (trx: Db, projectId: string) => {
    await trx
      .selectFrom('projects')
      .select('id')
      .where('id', '=', projectId)
      .$if(ctx.dialect === 'postgres', (q) => q.forUpdate())
      .executeTakeFirst();
  };
  const adminCount = async (trx: Db, projectId: string) => {
    const row = await trx
      .selectFrom('project_members')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('project_id', '=', projectId)
      .where('role', '=', 'admin')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  const targetRole = async (trx: Db, projectId: string, userId: string) =>
    (
      await trx
        .selectFrom('project_members')
        .select('role')
        .where('project_id', '=', projectId)
        .where('user_id', '=', userId)
        .executeTakeFirst()
    )?.role;

  r.get('/:projectId/members', signedIn, paramsOf(projectParams), requireProjectRole(ctx.db, 'worker'), async (c) =>
    c.json(await projectMembersOf(ctx.db, c.get('project').projectId)),
  );

  r.post(
    '/:projectId/members',
    signedIn,
    paramsOf(projectParams),
    requireProjectRole(ctx.db, 'admin'),
    jsonBody(projectMemberAddSchema),
    async (c) => {
      const { projectId } = c.get('project');
      const { email, role } = c.req.valid('json');
      const user = await findUserByEmail(ctx.db, email);
      if (!user) {
        const invitation = await sendInvitation(ctx, {
          kind: 'project',
          targetId: projectId,
          email,
          role,
          inviter: c.get('user'),
        });
        return c.json(invitation, 202);
      }
      const now = ctx.now().toISOString();
      const added = await addMemberWithAlert(ctx.db, {
        insertMember: (trx) =>
          trx
            .insertInto('project_members')
            .values({ project_id: projectId, user_id: user.id, role, joined_at: now })
            .onConflict((oc) => oc.columns(['project_id', 'user_id']).doNothing())
            .executeTakeFirst(),
        readName: async (trx) =>
          (await trx.selectFrom('projects').select('title').where('id', '=', projectId).executeTakeFirstOrThrow())
            .title,
        receiver: user,
        senderId: c.get('user').id,
        message: INVITE_MESSAGES.project,
        now,
      });
      if (!added) throw new ApiError('conflict', 'That user is already a member.');
      return c.json(await projectMemberOf(ctx.db, projectId, user.id), 201);
    },
  );

  r.patch(
    '/:projectId/members/:userId',
    signedIn,
    paramsOf(memberParams),
    requireProjectRole(ctx.db, 'admin'),
    jsonBody(projectMemberUpdateSchema),
    async (c) => {
      const { projectId } = c.get('project');
      const { userId } = c.req.valid('param');
      const { role } = c.req.valid('json');
      await ctx.db.transaction().execute(async (trx) => {
        await lockProject(trx, projectId);
        const current = await targetRole(trx, projectId, userId);
        if (!current) throw memberNotFound();
        if (current === 'admin' && role !== 'admin' && (await adminCount(trx, projectId)) <= 1) throw lastAdmin();
        await trx
          .updateTable('project_members')
          .set({ role })
          .where('project_id', '=', projectId)
          .where('user_id', '=', userId)
          .execute();
      });
      return c.json(await projectMemberOf(ctx.db, projectId, userId));
    },
  );

  // An admin removes anyone; anyone leaves (removes themself). The last admin stays.
  r.delete(
    '/:projectId/members/:userId',
    signedIn,
    paramsOf(memberParams),
    requireProjectRole(ctx.db, 'worker'),
    async (c) => {
      const { projectId, role: callerRole } = c.get('project');
      const { userId } = c.req.valid('param');
      const self = userId === c.get('user').id;
      if (!self && !projectRoleAtLeast(callerRole, 'admin')) throw projectForbidden();
      await ctx.db.transaction().execute(async (trx) => {
        await lockProject(trx, projectId);
        const current = await targetRole(trx, projectId, userId);
        if (!current) throw memberNotFound();
        if (current === 'admin' && (await adminCount(trx, projectId)) <= 1) throw lastAdmin();
        await trx
          .deleteFrom('project_members')
          .where('project_id', '=', projectId)
          .where('user_id', '=', userId)
          .execute();
      });
      return c.body(null, 204);
    },
  );

  return r;
}
