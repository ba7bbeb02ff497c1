import { Hono } from 'hono';
import type { AppContext, AppEnv } from '../context';

export function createAuthRoutes(ctx: AppContext) {
  void ctx;
  return new Hono<AppEnv>();
}
