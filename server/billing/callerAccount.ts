import type { Db } from '../db/Db';
import type { UserRow } from '../db/schema';
import { orgNotFound, orgRoleOf, roleAtLeast } from '../routes/organizationsAccess';
import { personalAccount } from './billingAccount';

export interface CallerAccount {
  /** The stored account string: an organization id or 'personal:<userId>'. */
  account: string;
  kind: 'organization' | 'personal';
  /** The organization id, or the user's id for a personal account. */
  id: string;
  name: string;
  /** The caller may change its plan: an organization's owner or admin; always their own personal account. */
  canManage: boolean;
}

/**
 * The billing account a signed-in caller names ('personal' or an organization id): 404 for an
 * organization the caller is not a member of (as for one that does not exist).
 */
export async function callerAccount(
  db: Db,
  user: Pick<UserRow, 'id' | 'name'>,
  organization: string,
): Promise<CallerAccount> {
  if (organization === 'personal')
    return { account: personalAccount(user.id), kind: 'personal', id: user.id, name: user.name, canManage: true };
  const role = await orgRoleOf(db, organization, user.id);
  if (!role) throw orgNotFound();
  const org = await db.selectFrom('organizations').select('name').where('id', '=', organization).executeTakeFirst();
  if (!org) throw orgNotFound();
  return {
    account: organization,
    kind: 'organization',
    id: organization,
    name: org.name,
    canManage: roleAtLeast(role, 'admin'),
  };
}
