import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '../../api/queryClient';

/**
 * The server-data cache for the market pages. It lives in their chunks, so the landing page never
 * loads TanStack Query; it is the app's one cache, shared with the console's market pages.
 */
export function MarketQueryScope({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
