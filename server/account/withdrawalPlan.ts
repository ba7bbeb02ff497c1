import type { WithdrawalBlockers } from '../../contract/apiAccount';
import type { Db } from '../db/Db';

/** What withdrawing `userId` would do now; ids for the writes, names for the answer. */
export interface WithdrawalPlanFacts {
  /** Organizations and projects that only the user can reach: deleted with the account. */
  deletes: WithdrawalBlockers;
  /** What others still use and only the user can manage: refuses the withdrawal. */
  blockers: WithdrawalBlockers;
}

const MANAGES_ORG = new Set(['owner', 'admin']);

/**
 * The organizations and projects a withdrawal would delete or is blocked by (contract/apiAccount.ts):
 * - an organization with no other member is deleted; one whose only owner is the user while others
 *   remain blocks (ownership is transferred first, as when leaving it);
 * - a project that no one else could reach afterwards (no other project member, no other owner or
 *   admin of a surviving organization) is deleted; one that others still use but only the user
 *   manages (project admin, or owner/admin of its organization) blocks, so that no team is left
 *   with a project nobody can administer.
 * Read inside the withdrawal's transaction, so the plan and the writes see the same rows.
 */
export async function withdrawalPlan(db: Db, userId: string): Promise<WithdrawalPlanFacts> {
  const myOrgs = await db
    .selectFrom('organization_members as om')
    .innerJoin('organizations as o', 'o.id', 'om.organization_id')
    .select(['o.id', 'o.name', 'om.role'])
    .where('om.user_id', '=', userId)
    .orderBy('o.name')
    .execute();
  const orgIds = myOrgs.map((o) => o.id);
  const orgMembers = orgIds.length
    ? await db
        .selectFrom('organization_members')
        .select(['organization_id', 'user_id', 'role'])
        .where('organization_id', 'in', orgIds)
        .where('user_id', '!=', userId)
        .execute()
    : [];
  const othersOf = (orgId: string) => orgMembers.filter((m) => m.organization_id === orgId);

  const deletes: WithdrawalBlockers = { organizations: [], projects: [] };
  const blockers: WithdrawalBlockers = { organizations: [], projects: [] };
  const deletedOrgs = new Set<string>();
  for (const org of myOrgs) {
    const others = othersOf(org.id);
    if (others.length === 0) {
      deletes.organizations.push({ id: org.id, name: org.name });
      deletedOrgs.add(org.id);
    } else if (org.role === 'owner' && !others.some((m) => m.role === 'owner')) {
      blockers.organizations.push({ id: org.id, name: org.name });
    }
  }

  // The projects the user is part of, and every project of an organization they manage or that goes.
  const orgRole = new Map(myOrgs.map((o) => [o.id, o.role]));
  const reachOrgs = myOrgs.filter((o) => MANAGES_ORG.has(o.role) || deletedOrgs.has(o.id)).map((o) => o.id);
  const projects = await db
    .selectFrom('projects as p')
    .leftJoin('project_members as pm', (j) => j.onRef('pm.project_id', '=', 'p.id').on('pm.user_id', '=', userId))
    .select(['p.id', 'p.title', 'p.organization_id', 'pm.role as member_role'])
    .where('p.deleted_at', 'is', null)
    .where((eb) =>
      eb.or([eb('pm.user_id', '=', userId), ...(reachOrgs.length ? [eb('p.organization_id', 'in', reachOrgs)] : [])]),
    )
    .orderBy('p.title')
    .execute();
  const projectIds = projects.map((p) => p.id);
  const projectOthers = projectIds.length
    ? await db
        .selectFrom('project_members')
        .select(['project_id', 'role'])
        .where('project_id', 'in', projectIds)
        .where('user_id', '!=', userId)
        .execute()
    : [];

  for (const p of projects) {
    const others = projectOthers.filter((m) => m.project_id === p.id);
    const org = p.organization_id;
    const orgAdmins = org && !deletedOrgs.has(org) ? othersOf(org).filter((m) => MANAGES_ORG.has(m.role)).length : 0;
    const otherAdmins = others.filter((m) => m.role === 'admin').length + orgAdmins;
    const iManage = p.member_role === 'admin' || (org !== null && MANAGES_ORG.has(orgRole.get(org) ?? ''));
    if (others.length === 0 && otherAdmins === 0) deletes.projects.push({ id: p.id, name: p.title });
    else if (iManage && otherAdmins === 0) blockers.projects.push({ id: p.id, name: p.title });
  }
  return { deletes, blockers };
}

export function hasBlockers(plan: WithdrawalPlanFacts): boolean {
  return plan.blockers.organizations.length > 0 || plan.blockers.projects.length > 0;
}
