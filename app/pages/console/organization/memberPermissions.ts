import type { Member, OrgRole } from '../../../../contract/apiSupport';

/*
 * What the caller may do on the organization page, mirroring the server's rules
 * (server/routes/organizations.ts): the page offers only what the server will accept.
 */

/** Roles the caller may hand out when adding a member: an owner any, an admin members only. */
export function assignableRoles(callerRole: OrgRole): OrgRole[] {
  if (callerRole === 'owner') return ['member', 'admin', 'owner'];
  if (callerRole === 'admin') return ['member'];
  return [];
}

/** Only owners change roles (their own too, as long as another owner remains: the server checks). */
export function canChangeRole(callerRole: OrgRole): boolean {
  return callerRole === 'owner';
}

/** An owner removes anyone else, an admin plain members; oneself leaves instead. */
export function canRemove(callerRole: OrgRole, target: Member, self: boolean): boolean {
  if (self) return false;
  if (callerRole === 'owner') return true;
  return callerRole === 'admin' && target.role === 'member';
}

/** Why the organization cannot be deleted now (an i18n key with its count), or null when it can. */
export function deleteBlocker(
  callerRole: OrgRole,
  memberCount: number,
  projectCount: number,
): { key: string; count?: number } | null {
  if (callerRole !== 'owner') return { key: 'organization:delete.ownerOnly' };
  if (memberCount > 1) return { key: 'organization:delete.blockedMembers' };
  if (projectCount > 0) return { key: 'organization:delete.blockedProjects', count: projectCount };
  return null;
}

/** The last owner cannot leave: ownership goes to someone else first. */
export function isLastOwner(callerRole: OrgRole, members: readonly Member[]): boolean {
  return callerRole === 'owner' && members.filter((m) => m.role === 'owner').length <= 1;
}
