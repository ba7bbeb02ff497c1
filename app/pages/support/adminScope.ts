import { useSnapshot } from 'valtio';
import { auth } from '../../state/auth';

/**
 * Whether a scope grants platform administration. The scope is a list of names or one string of
 * names separated by spaces or commas (OAuth style); a name must be exactly `admin`.
 */
export function hasAdminScope(scope: string | readonly string[] | null | undefined): boolean {
  if (!scope) return false;
  const names: readonly string[] = typeof scope === 'string' ? scope.split(/[\s,]+/) : scope;
  return names.some((name) => name.trim() === 'admin');
}

/** Whether the signed-in user is a platform admin (may write notices). */
export function useIsAdmin(): boolean {
  const { loggedIn, user } = useSnapshot(auth);
  return loggedIn && hasAdminScope(user?.scope);
}
