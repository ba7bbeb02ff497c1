import { QueryClientProvider } from '@tanstack/react-query';
import { createContext, useContext, type ReactNode } from 'react';
import { queryClient } from '../../api/queryClient';
import { RequireAuth } from './RequireAuth';
import { ConsoleToaster } from './toaster';

const InsideScope = createContext(false);

/**
 * What every console page needs: the auth guard, the server-data cache (TanStack Query) and
 * the toaster. It lives in the console chunks, so public pages never load TanStack Query. The
 * console layout holds it around its header, navigation and page; a page that wraps itself too
 * (to render on its own, as in tests) then gets its children as they are, so there is one
 * guard and one toaster.
 */
export function ConsoleScope({ children }: { children: ReactNode }) {
  const nested = useContext(InsideScope);
  if (nested) return <>{children}</>;
  return (
    <InsideScope.Provider value>
      <QueryClientProvider client={queryClient}>
        <RequireAuth>{children}</RequireAuth>
        <ConsoleToaster />
      </QueryClientProvider>
    </InsideScope.Provider>
  );
}
