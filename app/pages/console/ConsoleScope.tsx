import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '../../api/queryClient';
import { RequireAuth } from './RequireAuth';
import { ConsoleToaster } from './toaster';

/**
 * What every console page needs: the auth guard, the server-data cache (TanStack Query) and
 * the toaster. It lives in the console chunks, so public pages never load TanStack Query.
 */
export function ConsoleScope({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <RequireAuth>{children}</RequireAuth>
      <ConsoleToaster />
    </QueryClientProvider>
  );
}
