import { useEffect } from 'react';
import { useLocation } from 'wouter';

/** A new page starts at the top, as in a multi-page site (hash links excepted). */
export function ScrollToTopOnNavigate() {
  const [location] = useLocation();
  useEffect(() => {
    if (!window.location.hash) window.scrollTo(0, 0);
  }, [location]);
  return null;
}
