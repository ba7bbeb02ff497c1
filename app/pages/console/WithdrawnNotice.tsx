import { lazy, Suspense, useState } from 'react';

/** Set (session storage) just before the client leaves for the home page after a withdrawal. */
export const WITHDRAWN_FLAG = 'maru.accountWithdrawn';

// Its own chunk: every public page holds this component, and only a page after a withdrawal shows it.
const WithdrawnNoticeAlert = lazy(() => import('./WithdrawnNoticeAlert'));

/** Reads and forgets the flag the withdrawal left, once per page load. */
function takeFlag(): boolean {
  try {
    const set = sessionStorage.getItem(WITHDRAWN_FLAG) === '1';
    if (set) sessionStorage.removeItem(WITHDRAWN_FLAG);
    return set;
  } catch {
    return false;
  }
}

/** On the public site after a withdrawal: says that the account was deleted; nothing on any other visit. */
export function WithdrawnNotice() {
  const [shown, setShown] = useState(takeFlag);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <WithdrawnNoticeAlert onClose={() => setShown(false)} />
    </Suspense>
  );
}
