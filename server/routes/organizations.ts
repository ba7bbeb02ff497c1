import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod';
import {
  memberAddSchema,
  memberUpdateSchema,
  organizationCreateSchema,
  organizationTransferSchema,
  organizationUpdateSchema,
} from '../../contract/apiSupport';
import type { AppContext } from '../context';
import type { Db } from '../db/Db';
import { ApiError } from '../http/ApiError';
import { requireUser } from '../http/requireUser';
import { jsonBody, paramsOf } from '../http/validate';
import { sendInvitation } from '../invitations/sendInvitation';
import { findUserByEmail } from '../users/findUser';
import { addMemberWithAlert } from './addMemberWithAlert';
import { forbidden, orgNotFound, orgRoleOf, requireOrgRole, roleAtLeast, type OrgEnv } from './organizationsAccess';
import { memberOf, membersOf, organizationsOf, organizationView } from './organizationsViews';

const orgParams = z.object({ orgId: z.string().min(1).max(64) });
const memberParams = orgParams.extend({ userId: z.string().min(1).max(64) });

const lastOwner = () => new ApiError('organization_last_owner', 'An organization keeps at least one owner.');
const memberNotFound = () => new ApiError('not_found', 'No such member.');

const INVITE_MESSAGE = {
  ko: (org: string) => `'${org}' 조직의 멤버로 추가되었습니다.`,
  en: (org: string) => `You were added to the organization '${org}'.`,
};

/**
 * Organizations and their members (contract/apiSupport.ts, spec section 6). Every route past
 * the list is scoped by `requireOrgRole`: someone else's organization answers 404, too low a role
 * 403. Role changes and removals run in a transaction that locks the organization row on
 * PostgreSQL (SQLite runs one write transaction at a time), so two owners demoting each other at
 * once cannot leave an organization without an owner.
 */
