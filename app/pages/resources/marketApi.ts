import { marketPageSchema, resourceSchema, type Resource } from '../../../contract/apiMarket';
import { apiFetch, apiUrl } from '../../api/apiFetch';

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

export const coverUrl = (id: string, index: number) => apiUrl(`${one(id)}/covers/${index}`);
export const sampleUrl = (id: string, index: number) => apiUrl(`${one(id)}/samples/${index}`);

/**
 * Whether an image of the resource needs the token: only an approved public resource is open to
 * everyone; its seller, buyers and platform admins see the others with their token.
 */
export const imagesNeedToken = (r: Pick<Resource, 'approval' | 'visibility'>) =>
  r.approval !== 'approved' || r.visibility !== 'public';

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
