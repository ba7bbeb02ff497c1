import type { PublicUser, Scope, User } from '../../contract/apiAuth';
import { SCOPES } from '../../contract/apiAuth';
import type { UserRow } from '../db/schema';

/** The API base path under which avatars are served (routes/files.ts). */
export const AVATAR_PATH = '/api/files/avatars/';

export function scopesOf(user: Pick<UserRow, 'scope'>): Scope[] {
  return user.scope.split(',').filter((s): s is Scope => (SCOPES as readonly string[]).includes(s));
}

export function avatarUrlOf(user: Pick<UserRow, 'avatar_key'>): string | null {
  return user.avatar_key ? `${AVATAR_PATH}${user.avatar_key}` : null;
}

/** The signed-in user as the API shows it (contract userSchema). */
export function userView(user: UserRow): User {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    avatar: avatarUrlOf(user),
    introduction: user.introduction,
    scope: scopesOf(user),
    notifications: {
      notice: user.notify_notice === 1,
      training: user.notify_training === 1,
      market: user.notify_market === 1,
    },
    createdAt: user.created_at,
  };
}

/** What anyone signed in may see of another user (contract publicUserSchema). */
export function publicUserView(user: UserRow): PublicUser {
  return { name: user.name, email: user.email, avatar: avatarUrlOf(user), introduction: user.introduction };
}
