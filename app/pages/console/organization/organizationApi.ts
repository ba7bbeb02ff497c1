import type { z } from 'zod';
import { invitationSchema } from '../../../../contract/apiInvitations';
import type { memberAddSchema } from '../../../../contract/apiSupport';
import {
  memberListSchema,
  memberSchema,
  organizationListSchema,
  organizationSchema,
  type OrgRole,
} from '../../../../contract/apiSupport';
import { apiFetch } from '../../../api/apiFetch';

const o = (orgId: string) => `orgs/${encodeURIComponent(orgId)}`;

/** The organizations API of contract/apiSupport.ts, one function per call. */
export const organizationApi = {
  list: () => apiFetch('orgs', { schema: organizationListSchema }),
  create: (name: string) => apiFetch('orgs', { method: 'POST', body: { name }, schema: organizationSchema }),
  get: (orgId: string) => apiFetch(o(orgId), { schema: organizationSchema }),
  rename: (orgId: string, name: string) =>
    apiFetch(o(orgId), { method: 'PATCH', body: { name }, schema: organizationSchema }),
  remove: (orgId: string) => apiFetch(o(orgId), { method: 'DELETE' }),
  /** The caller hands the owner role to a member and becomes an admin. */
  transfer: (orgId: string, userId: string) =>
    apiFetch(`${o(orgId)}/transfer`, { method: 'POST', body: { userId }, schema: organizationSchema }),

  members: (orgId: string) => apiFetch(`${o(orgId)}/members`, { schema: memberListSchema }),
  /** 201 the new member, or 202 the invitation mailed to an address without an account. */
  addMember: (orgId: string, body: z.input<typeof memberAddSchema>) =>
    apiFetch(`${o(orgId)}/members`, { method: 'POST', body, schema: memberSchema.or(invitationSchema) }),
  updateMember: (orgId: string, userId: string, role: OrgRole) =>
    apiFetch(`${o(orgId)}/members/${encodeURIComponent(userId)}`, {
      method: 'PATCH',
      body: { role },
      schema: memberSchema,
    }),
  /** Removes a member; with the caller's own id it is "leave the organization". */
  removeMember: (orgId: string, userId: string) =>
    apiFetch(`${o(orgId)}/members/${encodeURIComponent(userId)}`, { method: 'DELETE' }),
};

/** Query keys of the organizations area. */
export const organizationKeys = {
  list: ['organizations'] as const,
  organization: (id: string) => ['organization', id] as const,
  members: (id: string) => ['organization', id, 'members'] as const,
};
