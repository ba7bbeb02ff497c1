import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';

/** E-mail addresses are compared lower-cased (stored that way). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function findUserByEmail(ctx: AppContext, email: string): Promise<UserRow | undefined> {
  return ctx.db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
}

export function findUserById(ctx: AppContext, id: string): Promise<UserRow | undefined> {
  return ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}
