import { Hono } from 'hono';
import type { AppContext, AppEnv } from '../context';

export function createFileRoutes(ctx: AppContext) {
  void ctx;
  return new Hono<AppEnv>();
}
