import type { Invitation } from '../../contract/apiInvitations';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { invitationMail, pageLink } from '../mail/templates';
import { invitationView, issueInvitation, targetNameOf, type InvitationTarget } from './invitationStore';
import { checkSendLimits } from './sendLimits';

/**
 * Invites (or invites again) an address to a project or an organization: the invitation is
 * created or renewed, then mailed in the inviter's language with a link to the sign-up page
 * carrying the new key. The renewal is committed before the mail goes out, so a failed send
 * leaves an invitation the admin sees in the list and can resend.
 */
export async function sendInvitation(
  ctx: AppContext,
  invite: InvitationTarget & { email: string; role: Invitation['role']; inviter: UserRow },
): Promise<Invitation> {
  const at = ctx.now();
  const { inviter, ...target } = invite;
  const issued = await ctx.db.transaction().execute(async (trx) => {
    // Two admins inviting the same address at once: the second waits and renews the first's
    // invitation (PostgreSQL; SQLite writes one transaction at a time anyway).
    if (ctx.dialect === 'postgres') {
      const table = target.kind === 'project' ? 'projects' : 'organizations';
      await trx.selectFrom(table).select('id').where('id', '=', target.targetId).forUpdate().execute();
    }
    await checkSendLimits(trx, { ...target, inviterId: inviter.id }, at);
    const targetName = await targetNameOf(trx, target.kind, target.targetId);
    if (targetName === null) throw new Error(`invitation target ${target.kind} ${target.targetId} is gone`);
    return { ...(await issueInvitation(trx, { ...target, invitedBy: inviter.id }, at)), targetName };
  });
  const locale = inviter.locale === 'en' ? 'en' : 'ko';
  const link = pageLink(ctx.config.PUBLIC_URL, locale, `/login/signup?invitation=${encodeURIComponent(issued.key)}`);
  const view = await invitationView(ctx.db, issued.id, at);
  await ctx.mailer.send(
    invitationMail(
      view.email,
      locale,
      {
        inviterName: inviter.name,
        kind: target.kind,
        targetName: issued.targetName,
        role: invite.role,
        expiresAt: issued.expiresAt,
      },
      link,
    ),
  );
  return view;
}
