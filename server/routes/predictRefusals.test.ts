import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREDICT_IMAGE_MAX_BYTES } from '../../contract/apiPredict';
import { createServingKit, errorOf, type ServingKit } from '../deploy/serving/servingTestKit';

/*
 * What a web point's predict endpoint refuses, in the contract's order: keys (401, 403, with
 * nothing written), the rate limit (429), the image (400, 413) and the point's state (503, 404).
 */

let k: ServingKit;
beforeAll(async () => {
  k = await createServingKit();
}, 60_000);
afterAll(() => k.close());

describe('POST v1/points/:pointId/predict refusals', () => {
  it('refuses missing, unknown, revoked and foreign keys without writing anything', async () => {
    const a = await k.webPoint(k.modelId);
    const b = await k.webPoint(k.modelId);
    await k.prepare(a.pointId);
    const revoked = await k.keyOf(a.pointId);
    await k.t.database.db
      .updateTable('point_keys')
      .set({ revoked_at: k.t.clock.now().toISOString() })
      .where('point_id', '=', a.pointId)
      .where('name', '=', 'second')
      .execute();
    const unknown = a.key.replace(/.$/, (ch) => (ch === 'A' ? 'B' : 'A'));
    expect(await errorOf(await k.predict(a.pointId, null, k.rawPng()))).toEqual({
      status: 401,
      code: 'point_key_invalid',
    });
    expect(await errorOf(await k.predict(a.pointId, 'not-a-key', k.rawPng()))).toEqual({
      status: 401,
      code: 'point_key_invalid',
    });
    expect(await errorOf(await k.predict(a.pointId, unknown, k.rawPng()))).toEqual({
      status: 401,
      code: 'point_key_invalid',
    });
    expect(await errorOf(await k.predict(a.pointId, revoked, k.rawPng()))).toEqual({
      status: 401,
      code: 'point_key_invalid',
    });
    expect(await errorOf(await k.predict(a.pointId, b.key, k.rawPng()))).toEqual({ status: 403, code: 'forbidden' });
    await k.serving.metrics.flush();
    const db = k.t.database.db;
    const usage = await db
      .selectFrom('point_key_usage')
      .selectAll()
      .where('key_id', 'in', [a.keyId, b.keyId])
      .execute();
    const metrics = await db
      .selectFrom('point_metrics')
      .selectAll()
      .where('point_id', 'in', [a.pointId, b.pointId])
      .execute();
    const used = await db
      .selectFrom('point_keys')
      .select('last_used_at')
      .where('point_id', 'in', [a.pointId, b.pointId])
      .execute();
    expect([usage, metrics, used.filter((k) => k.last_used_at !== null)]).toEqual([[], [], []]);
  });

  it('limits a key to its requests a minute with 429 and Retry-After to the next minute', async () => {
    const { pointId, key } = await k.webPoint(k.modelId, 2);
    await k.prepare(pointId);
    expect((await k.predict(pointId, key, k.rawPng())).status).toBe(200);
    expect((await k.predict(pointId, key, k.rawPng())).status).toBe(200);
    const refused = await k.predict(pointId, key, k.rawPng());
    const body = (await refused.json()) as { error: { code: string; retryAfterS: number } };
    const toNextMinute = Math.ceil((60_000 - (k.t.clock.now().getTime() % 60_000)) / 1000);
    expect([refused.status, body.error.code]).toEqual([429, 'rate_limited']);
    expect(refused.headers.get('Retry-After')).toBe(String(Math.max(1, toNextMinute)));
    expect(body.error.retryAfterS).toBe(Math.max(1, toNextMinute));
    k.t.clock.advance(60);
    expect((await k.predict(pointId, key, k.rawPng())).status).toBe(200);
  }, 60_000);

  it('refuses a missing, undecodable or too large image', async () => {
    const { pointId, key } = await k.webPoint(k.modelId);
    await k.prepare(pointId);
    const json = (body: unknown) => ({ body: JSON.stringify(body), type: 'application/json' });
    expect(await errorOf(await k.predict(pointId, key))).toEqual({ status: 400, code: 'image_missing' });
    expect(await errorOf(await k.predict(pointId, key, json({})))).toEqual({ status: 400, code: 'image_missing' });
    expect(await errorOf(await k.predict(pointId, key, { body: new FormData() }))).toEqual({
      status: 400,
      code: 'image_missing',
    });
    expect(
      await errorOf(await k.predict(pointId, key, { body: new Uint8Array([1, 2, 3, 4]), type: 'image/png' })),
    ).toEqual({ status: 400, code: 'image_invalid' });
    expect(await errorOf(await k.predict(pointId, key, json({ image: 'not base64!' })))).toEqual({
      status: 400,
      code: 'image_invalid',
    });
    expect(
      await errorOf(await k.predict(pointId, key, json({ image: k.png.subarray(0, 100).toString('base64') }))),
    ).toEqual({ status: 400, code: 'image_invalid' });
    const large = new Uint8Array(PREDICT_IMAGE_MAX_BYTES + 1);
    large.set(k.png);
    expect(await errorOf(await k.predict(pointId, key, { body: large, type: 'image/png' }))).toEqual({
      status: 413,
      code: 'payload_too_large',
    });
    // The same bytes as base64 fit the JSON body limit, but not the image limit once decoded.
    const inJson = json({ image: Buffer.from(large).toString('base64') });
    expect(await errorOf(await k.predict(pointId, key, inJson))).toEqual({ status: 413, code: 'payload_too_large' });
    const form = new FormData();
    form.append('image', new Blob([large], { type: 'image/png' }), 'large.png');
    expect(await errorOf(await k.predict(pointId, key, { body: form }))).toEqual({
      status: 413,
      code: 'payload_too_large',
    });
  }, 60_000);

  it('answers 503 while stopped and 404 once deleted', async () => {
    const { pointId, key } = await k.webPoint(k.modelId);
    await k.prepare(pointId);
    const db = k.t.database.db;
    await db.updateTable('points').set({ instance_state: 'stopped' }).where('id', '=', pointId).execute();
    expect(await errorOf(await k.predict(pointId, key, k.rawPng()))).toEqual({
      status: 503,
      code: 'point_unavailable',
    });
    await db
      .updateTable('points')
      .set({ deleted_at: k.t.clock.now().toISOString() })
      .where('id', '=', pointId)
      .execute();
    expect(await errorOf(await k.predict(pointId, key, k.rawPng()))).toEqual({ status: 404, code: 'not_found' });
  });
});
