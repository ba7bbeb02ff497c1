import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation, useSearch } from 'wouter';
import { redirectTarget } from '../../api/loginRedirect';
import { bootstrapSession } from '../../api/session';
import { auth } from '../../state/auth';

/**
 * Auth guard of the login pages (spec section 4): a signed-in user goes home, or to the page
 * remembered in `?redirect=`. Returns where a fresh sign-in should go.
 */
export function useGuestRedirect(fallback = '/'): string {
  const { loggedIn } = useSnapshot(auth);
  const search = useSearch();
  const [, navigate] = useLocation();
  const target = redirectTarget(search, fallback);
  // Once: the page may still render for a moment at the new address, without its `?redirect=`.
  const moved = useRef(false);
  useEffect(() => {
    void bootstrapSession();
  }, []);
  useEffect(() => {
    if (!loggedIn || moved.current) return;
    moved.current = true;
    navigate(target, { replace: true });
  }, [loggedIn, navigate, target]);
  return target;
}
