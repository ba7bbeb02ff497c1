import {
  invitationListSchema,
  invitationPreviewSchema,
  invitationSchema,
  type InvitationKind,
} from '../../../../contract/apiInvitations';
import { apiFetch } from '../../../api/apiFetch';

/** Where a target's invitations live: projects under `projects/`, organizations under `orgs/`. */
function base(kind: InvitationKind, targetId: string): string {
  return `${kind === 'project' ? 'projects' : 'orgs'}/${encodeURIComponent(targetId)}/invitations`;
}

/** The invitations API of contract/apiInvitations.ts, one function per call. */
export const invitationsApi = {
  list: (kind: InvitationKind, targetId: string) => apiFetch(base(kind, targetId), { schema: invitationListSchema }),
  resend: (kind: InvitationKind, targetId: string, id: string) =>
    apiFetch(`${base(kind, targetId)}/${encodeURIComponent(id)}/resend`, { method: 'POST', schema: invitationSchema }),
  revoke: (kind: InvitationKind, targetId: string, id: string) =>
    apiFetch(`${base(kind, targetId)}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  /** The public preview the sign-up page shows; no sign-in. */
  preview: (key: string) =>
    apiFetch(`invitations/${encodeURIComponent(key)}`, { schema: invitationPreviewSchema, auth: false }),
};

/** The TanStack Query key of a target's pending invitations. */
export const invitationsKey = (kind: InvitationKind, targetId: string) => ['invitations', kind, targetId] as const;
