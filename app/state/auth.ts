import { proxy } from 'valtio';

/**
 * The signed-in user as the client knows it (spec section 3: the login user has a scope).
 * Responses are checked against the contract's zod schema where they are fetched.
 */
export interface AuthUser {
  id: string | number;
  name: string;
  email?: string;
  avatar?: string | null;
  introduction?: string;
  scope?: string | string[];
  notifications?: { notice: boolean; training: boolean; market: boolean };
}

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
}

/** Logout clears the user and organization data (spec section 4). */
export function setLoggedOut(): void {
  auth.user = null;
  auth.strategy = null;
  auth.loggedIn = false;
}

/** Replaces the user after a profile change (name, introduction, avatar, preferences). */
export function updateAuthUser(user: AuthUser): void {
  if (auth.loggedIn) auth.user = user;
}

export function setAuthBusy(busy: boolean): void {
  auth.busy = busy;
}
