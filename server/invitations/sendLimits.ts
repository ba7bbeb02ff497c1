import type { Db } from '../db/Db';
import { ApiError } from '../http/ApiError';
import { normalizeEmail } from '../users/findUser';
import type { InvitationTarget } from './invitationStore';

/** Invitation mails one person may send to distinct invitations in 24 hours (new ones and renewals). */
export const INVITATION_MAILS_PER_DAY = 100;
/** The same invitation is mailed again at most this often (a double click sends one mail). */
export const INVITATION_RESEND_AFTER_S = 60;

const DAY_MS = 24 * 3600 * 1000;

const tooMany = (retryAfterS: number, message: string) =>
  new ApiError('too_many_attempts', message, { retryAfterS: Math.max(1, Math.ceil(retryAfterS)) });

/**
 * Mails go to addresses nobody has proven yet, so an account could be used to send them in bulk:
 * refuses (429 with Retry-After seconds) a renewal of an invitation mailed under a minute ago and
 * more than `INVITATION_MAILS_PER_DAY` invitations mailed by one person in 24 hours.
 */
export async function checkSendLimits(
  db: Db,
  invite: InvitationTarget & { email: string; inviterId: string },
  at: Date,
): Promise<void> {
  const open = await db
    .selectFrom('invitations')
    .select('sent_at')
    .where('kind', '=', invite.kind)
    .where('target_id', '=', invite.targetId)
    .where('email', '=', normalizeEmail(invite.email))
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  const sinceLast = open ? (at.getTime() - Date.parse(open.sent_at)) / 1000 : Infinity;
  if (sinceLast < INVITATION_RESEND_AFTER_S) {
    throw tooMany(INVITATION_RESEND_AFTER_S - sinceLast, 'This invitation was mailed less than a minute ago.');
  }
  const recent = await db
    .selectFrom('invitations')
    .select('sent_at')
    .where('invited_by', '=', invite.inviterId)
    .where('sent_at', '>', new Date(at.getTime() - DAY_MS).toISOString())
    .orderBy('sent_at', 'desc')
    .limit(INVITATION_MAILS_PER_DAY)
    .execute();
  const oldest = recent.at(-1);
  if (recent.length >= INVITATION_MAILS_PER_DAY && oldest) {
    const freeAt = Date.parse(oldest.sent_at) + DAY_MS;
    throw tooMany((freeAt - at.getTime()) / 1000, 'Too many invitations mailed in the last 24 hours.');
  }
}
