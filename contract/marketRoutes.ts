import type { Billing, PlanId } from './plans';

/** The tabs of My resources (/console/market/:tab?): 'mine' is the default. */
export const MARKET_TABS = ['mine', 'bookmarks', 'purchases', 'sales'] as const;
export type MarketTab = (typeof MARKET_TABS)[number];

/** Locale-free hrefs of the console's market and checkout pages (contract/routes.ts paths). */
export const marketHref = {
  tab: (tab: MarketTab = 'mine') => (tab === 'mine' ? '/console/market' : `/console/market/${tab}`),
  item: (resourceId: string) => `/console/market/resources/${encodeURIComponent(resourceId)}`,
  /** Posting a resource, optionally from a project (and one of its models). */
  newResource: (projectId?: string, modelId?: string) => {
    const q = new URLSearchParams();
    if (projectId) q.set('project', projectId);
    if (modelId) q.set('model', modelId);
    const s = q.toString();
    return s ? `/console/market/new?${s}` : '/console/market/new';
  },
  checkoutResource: (resourceId: string) => `/console/checkout?resource=${encodeURIComponent(resourceId)}`,
  /** `account`: an organization id or 'personal'. */
  checkoutPlan: (plan: PlanId, billing: Billing, account?: string) => {
    const q = new URLSearchParams({ plan, billing });
    if (account) q.set('account', account);
    return `/console/checkout?${q.toString()}`;
  },
  testPayment: (orderId: string) => `/console/checkout/test/${encodeURIComponent(orderId)}`,
};
