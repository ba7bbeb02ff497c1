import type { RouteEntry } from './routeTable';

/**
 * The market and payment routes of ROUTE_TABLE (same rules as routeTable.ts). Each group is kept
 * by the file that registers its routes: resources.ts and resourceReview.ts, market.ts and
 * bookmarks.ts, orders.ts, purchases.ts and billing.ts.
 */
export const MARKET_ROUTES: readonly RouteEntry[] = [
  // Seller: resources.ts; platform admins: resourceReview.ts.
  { method: 'GET', path: '/api/resources/sources', access: 'signedIn', sample: () => ({}) },
  // Multipart (data + covers) from a project the caller administers: resources.test.ts covers it.
  { method: 'POST', path: '/api/resources', access: 'signedIn' },
  { method: 'GET', path: '/api/resources/mine', access: 'signedIn', sample: () => ({}) },
  // The seller's own resource (another's answers 404): resources.test.ts.
  { method: 'PATCH', path: '/api/resources/:resourceId', access: 'signedIn' },
  { method: 'DELETE', path: '/api/resources/:resourceId', access: 'signedIn' },
  { method: 'GET', path: '/api/admin/resources', access: 'platformAdmin', sample: () => ({ query: 'state=pending' }) },
  // Only a resource waiting for review can be decided: resourceReview.test.ts.
  { method: 'POST', path: '/api/admin/resources/:resourceId/review', access: 'platformAdmin' },

  // Public market and bookmarks: market.ts, bookmarks.ts.

  // Orders and payments: orders.ts.

  // Purchases, exports, sales: purchases.ts; plan and usage: billing.ts.
  { method: 'GET', path: '/api/purchases', access: 'signedIn', sample: () => ({}) },
  // The caller's own purchase only (purchases.test.ts has real ones): any answer but 401/403.
  {
    method: 'POST',
    path: '/api/purchases/:purchaseId/export',
    access: 'signedIn',
    sample: () => ({ params: { purchaseId: 'none' }, body: { target: 'new', title: 'Bought' } }),
    outcome: 'notDenied',
  },
  { method: 'GET', path: '/api/sales', access: 'signedIn', sample: () => ({ query: 'from=2026-01-01&to=2026-12-31' }) },
  { method: 'GET', path: '/api/billing', access: 'signedIn', sample: () => ({ query: 'organization=personal' }) },
];
