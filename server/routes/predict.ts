import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { predictQuerySchema, type PredictResponse } from '../../contract/apiPredict';
import type { AppContext, AppEnv } from '../context';
import { checkPointKey, countKeyRequest, type ServedPoint } from '../deploy/serving/pointKeyCheck';
import { InferenceFailure } from '../deploy/serving/inferencePool';
import { PointBusyError } from '../deploy/serving/pointGate';
import { decodePredictImage, readPredictBody } from '../deploy/serving/predictImage';
import { ApiError } from '../http/ApiError';

/*
 * A web point's public endpoint (contract/apiPredict.ts), called with a point key, never a user's
 * token. The checks run in the contract's order — key, point, live, rate, state, body — so a
 * refused caller learns nothing it may not know, and nothing is counted for a request that has no
 * valid key for this point. From the rate limit on, every answer counts in the point's metrics
 * (an error unless it is 200).
 */

function unavailable(point: ServedPoint): ApiError {
  switch (point.instanceState) {
    case 'preparing':
      return new ApiError('point_unavailable', 'The point is being prepared; try again shortly.', { retryAfterS: 5 });
    case 'stopped':
      return new ApiError('point_unavailable', 'The point is stopped.');
    default:
      return new ApiError('point_unavailable', 'The point is not running.');
  }
}

export function createPredictRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  // Applications call a point from their own pages too: the key is a header, never a cookie, so
  // any origin may send one (and read Retry-After).
  r.use(
    '/:pointId/predict',
    cors({
      origin: '*',
      allowMethods: ['POST'],
      allowHeaders: ['Authorization', 'Content-Type'],
      exposeHeaders: ['Retry-After'],
      maxAge: 600,
    }),
  );

  r.post('/:pointId/predict', async (c) => {
    const started = performance.now();
    const key = await checkPointKey(ctx.db, c.req.header('Authorization'), c.req.param('pointId'));
    const { point } = key;
    const serving = ctx.serving();
    let labels: string[] = [];
    let ok = false;
    try {
      await countKeyRequest(ctx.db, key, ctx.now());
      if (point.instanceState !== 'running' || !point.version || !point.modelId) throw unavailable(point);
      const query = predictQuerySchema.safeParse(c.req.query());
      if (!query.success) throw new ApiError('validation', 'threshold must be a number from 0 to 1.');
      const bytes = await readPredictBody(c);
      let release: () => void;
      try {
        release = await serving.slot(point.id, point.instanceType);
      } catch (error) {
        if (!(error instanceof PointBusyError)) throw error;
        throw new ApiError('point_unavailable', 'The point is busy; try again shortly.', { retryAfterS: 1 });
      }
      let answer: PredictResponse;
      try {
        const begun = performance.now();
        const image = await decodePredictImage(bytes);
        const predictions = await serving.predict(point.version, image, query.data.threshold);
        answer = {
          predictions,
          model: { id: point.modelId, tag: point.modelTag },
          version: point.version,
          timeMs: Math.round((performance.now() - begun) * 10) / 10,
        };
      } catch (error) {
        if (!(error instanceof InferenceFailure)) throw error;
        console.error(`Web point ${point.id}: ${error.code}: ${error.message}`);
        throw new ApiError('point_unavailable', 'The point could not run its model; try again shortly.', {
          retryAfterS: 5,
        });
      } finally {
        release();
      }
      // A classifier answers every label: its class is the best one. A detector's boxes each count.
      labels = answer.predictions.filter((p, i) => p.box || i === 0).map((p) => p.label);
      ok = true;
      return c.json(answer);
    } finally {
      serving.metrics.record(point.id, performance.now() - started, ok, labels);
    }
  });

  return r;
}
