import { Hono } from 'hono';
import { z } from 'zod';
import { resourceExportSchema } from '../../contract/apiMarket';
import { V } from '../../contract/validationMessages';
import type { AppContext, AppEnv } from '../context';
import { requireUser } from '../http/requireUser';
import { jsonBody, paramsOf, queryOf } from '../http/validate';
import { exportPurchase } from '../market/exportPurchase';
import { purchasesOf } from '../market/purchaseList';
import { salesReport } from '../market/salesReport';

const purchaseParams = z.object({ purchaseId: z.string().min(1).max(64) });

/** A calendar day: YYYY-MM-DD that names a real date. */
const daySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: V.invalid })
  .refine(
    (s) => {
      const t = Date.parse(`${s}T00:00:00Z`);
      return !Number.isNaN(t) && new Date(t).toISOString().startsWith(s);
    },
    { error: V.invalid },
  );
const salesQuery = z
  .object({ from: daySchema.optional(), to: daySchema.optional() })
  .strict()
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: V.invalid, path: ['to'] });

/**
 * Purchases, exports and sales (contract/apiMarket.ts): the buyer's purchase list, exporting a
 * purchase into a project, the seller's sales report. Mounted at /api beside other routers, so
 * each route takes requireUser itself.
 */
export function createPurchaseRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  const signedIn = requireUser(ctx);

  r.get('/purchases', signedIn, async (c) => c.json({ items: await purchasesOf(ctx.db, c.get('user')) }));

  r.post(
    '/purchases/:purchaseId/export',
    signedIn,
    paramsOf(purchaseParams),
    jsonBody(resourceExportSchema),
    async (c) =>
      c.json(
        await exportPurchase(ctx, {
          purchaseId: c.req.valid('param').purchaseId,
          userId: c.get('user').id,
          body: c.req.valid('json'),
        }),
      ),
  );

  r.get('/sales', signedIn, queryOf(salesQuery), async (c) => {
    const { from, to } = c.req.valid('query');
    return c.json(await salesReport(ctx.db, c.get('user').id, { from: from ?? null, to: to ?? null }));
  });

  return r;
}
