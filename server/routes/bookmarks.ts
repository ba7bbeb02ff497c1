import { Hono } from 'hono';
import type { AppContext, AppEnv } from '../context';

/** (Filled by the market and payments work; contract/apiMarket.ts, contract/apiPayments.ts.) */
export function createBookmarkRoutes(_ctx: AppContext) {
  return new Hono<AppEnv>();
}
