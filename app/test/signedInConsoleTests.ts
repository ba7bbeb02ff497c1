import { configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { queryClient } from '../api/queryClient';
import { resetSessionForTests } from '../api/session';
import { storeTokens } from '../api/tokenStorage';
import { setLoggedOut } from '../state/auth';

/**
 * Set-up for component tests of whole console pages: a fresh signed-in session (tokens 'A1' /
 * 'R1') before each test, queries without retries, and the cache and stubbed globals cleared
 * after. Whole pages render here; on a shared 2-core machine the first paint can pass 1 s, hence
 * the longer wait for async queries.
 */
export function signedInConsoleTests(asyncUtilTimeout = 5000): void {
  configure({ asyncUtilTimeout });
  beforeEach(() => {
    localStorage.clear();
    setLoggedOut();
    resetSessionForTests();
    storeTokens({ token: 'A1', refreshToken: 'R1' });
    queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  });
  afterEach(() => {
    queryClient.clear();
    vi.unstubAllGlobals();
  });
}