export function createOrganizationRoutes(ctx: AppContext) {
  const r = new Hono<OrgEnv>();
  r.use('*', requireUser(ctx));

  /** Holds the organization row until `trx` ends (PostgreSQL; SQLite writes one at a time anyway). */
  const lockOrganization = async (trx: Db, organizationId: string) => {
    await trx
      .selectFrom('organizations')
      .select('id')
      .where('id', '=', organizationId)
      .$if(ctx.dialect === 'postgres', (q) => q.forUpdate())
      .executeTakeFirst();
  };
  /** Owners left after the change, counted inside the transaction `trx`. */
  const ownerCount = async (trx: Db, organizationId: string) => {
    const row = await trx
      .selectFrom('organization_members')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('organization_id', '=', organizationId)
      .where('role', '=', 'owner')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  r.get('/', async (c) => c.json(await organizationsOf(ctx.db, c.get('user').id)));

  r.post('/', jsonBody(organizationCreateSchema), async (c) => {
    const id = randomUUID();
    const now = ctx.now().toISOString();
    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('organizations')
        .values({ id, name: c.req.valid('json').name, created_at: now, updated_at: now })
        .execute();
      await trx
        .insertInto('organization_members')
        .values({ organization_id: id, user_id: c.get('user').id, role: 'owner', joined_at: now })
        .execute();
    });
    return c.json(await organizationView(ctx.db, { organizationId: id, role: 'owner' }), 201);
  });

  r.get('/:orgId', paramsOf(orgParams), requireOrgRole(ctx.db, 'member'), async (c) => {
    const org = await organizationView(ctx.db, c.get('membership'));
    if (!org) throw orgNotFound();
    return c.json(org);
  });

  r.patch(
    '/:orgId',
    paramsOf(orgParams),
    requireOrgRole(ctx.db, 'admin'),
    jsonBody(organizationUpdateSchema),
    async (c) => {
      const membership = c.get('membership');
      await ctx.db
        .updateTable('organizations')
        .set({ name: c.req.valid('json').name, updated_at: ctx.now().toISOString() })
        .where('id', '=', membership.organizationId)
        .execute();
      const org = await organizationView(ctx.db, membership);
      if (!org) throw orgNotFound();
      return c.json(org);
    },
  );

  // Only an empty organization goes: deleting would otherwise take others' access and live projects with it.
  r.delete('/:orgId', paramsOf(orgParams), requireOrgRole(ctx.db, 'owner'), async (c) => {
    const { organizationId } = c.get('membership');
    await ctx.db.transaction().execute(async (trx) => {
      await lockOrganization(trx, organizationId);
      if ((await orgRoleOf(trx, organizationId, c.get('user').id)) !== 'owner') throw forbidden();
      const members = await trx
        .selectFrom('organization_members')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('organization_id', '=', organizationId)
        .executeTakeFirstOrThrow();
      const projects = await trx
        .selectFrom('projects')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('organization_id', '=', organizationId)
        .where('deleted_at', 'is', null)
        .executeTakeFirstOrThrow();
      if (Number(members.n) > 1 || Number(projects.n) > 0) {
        throw new ApiError('organization_not_empty', 'Remove the other members and delete the projects first.');
      }
      // Deleted projects go with it (their rows cascade), as no one can reach them any more.
      await trx.deleteFrom('organizations').where('id', '=', organizationId).execute();
    });
    return c.body(null, 204);
  });

  r.post(
    '/:orgId/transfer',
    paramsOf(orgParams),
    requireOrgRole(ctx.db, 'owner'),
    jsonBody(organizationTransferSchema),
    async (c) => {
      const { organizationId } = c.get('membership');
      const { userId } = c.req.valid('json');
      const callerId = c.get('user').id;
      if (userId === callerId) throw new ApiError('bad_request', 'Choose another member.');
      await ctx.db.transaction().execute(async (trx) => {
        await lockOrganization(trx, organizationId);
        if ((await orgRoleOf(trx, organizationId, callerId)) !== 'owner') throw forbidden();
        if (!(await orgRoleOf(trx, organizationId, userId))) throw memberNotFound();
        const set = (id: string, role: 'owner' | 'admin') =>
          trx
            .updateTable('organization_members')
            .set({ role })
            .where('organization_id', '=', organizationId)
            .where('user_id', '=', id)
            .execute();
        await set(userId, 'owner');
        await set(callerId, 'admin');
      });
      const org = await organizationView(ctx.db, { organizationId, role: 'admin' });
      if (!org) throw orgNotFound();
      return c.json(org);
    },
  );

  r.get('/:orgId/members', paramsOf(orgParams), requireOrgRole(ctx.db, 'member'), async (c) =>
    c.json(await membersOf(ctx.db, c.get('membership').organizationId)),
  );

  r.post(
    '/:orgId/members',
    paramsOf(orgParams),
    requireOrgRole(ctx.db, 'admin'),
    jsonBody(memberAddSchema),
    async (c) => {
      const { organizationId, role: callerRole } = c.get('membership');
      const { email, role } = c.req.valid('json');
      // An admin may bring in members; only an owner hands out admin or owner.
      if (role !== 'member' && callerRole !== 'owner') throw forbidden();
      const user = await findUserByEmail(ctx.db, email);
      const sender = c.get('user');
      // No account yet: the address gets an invitation mail (contract/apiInvitations.ts).
      if (!user) {
        const invitation = await sendInvitation(ctx, {
          kind: 'organization',
          targetId: organizationId,
          email,
          role,
          inviter: sender,
        });
        return c.json(invitation, 202);
      }
      const now = ctx.now().toISOString();
      const added = await addMemberWithAlert(ctx.db, {
        insertMember: (trx) =>
          trx
            .insertInto('organization_members')
            .values({ organization_id: organizationId, user_id: user.id, role, joined_at: now })
            .onConflict((oc) => oc.columns(['organization_id', 'user_id']).doNothing())
            .executeTakeFirst(),
        readName: async (trx) =>
          (
            await trx
              .selectFrom('organizations')
              .select('name')
              .where('id', '=', organizationId)
              .executeTakeFirstOrThrow()
          ).name,
        receiver: user,
        senderId: sender.id,
        message: INVITE_MESSAGE,
        now,
      });
      if (!added) throw new ApiError('conflict', 'That user is already a member.');
      return c.json(await memberOf(ctx.db, organizationId, user.id), 201);
    },
  );

  r.patch(
    '/:orgId/members/:userId',
    paramsOf(memberParams),
    requireOrgRole(ctx.db, 'owner'),
    jsonBody(memberUpdateSchema),
    async (c) => {
      const { organizationId } = c.get('membership');
      const { userId } = c.req.valid('param');
      const { role } = c.req.valid('json');
      await ctx.db.transaction().execute(async (trx) => {
        await lockOrganization(trx, organizationId);
        // The caller's role read again under the lock: a role lost a moment ago no longer counts.
        if ((await orgRoleOf(trx, organizationId, c.get('user').id)) !== 'owner') throw forbidden();
        const target = await trx
          .selectFrom('organization_members')
          .select('role')
          .where('organization_id', '=', organizationId)
          .where('user_id', '=', userId)
          .executeTakeFirst();
        if (!target) throw memberNotFound();
        if (target.role === 'owner' && role !== 'owner' && (await ownerCount(trx, organizationId)) <= 1)
          throw lastOwner();
        await trx
          .updateTable('organization_members')
          .set({ role })
          .where('organization_id', '=', organizationId)
          .where('user_id', '=', userId)
          .execute();
      });
      return c.json(await memberOf(ctx.db, organizationId, userId));
    },
  );

  r.delete('/:orgId/members/:userId', paramsOf(memberParams), requireOrgRole(ctx.db, 'member'), async (c) => {
    const { organizationId } = c.get('membership');
    const { userId } = c.req.valid('param');
    const self = userId === c.get('user').id;
    await ctx.db.transaction().execute(async (trx) => {
      await lockOrganization(trx, organizationId);
      const callerRole = await orgRoleOf(trx, organizationId, c.get('user').id);
      if (!callerRole) throw orgNotFound();
      const target = await trx
        .selectFrom('organization_members')
        .select('role')
        .where('organization_id', '=', organizationId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!target) {
        // Members see the member list anyway; still, only someone who could remove them learns more.
        if (!roleAtLeast(callerRole, 'admin')) throw forbidden();
        throw memberNotFound();
      }
      // Anyone may leave; an owner removes anyone; an admin removes plain members only.
      const allowed = self || callerRole === 'owner' || (callerRole === 'admin' && target.role === 'member');
      if (!allowed) throw forbidden();
      if (target.role === 'owner' && (await ownerCount(trx, organizationId)) <= 1) throw lastOwner();
      await trx
        .deleteFrom('organization_members')
        .where('organization_id', '=', organizationId)
        .where('user_id', '=', userId)
        .execute();
    });
    return c.body(null, 204);
  });

  return r;
}
