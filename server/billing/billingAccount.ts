import type { Db } from '../db/Db';

/*
 * The billing account a project counts against: its organization, or its creator's personal
 * account for a project outside every organization. The same string is stored in
 * subscriptions.account and orders.account.
 */

const PERSONAL_PREFIX = 'personal:';

/** The personal account of a user ('personal:<userId>'). */
export function personalAccount(userId: string): string {
  return `${PERSONAL_PREFIX}${userId}`;
}

/** The user of a personal account, or null for an organization's account. */
export function personalUserOf(account: string): string | null {
  return account.startsWith(PERSONAL_PREFIX) ? account.slice(PERSONAL_PREFIX.length) : null;
}

/** The account of a project row: its organization, else its creator's personal account. */
export function billingAccountOf(project: { organization_id: string | null; created_by: string | null }): string {
  if (project.organization_id) return project.organization_id;
  // A personal project whose creator's account is gone belongs to nobody's plan: it counts on its own.
  return personalAccount(project.created_by ?? '');
}

/** The account of a project by id (deleted projects included), or null when there is no such project. */
export async function billingAccountOfProject(db: Db, projectId: string): Promise<string | null> {
  const row = await db
    .selectFrom('projects')
    .select(['organization_id', 'created_by'])
    .where('id', '=', projectId)
    .executeTakeFirst();
  return row ? billingAccountOf(row) : null;
}
