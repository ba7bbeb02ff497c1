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
  {
    method: 'GET',
    path: '/api/market/resources',
    access: 'public',
    sample: () => ({ query: 'sort=popular&fields=finance,medical' }),
  },
  { method: 'GET', path: '/api/market/resources/:resourceId', access: 'public' },
  { method: 'GET', path: '/api/market/resources/:resourceId/covers/:index', access: 'public' },
  { method: 'GET', path: '/api/market/resources/:resourceId/samples/:index', access: 'public' },
  { method: 'PUT', path: '/api/resources/:resourceId/bookmark', access: 'signedIn' },
  { method: 'DELETE', path: '/api/resources/:resourceId/bookmark', access: 'signedIn' },
  { method: 'GET', path: '/api/bookmarks', access: 'signedIn', sample: () => ({}) },

  // Orders and payments: orders.ts (orders.test.ts, ordersToss.test.ts have real orders).
  { method: 'GET', path: '/api/payments/config', access: 'public', sample: () => ({}) },
  {
    method: 'POST',
    path: '/api/orders',
    access: 'signedIn',
    sample: () => ({ body: { kind: 'plan', plan: 'standard', billing: 'monthly', account: 'personal' } }),
  },
  { method: 'GET', path: '/api/orders', access: 'signedIn', sample: () => ({}) },
  // The caller's own order only (another's answers 404, like a missing one).
  {
    method: 'GET',
    path: '/api/orders/:orderId',
    access: 'signedIn',
    sample: () => ({ params: { orderId: 'ord_none' } }),
    outcome: 'notDenied',
  },
  {
    method: 'POST',
    path: '/api/orders/:orderId/failure',
    access: 'signedIn',
    sample: () => ({ params: { orderId: 'ord_none' }, body: { code: 'PAY_PROCESS_CANCELED', message: 'Closed' } }),
    outcome: 'notDenied',
  },
  {
    method: 'POST',
    path: '/api/payments/confirm',
    access: 'signedIn',
    sample: () => ({ body: { paymentKey: 'test_pk_none', orderId: 'ord_none', amount: 1000 } }),
    outcome: 'notDenied',
  },
  {
    method: 'POST',
    path: '/api/payments/test/:orderId/approve',
    access: 'signedIn',
    sample: () => ({ params: { orderId: 'ord_none' } }),
    outcome: 'notDenied',
  },
  // The provider's callback: an event for no known order is answered 200 (and logged).
  {
    method: 'POST',
    path: '/api/payments/webhook',
    access: 'public',
    sample: () => ({
      body: { eventType: 'PAYMENT_STATUS_CHANGED', data: { paymentKey: 'none', orderId: 'ord_none' } },
    }),
  },
  { method: 'GET', path: '/api/admin/orders', access: 'platformAdmin', sample: () => ({ query: 'status=DONE' }) },
  {
    method: 'POST',
    path: '/api/admin/orders/:orderId/cancel',
    access: 'platformAdmin',
    sample: () => ({ params: { orderId: 'ord_none' }, body: { reason: 'Refund' } }),
    outcome: 'notDenied',
  },

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
