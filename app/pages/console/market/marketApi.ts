import { useQuery } from '@tanstack/react-query';
import {
  purchaseListSchema,
  resourceExportResultSchema,
  resourceListSchema,
  resourceSchema,
  resourceSourcesSchema,
  salesReportSchema,
  type ApprovalState,
  type ResourceCreate,
  type ResourceExport,
  type ResourceList,
  type ResourceReview,
  type ResourceUpdate,
} from '../../../../contract/apiMarket';
import { projectListSchema } from '../../../../contract/apiProjects';
import { apiFetch } from '../../../api/apiFetch';
import { postForm } from './postForm';

/** The market calls of contract/apiMarket.ts that My resources and the review queue make. */

const r = (resourceId: string) => `resources/${encodeURIComponent(resourceId)}`;

/** While the server checks a resource, its list and page ask again at this pace. */
export const CHECKING_POLL_MS = 3000;

/** Query keys: everything of the market under ['market'], so one invalidation refreshes every list. */
export const marketKeys = {
  all: ['market'] as const,
  sources: ['market', 'sources'] as const,
  mine: ['market', 'mine'] as const,
  resource: (id: string) => ['market', 'resource', id] as const,
  bookmarks: ['market', 'bookmarks'] as const,
  purchases: ['market', 'purchases'] as const,
  sales: (from: string | null, to: string | null) => ['market', 'sales', from, to] as const,
  review: (state: ApprovalState) => ['market', 'review', state] as const,
  adminProjects: ['projects', 'admin'] as const,
};

export const marketApi = {
  sources: () => apiFetch('resources/sources', { schema: resourceSourcesSchema }),
  /** Multipart: `data` is the JSON body, `covers` the images in their chosen order. */
  create: (data: ResourceCreate, covers: readonly File[]) => {
    const form = new FormData();
    form.append('data', JSON.stringify(data));
    for (const cover of covers) form.append('covers', cover, cover.name);
    return postForm('resources', form, resourceSchema);
  },
  mine: () => apiFetch('resources/mine', { schema: resourceListSchema }),
  /** One resource as the market shows it to the caller (the seller, a buyer or a platform admin see more). */
  resource: (id: string) => apiFetch(`market/${r(id)}`, { schema: resourceSchema }),
  update: (id: string, body: ResourceUpdate) => apiFetch(r(id), { method: 'PATCH', body, schema: resourceSchema }),
  remove: (id: string) => apiFetch(r(id), { method: 'DELETE' }),
  bookmarks: () => apiFetch('bookmarks', { schema: resourceListSchema }),
  unbookmark: (id: string) => apiFetch(`${r(id)}/bookmark`, { method: 'DELETE' }),
  purchases: () => apiFetch('purchases', { schema: purchaseListSchema }),
  exportPurchase: (purchaseId: string, body: ResourceExport) =>
    apiFetch(`purchases/${encodeURIComponent(purchaseId)}/export`, {
      method: 'POST',
      body,
      schema: resourceExportResultSchema,
    }),
  sales: (from: string | null, to: string | null) => {
    const query = new URLSearchParams();
    if (from) query.set('from', from);
    if (to) query.set('to', to);
    const s = query.toString();
    return apiFetch(s ? `sales?${s}` : 'sales', { schema: salesReportSchema });
  },
  reviewQueue: (state: ApprovalState) =>
    apiFetch(`admin/resources?state=${encodeURIComponent(state)}`, { schema: resourceListSchema }),
  review: (id: string, body: ResourceReview) =>
    apiFetch(`admin/${r(id)}/review`, { method: 'POST', body, schema: resourceSchema }),
  /** Every project where the caller is admin, whatever its organization (export targets). */
  adminProjects: () => apiFetch('projects?role=admin', { schema: projectListSchema }),
};

/** Asks again while any resource is still being checked by the server. */
export function pollWhileChecking(data: ResourceList | undefined): number | false {
  return data?.items.some((item) => item.approval === 'checking') ? CHECKING_POLL_MS : false;
}

export function useMyResources() {
  return useQuery({
    queryKey: marketKeys.mine,
    queryFn: marketApi.mine,
    refetchInterval: (q) => pollWhileChecking(q.state.data),
  });
}
