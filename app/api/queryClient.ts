import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './ApiRequestError';
import { onServerCacheClear } from './serverCache';

/**
 * The one cache of server data. Loaded only by the chunks that talk to the API, never by the
 * landing page. A 4xx answer is not retried (it would fail the same way); network errors and
 * 5xx are retried twice.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: (failures, error) =>
        failures < 2 && !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500),
    },
    mutations: { retry: false },
  },
});

onServerCacheClear(() => queryClient.clear());
