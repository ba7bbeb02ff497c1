import { useEffect, useState, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation, useSearch } from 'wouter';
import { loginHref } from '../../api/loginRedirect';
import { bootstrapSession } from '../../api/session';
import { PageFallback } from '../../routes/PageFallback';
import { auth } from '../../state/auth';

/**
 * Auth guard of the console (spec section 4): waits for the session bootstrap, then shows the
 * page to a signed-in user and sends anyone else to /login remembering this path.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { loggedIn, busy } = useSnapshot(auth);
  const [ready, setReady] = useState(false);
  const [location, navigate] = useLocation();
  const search = useSearch();

  useEffect(() => {
    let live = true;
    void bootstrapSession().then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (ready && !busy && !loggedIn) navigate(loginHref(location + (search ? `?${search}` : '')), { replace: true });
  }, [ready, busy, loggedIn, location, search, navigate]);

  if (!ready || !loggedIn) return <PageFallback />;
  return <>{children}</>;
}
