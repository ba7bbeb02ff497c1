import { z } from 'zod';
import { servedPredictionSchema } from './apiAgent';

/*
 * A web point's public endpoint (issue "Deployment"):
 *
 * POST v1/points/:pointId/predict with `Authorization: Bearer <key>` (a key of this point) and the
 *   image as multipart/form-data (field `image`) or JSON `{ image: <base64 or data: URL> }`, or the
 *   image bytes themselves (Content-Type image/png | image/jpeg | image/bmp | image/webp); optional
 *   `?threshold=0.5` → 200 `predictResponseSchema`.
 *   401 `point_key_invalid` (no key, an unknown or revoked one); 403 `forbidden` (a key of another
 *   point); 404 `not_found` (no such point, or deleted); 429 `rate_limited` with Retry-After (the
 *   key's requests a minute); 400 `image_missing` / `image_invalid`; 413 `payload_too_large` (over
 *   PREDICT_IMAGE_MAX_BYTES); 503 `point_unavailable` (preparing, stopped or failed).
 */

export const PREDICT_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Base64 JSON bodies: the image plus its encoding's third and a little JSON. */
export const PREDICT_JSON_MAX_BYTES = Math.ceil((PREDICT_IMAGE_MAX_BYTES * 4) / 3) + 64 * 1024;

export const predictJsonSchema = z.object({ image: z.string().min(1) }).strict();
export const predictQuerySchema = z.object({ threshold: z.coerce.number().min(0).max(1).optional() });

export const predictResponseSchema = z.object({
  predictions: z.array(servedPredictionSchema),
  /** The served model's id and tag. */
  model: z.object({ id: z.string(), tag: z.string().nullable() }),
  /** sha256 of the model zip. */
  version: z.string(),
  /** Server time for decode and inference, ms. */
  timeMs: z.number(),
});
export type PredictResponse = z.infer<typeof predictResponseSchema>;
