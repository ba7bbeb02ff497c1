import { Hono } from 'hono';
import type { AppContext, AppEnv } from '../context';

/** (Filled by the market and payments work; contract/apiMarket.ts, contract/apiPayments.ts.) */
export function createMarketRoutes(_ctx: AppContext) {
  return new Hono<AppEnv>();
}
