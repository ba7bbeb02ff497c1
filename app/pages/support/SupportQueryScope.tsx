import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '../../api/queryClient';

/**
 * The server-data cache for the support pages that read the API. It lives in their chunks, so
 * the landing page never loads TanStack Query.
 */
export function SupportQueryScope({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
