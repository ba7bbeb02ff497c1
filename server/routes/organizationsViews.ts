import type { Member, Organization } from '../../contract/apiSupport';
import type { Db } from '../db/Db';
import { avatarUrlOf } from '../users/userViews';
import { isOrgRole, type Membership } from './organizationsAccess';

/** The organization as the caller sees it (with the caller's role, its member and live project counts). */
export async function organizationView(db: Db, membership: Membership): Promise<Organization | null> {
  const row = await db
    .selectFrom('organizations as o')
    .select(['o.id', 'o.name', 'o.created_at'])
    .select((eb) =>
      eb
        .selectFrom('organization_members as m')
        .whereRef('m.organization_id', '=', 'o.id')
        .select(eb.fn.countAll<string | number>().as('n'))
        .as('member_count'),
    )
    .select((eb) =>
      eb
        .selectFrom('projects as p')
        .whereRef('p.organization_id', '=', 'o.id')
        .where('p.deleted_at', 'is', null)
        .select(eb.fn.countAll<string | number>().as('n'))
        .as('project_count'),
    )
    .where('o.id', '=', membership.organizationId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    role: membership.role,
    memberCount: Number(row.member_count ?? 0),
    projectCount: Number(row.project_count ?? 0),
    createdAt: row.created_at,
  };
}

/** The caller's organizations, oldest membership first. */
export async function organizationsOf(db: Db, userId: string): Promise<Organization[]> {
  const rows = await db
    .selectFrom('organization_members as me')
    .innerJoin('organizations as o', 'o.id', 'me.organization_id')
    .select(['o.id', 'o.name', 'o.created_at', 'me.role', 'me.joined_at'])
    .select((eb) =>
      eb
        .selectFrom('organization_members as m')
        .whereRef('m.organization_id', '=', 'o.id')
        .select(eb.fn.countAll<string | number>().as('n'))
        .as('member_count'),
    )
    .select((eb) =>
      eb
        .selectFrom('projects as p')
        .whereRef('p.organization_id', '=', 'o.id')
        .where('p.deleted_at', 'is', null)
        .select(eb.fn.countAll<string | number>().as('n'))
        .as('project_count'),
    )
    .where('me.user_id', '=', userId)
    .orderBy('me.joined_at')
    .orderBy('o.id')
    .execute();
  return rows.flatMap((r) =>
    isOrgRole(r.role)
      ? [
          {
            id: r.id,
            name: r.name,
            role: r.role,
            memberCount: Number(r.member_count ?? 0),
            projectCount: Number(r.project_count ?? 0),
            createdAt: r.created_at,
          },
        ]
      : [],
  );
}

function memberQuery(db: Db, organizationId: string) {
  return db
    .selectFrom('organization_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.name', 'u.email', 'u.avatar_key', 'm.role', 'm.joined_at'])
    .where('m.organization_id', '=', organizationId);
}

type MemberRow = Awaited<ReturnType<ReturnType<typeof memberQuery>['execute']>>[number];

function memberView(r: MemberRow): Member | null {
  if (!isOrgRole(r.role)) return null;
  return { userId: r.id, name: r.name, email: r.email, avatar: avatarUrlOf(r), role: r.role, joinedAt: r.joined_at };
}

/** Members by role (owners first), then by join time. */
export async function membersOf(db: Db, organizationId: string): Promise<Member[]> {
  const rows = await memberQuery(db, organizationId).orderBy('m.joined_at').orderBy('u.id').execute();
  const rank = { owner: 0, admin: 1, member: 2 } as const;
  return rows
    .map(memberView)
    .filter((m): m is Member => m !== null)
    .sort((a, b) => rank[a.role] - rank[b.role]);
}

export async function memberOf(db: Db, organizationId: string, userId: string): Promise<Member | null> {
  const row = await memberQuery(db, organizationId).where('u.id', '=', userId).executeTakeFirst();
  return row ? memberView(row) : null;
}
