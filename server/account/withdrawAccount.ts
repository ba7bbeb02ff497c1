import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { ApiError } from '../http/ApiError';
import { withdrawalMail, type MailLocale } from '../mail/templates';
import { hasBlockers, withdrawalPlan, type WithdrawalPlanFacts } from './withdrawalPlan';

/** Privacy policy, Article 3: records of contracts or withdrawals are kept 5 years. */
const RECORD_YEARS = 5;

function yearsLater(at: Date, years: number): string {
  const d = new Date(at);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d.toISOString();
}

/**
 * Withdraws `user` (the caller has confirmed who they are) in one transaction, or throws
 * `last_owner` and changes nothing. What goes and what stays: docs/decisions/0063-account-withdrawal.md.
 * - The users row goes with everything only it gives meaning to: sessions and refresh tokens
 *   (any access token is refused at once, as requireUser finds no user), one-time keys, alerts
 *   received or sent, memberships, image locks, upload sessions, OAuth links (the e-mail itself),
 *   the failed-login counter of the address. The address is free to register again.
 * - Work on projects that others keep (images uploaded or labelled, annotations, imports,
 *   invitations sent) stays with the project without a name: those columns become null.
 * - Organizations with no other member are deleted; projects nobody else can reach are
 *   soft-deleted as the project delete does, after leaving their organization so that deleting it
 *   does not take them along.
 * - A withdrawal record without name or address is kept for RECORD_YEARS; older ones are dropped.
 * After the commit: the avatar blob if no one else uses it, and the confirmation mail.
 */
export async function withdrawAccount(ctx: AppContext, user: UserRow): Promise<WithdrawalPlanFacts> {
  const at = ctx.now();
  const now = at.toISOString();
  const plan = await ctx.db.transaction().execute(async (trx) => {
    const facts = await withdrawalPlan(trx, user.id);
    if (hasBlockers(facts)) {
      throw new ApiError('last_owner', 'Transfer ownership of what others still use first.', {
        blockers: facts.blockers,
      });
    }
    const orgIds = facts.deletes.organizations.map((o) => o.id);
    const projectIds = facts.deletes.projects.map((p) => p.id);
    if (projectIds.length) {
      await trx
        .updateTable('projects')
        .set({ deleted_at: now, updated_at: now })
        .where('id', 'in', projectIds)
        .execute();
    }
    if (orgIds.length) {
      // A project keeps its rows when its organization goes (the foreign key would delete them).
      await trx
        .updateTable('projects')
        .set({ organization_id: null, updated_at: now })
        .where('organization_id', 'in', orgIds)
        .execute();
      await trx.deleteFrom('invitations').where('kind', '=', 'organization').where('target_id', 'in', orgIds).execute();
      await trx.deleteFrom('organizations').where('id', 'in', orgIds).execute();
    }

    const id = user.id;
    await trx.updateTable('images').set({ uploaded_by: null }).where('uploaded_by', '=', id).execute();
    await trx.updateTable('images').set({ worker_id: null }).where('worker_id', '=', id).execute();
    await trx.updateTable('annotations').set({ created_by: null }).where('created_by', '=', id).execute();
    await trx.updateTable('annotation_ops').set({ user_id: null }).where('user_id', '=', id).execute();
    await trx.updateTable('imports').set({ user_id: null }).where('user_id', '=', id).execute();
    await trx.updateTable('projects').set({ created_by: null }).where('created_by', '=', id).execute();
    await trx.updateTable('invitations').set({ invited_by: null }).where('invited_by', '=', id).execute();
    await trx.updateTable('notices').set({ author_id: null }).where('author_id', '=', id).execute();

    await trx.deleteFrom('refresh_tokens').where('user_id', '=', id).execute();
    await trx.deleteFrom('one_time_keys').where('user_id', '=', id).execute();
    await trx
      .deleteFrom('alerts')
      .where((eb) => eb.or([eb('receiver_id', '=', id), eb('sender_id', '=', id)]))
      .execute();
    await trx.deleteFrom('image_locks').where('user_id', '=', id).execute();
    await trx.deleteFrom('uploads').where('user_id', '=', id).execute();
    await trx.deleteFrom('organization_members').where('user_id', '=', id).execute();
    await trx.deleteFrom('project_members').where('user_id', '=', id).execute();
    await trx.deleteFrom('login_attempts').where('email', '=', user.email).execute();
    const gone = await trx.deleteFrom('users').where('id', '=', id).executeTakeFirst();
    if (Number(gone.numDeletedRows) !== 1) throw new ApiError('unauthorized', 'The account no longer exists.');

    await trx.deleteFrom('account_withdrawals').where('keep_until', '<=', now).execute();
    await trx
      .insertInto('account_withdrawals')
      .values({
        id: randomUUID(),
        signed_up_at: user.created_at,
        withdrawn_at: now,
        keep_until: yearsLater(at, RECORD_YEARS),
      })
      .execute();
    return facts;
  });

  if (user.avatar_key) {
    const still = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('avatar_key', '=', user.avatar_key)
      .executeTakeFirst();
    if (!still) await ctx.blobs.delete(user.avatar_key).catch((error: unknown) => logAfter('avatar', error));
  }
  const locale: MailLocale = user.locale === 'en' ? 'en' : 'ko';
  await ctx.mailer
    .send(withdrawalMail(user.email, user.name, locale, now, ctx.config.PUBLIC_URL))
    .catch((error: unknown) => logAfter('mail', error));
  return plan;
}

/** The account is gone either way: a failure after the commit is logged, not answered. */
function logAfter(what: string, error: unknown) {
  console.warn(`withdrawal: ${what} after the commit failed: ${(error as Error).message}`);
}
