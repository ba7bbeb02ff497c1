import { proxy } from 'valtio';
import type { User } from '../../contract/apiAuth';
import { clearOrganization, restoreOrganization } from './organization';

/**
 * The signed-in user as `GET auth/user` answers it (the contract's `User`, checked by its zod
 * schema where it is fetched; spec section 3: the login user has a scope).
 */
export type AuthUser = User;

export interface AuthState {
  busy: boolean;
  loggedIn: boolean;
  strategy: 'local' | 'google' | 'naver' | null;
  user: AuthUser | null;
}

export const auth = proxy<AuthState>({ busy: false, loggedIn: false, strategy: null, user: null });

export function setLoggedIn(user: AuthUser, strategy: AuthState['strategy'] = 'local'): void {
  auth.user = user;
  auth.strategy = strategy;
  auth.loggedIn = true;
  restoreOrganization(user.id);
}

/** Logout clears the user and organization data (spec section 4). */
export function setLoggedOut(): void {
  auth.user = null;
  auth.strategy = null;
  auth.loggedIn = false;
  clearOrganization();
}

/** Replaces the user after a profile change (name, introduction, avatar, preferences). */
export function updateAuthUser(user: AuthUser): void {
  if (auth.loggedIn) auth.user = user;
}

export function setAuthBusy(busy: boolean): void {
  auth.busy = busy;
}
