import type { RouteEntry } from './routeTable';

/**
 * The market and payment routes of ROUTE_TABLE (same rules as routeTable.ts). Each group is kept
 * by the file that registers its routes: resources.ts and resourceReview.ts, market.ts and
 * bookmarks.ts, orders.ts, purchases.ts and billing.ts.
 */
export const MARKET_ROUTES: readonly RouteEntry[] = [
  // Seller: resources.ts; platform admins: resourceReview.ts.

  // Public market and bookmarks: market.ts, bookmarks.ts.

  // Orders and payments: orders.ts.

  // Purchases, exports, sales: purchases.ts; plan and usage: billing.ts.
];
