import { randomUUID } from 'node:crypto';
import type { Db } from '../db/Db';
import { INVITE_MESSAGES } from './inviteMessages';
import { targetNameOf } from './invitationStore';

/**
 * Joins every pending invitation of the user's address: the membership rows, the usual 'invite'
 * alert from the inviter, and each invitation marked accepted. Only for a proven address (the
 * account is verified); expired and revoked invitations, and those of deleted projects or
 * organizations, are left alone. Pass a transaction, so that the account's verification and its
 * memberships are written together. Returns how many invitations were accepted.
 */
export async function acceptInvitations(db: Db, userId: string, at: Date): Promise<number> {
  const user = await db
    .selectFrom('users')
    .select(['email', 'locale', 'email_verified_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user?.email_verified_at) return 0;
  const now = at.toISOString();
  const invitations = await db
    .selectFrom('invitations')
    .select(['id', 'kind', 'target_id', 'role', 'invited_by'])
    .where('email', '=', user.email)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at')
    .execute();
  let accepted = 0;
  for (const invitation of invitations) {
    const kind = invitation.kind === 'project' ? 'project' : 'organization';
    const targetName = await targetNameOf(db, kind, invitation.target_id);
    if (targetName === null) continue;
    const claimed = await db
      .updateTable('invitations')
      .set({ accepted_at: now })
      .where('id', '=', invitation.id)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    accepted += 1;
    const member = { user_id: userId, role: invitation.role, joined_at: now };
    // Someone may have added the account directly meanwhile: that membership and its role stay.
    const inserted =
      kind === 'project'
        ? await db
            .insertInto('project_members')
            .values({ ...member, project_id: invitation.target_id })
            .onConflict((oc) => oc.columns(['project_id', 'user_id']).doNothing())
            .executeTakeFirst()
        : await db
            .insertInto('organization_members')
            .values({ ...member, organization_id: invitation.target_id })
            .onConflict((oc) => oc.columns(['organization_id', 'user_id']).doNothing())
            .executeTakeFirst();
    // The alert needs a sender: an inviter whose account is gone leaves none.
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) !== 1 || !invitation.invited_by) continue;
    await db
      .insertInto('alerts')
      .values({
        id: randomUUID(),
        receiver_id: userId,
        sender_id: invitation.invited_by,
        message: INVITE_MESSAGES[kind][user.locale === 'en' ? 'en' : 'ko'](targetName),
        type: 'invite',
        read_at: null,
        created_at: now,
      })
      .execute();
  }
  return accepted;
}
