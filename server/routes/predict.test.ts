import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { predictResponseSchema } from '../../contract/apiPredict';
import { readModelZip } from '../../ml/modelZip';
import { manifestDecodeOptions } from '../../ml/predict';
import { toServedPredictions } from '../../ml/servedPredictions';
import sharp from 'sharp';
import { createServingKit, errorOf, type ServingKit } from '../deploy/serving/servingTestKit';

/*
 * A web point's predict endpoint answering with a real model (the red-square detector, whose
 * right answer is known) from the inference threads, after a real `point.prepare` job; the
 * refusals are in predictRefusals.test.ts.
 */

let k: ServingKit;
beforeAll(async () => {
  k = await createServingKit();
}, 60_000);
afterAll(async () => {
  await k.close();
  expect(k.serving.threadCount).toBe(0);
});

describe('POST v1/points/:pointId/predict', () => {
  it('answers the same predictions for multipart, base64 JSON, a data URL and raw bytes, equal to the model run in process', async () => {
    const { pointId, key } = await k.webPoint(k.modelId);
    await k.prepare(pointId);
    const loaded = await readModelZip(k.modelZip);
    const { data, info } = await sharp(k.png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const raw = await loaded.predict(
      { width: info.width, height: info.height, data: new Uint8Array(data) },
      manifestDecodeOptions(loaded.manifest),
    );
    loaded.dispose();
    const expected = toServedPredictions(raw, ['red'], info.width, info.height);
    expect(expected).toHaveLength(1);
    expect(expected[0]!.box).toEqual({ x: 32, y: 60, width: 16, height: 20 });

    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(k.png)], { type: 'image/png' }), 'red.png');
    const base64 = k.png.toString('base64');
    const answers = [
      await k.predict(pointId, key, { body: form }),
      await k.predict(pointId, key, { body: JSON.stringify({ image: base64 }), type: 'application/json' }),
      await k.predict(pointId, key, {
        body: JSON.stringify({ image: `data:image/k.png;base64,${base64}` }),
        type: 'application/json',
      }),
      await k.predict(pointId, key, k.rawPng()),
      // As Chromium sends it: a mixed-case boundary, which must be matched exactly.
      await k.predict(pointId, key, chromiumMultipart(k.png)),
    ];
    for (const res of answers) {
      expect(res.status).toBe(200);
      const body = predictResponseSchema.parse(await res.json());
      expect(body.predictions).toEqual(expected);
      expect(body.model).toEqual({ id: k.modelId, tag: 'v1' });
      expect(body.version).toBe(await k.blobs.put(k.modelZip));
    }
    const filtered = await k.predict(
      pointId,
      key,
      k.rawPng(),
      `?threshold=${Math.min(1, expected[0]!.score + 0.0001)}`,
    );
    expect(predictResponseSchema.parse(await filtered.json()).predictions).toEqual([]);
    const key1 = await k.t.database.db
      .selectFrom('point_keys')
      .select('last_used_at')
      .where('point_id', '=', pointId)
      .where('name', '=', 'test')
      .executeTakeFirstOrThrow();
    expect(key1.last_used_at).toBe(k.t.clock.now().toISOString());
  }, 60_000);
  it('reads a BMP (which sharp cannot) the same as the PNG of the same pixels', async () => {
    const { pointId, key } = await k.webPoint(k.modelId);
    await k.prepare(pointId);
    const fromPng = predictResponseSchema.parse(await (await k.predict(pointId, key, k.rawPng())).json());
    const { data, info } = await sharp(k.png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const bmp = bmpOf(info.width, info.height, data);
    const fromBmp = await k.predict(pointId, key, { body: new Uint8Array(bmp), type: 'image/bmp' });
    expect(fromBmp.status).toBe(200);
    expect(predictResponseSchema.parse(await fromBmp.json()).predictions).toEqual(fromPng.predictions);
  });

  it('refuses a threshold outside 0–1', async () => {
    const { pointId, key } = await k.webPoint(k.modelId);
    await k.prepare(pointId);
    for (const query of ['?threshold=2', '?threshold=-0.1', '?threshold=abc'])
      expect(await errorOf(await k.predict(pointId, key, k.rawPng(), query))).toEqual({
        status: 400,
        code: 'validation',
      });
  });

  it('may be called from any origin: the preflight admits the key header, answers carry the CORS origin', async () => {
    const { pointId, key } = await k.webPoint(k.modelId);
    await k.prepare(pointId);
    const preflight = await k.request(`/api/v1/points/${pointId}/predict`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://shop.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(preflight.headers.get('Access-Control-Allow-Headers')?.toLowerCase()).toContain('authorization');
    const refused = await k.predict(pointId, null, k.rawPng());
    expect(refused.headers.get('Access-Control-Allow-Origin')).toBe('*');
    const answered = await k.predict(pointId, key, k.rawPng());
    expect([answered.status, answered.headers.get('Access-Control-Allow-Origin')]).toEqual([200, '*']);
  });

  it('counts requests, errors and predicted labels in the point metrics after a flush', async () => {
    const { pointId, key } = await k.webPoint(k.modelId);
    await k.prepare(pointId);
    expect((await k.predict(pointId, key, k.rawPng())).status).toBe(200);
    expect((await k.predict(pointId, key, k.rawPng())).status).toBe(200);
    expect((await k.predict(pointId, key, { body: new Uint8Array([9]), type: 'image/png' })).status).toBe(400);
    await k.serving.metrics.flush();
    const rows = await k.t.database.db
      .selectFrom('point_metrics')
      .selectAll()
      .where('point_id', '=', pointId)
      .execute();
    expect(rows.map((r) => [r.source, r.requests, r.errors, JSON.parse(r.class_counts) as unknown])).toEqual([
      ['api:test', 3, 1, { red: 2 }],
    ]);
    const latency = JSON.parse(rows[0]!.latency) as number[];
    expect(latency.reduce((a, b) => a + b, 0)).toBe(3);
  }, 60_000);
});

/** A 24-bit bottom-up BMP of RGB pixels (rows padded to 4 bytes, BGR order). */
function bmpOf(width: number, height: number, rgb: Uint8Array): Buffer {
  const rowBytes = Math.ceil((width * 3) / 4) * 4;
  const out = Buffer.alloc(54 + rowBytes * height);
  out.write('BM', 0, 'latin1');
  out.writeUInt32LE(out.length, 2);
  out.writeUInt32LE(54, 10);
  out.writeUInt32LE(40, 14);
  out.writeInt32LE(width, 18);
  out.writeInt32LE(height, 22);
  out.writeUInt16LE(1, 26);
  out.writeUInt16LE(24, 28);
  out.writeUInt32LE(rowBytes * height, 34);
  for (let y = 0; y < height; y++) {
    const row = 54 + (height - 1 - y) * rowBytes;
    for (let x = 0; x < width; x++) {
      const from = (y * width + x) * 3;
      out[row + x * 3] = rgb[from + 2]!;
      out[row + x * 3 + 1] = rgb[from + 1]!;
      out[row + x * 3 + 2] = rgb[from]!;
    }
  }
  return out;
}

/** A multipart body with the image under `image`, its boundary in mixed case like Chromium's. */
function chromiumMultipart(png: Buffer): { body: Uint8Array<ArrayBuffer>; type: string } {
  const boundary = '----WebKitFormBoundaryQz7XkR2bTa9LmWcD';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="red.png"\r\nContent-Type: image/png\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  const joined = Buffer.concat([Buffer.from(head), png, Buffer.from(tail)]);
  const body = new Uint8Array(joined.length);
  body.set(joined);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}
