import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnapshot } from 'valtio';
import type { MarketPage, Resource } from '../../../contract/apiMarket';
import { auth } from '../../state/auth';
import { marketApi, marketPublicKeys } from './marketApi';

/** Who is looking: a user id, or '' for a signed-out visitor; `ready` once the session is known. */
export function useMarketViewer(): { viewer: string; signedIn: boolean; ready: boolean } {
  const { busy, loggedIn, user } = useSnapshot(auth);
  return { viewer: loggedIn ? (user?.id ?? '') : '', signedIn: loggedIn, ready: !busy };
}

function isPage(data: unknown): data is MarketPage {
  return typeof data === 'object' && data !== null && Array.isArray((data as MarketPage).items);
}
function isResource(data: unknown): data is Resource {
  return typeof data === 'object' && data !== null && typeof (data as Resource).bookmarked === 'boolean';
}

/** A cached answer with one resource's bookmark set; anything else is returned as it was. */
export function withBookmark(data: unknown, id: string, on: boolean): unknown {
  if (isPage(data)) return { ...data, items: data.items.map((r) => (r.id === id ? { ...r, bookmarked: on } : r)) };
  if (isResource(data) && data.id === id) return { ...data, bookmarked: on };
  return data;
}

/**
 * Bookmarking from the market: every cached list and page showing the resource flips at once; a
 * refused or failed call puts them all back as they were (the mutation's error says why).
 */
export function useBookmark(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) => marketApi.setBookmark(id, on),
    onMutate: async (on: boolean) => {
      await client.cancelQueries({ queryKey: marketPublicKeys.all });
      const before = client.getQueriesData({ queryKey: marketPublicKeys.all });
      client.setQueriesData({ queryKey: marketPublicKeys.all }, (data: unknown) => withBookmark(data, id, on));
      return { before };
    },
    onError: (_error, _on, context) => {
      for (const [key, data] of context?.before ?? []) client.setQueryData(key, data);
    },
    // The console's bookmark list is another view of the same fact.
    onSuccess: () => client.invalidateQueries({ queryKey: ['market', 'bookmarks'] }),
  });
}
