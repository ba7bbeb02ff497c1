import { marketPageSchema, resourceSchema } from '../../../contract/apiMarket';
import { apiFetch } from '../../api/apiFetch';

/*
 * The public market's calls (contract/apiMarket.ts). They carry the token when there is one, so
 * a signed-in visitor's answers say whether a resource is bookmarked, bought or their own.
 */

const one = (id: string) => `market/resources/${encodeURIComponent(id)}`;

export const marketApi = {
  /** `query`: contract `marketQuerySchema` as a query string (marketQuery.ts marketApiQuery). */
  list: (query: string, signal?: AbortSignal) =>
    apiFetch(`market/resources?${query}`, { schema: marketPageSchema, signal }),
  resource: (id: string, signal?: AbortSignal) => apiFetch(one(id), { schema: resourceSchema, signal }),
  setBookmark: (id: string, on: boolean) =>
    apiFetch(`resources/${encodeURIComponent(id)}/bookmark`, { method: on ? 'PUT' : 'DELETE' }),
};

/**
 * Query keys. Everything sits under ['market'] (as the console's market keys do), so one
 * invalidation refreshes the public pages too; `viewer` (a user id or '') keeps a signed-out
 * answer from standing in for a signed-in one.
 */
export const marketPublicKeys = {
  all: ['market', 'public'] as const,
  list: (query: string, viewer: string) => ['market', 'public', 'list', viewer, query] as const,
  resource: (id: string, viewer: string) => ['market', 'public', 'resource', viewer, id] as const,
};
