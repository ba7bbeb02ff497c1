import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketPageSchema, resourceSchema } from '../../contract/apiMarket';
import { LocalBlobStore } from '../blobs/LocalBlobStore';
import { bmpOf, jpegOf, pngOf } from '../test/fixtures/datasetImages';
import { resourceRow } from '../test/fixtures/testRows';
import { createTestApp, type TestApp } from '../test/testApp';
import { createTestUser, type TestUser } from '../test/testUsers';

let t: TestApp;
let seller: TestUser;
let buyer: TestUser;
let other: TestUser;
let admin: TestUser;
const covers: { key: string; type: string; bytes: Buffer }[] = [];
const NEVER_STORED = 'f'.repeat(64);

function get(url: string, user?: TestUser | null, headers: Record<string, string> = {}) {
  return t.app.request(url, { headers: { ...(user ? { Authorization: user.auth } : {}), ...headers } });
}
async function detail(id: string, user?: TestUser | null) {
  const res = await get(`/api/market/resources/${id}`, user);
  return { status: res.status, body: res.status === 200 ? resourceSchema.parse(await res.json()) : null };
}

beforeAll(async () => {
  t = await createTestApp();
  [seller, buyer, other] = [
    await createTestUser(t, { name: 'Seller' }),
    await createTestUser(t, { name: 'Buyer' }),
    await createTestUser(t, { name: 'Other' }),
  ];
  admin = await createTestUser(t, { admin: true });
  const blobs = new LocalBlobStore(path.join(t.dataDir, 'blobs'));
  for (const [type, bytes] of [
    ['image/png', await pngOf(40, 30, '#ff0000')],
    ['image/jpeg', await jpegOf(64, 48)],
    ['image/bmp', bmpOf(8, 8, () => [0, 128, 255])],
  ] as const)
    covers.push({ key: await blobs.put(bytes), type, bytes });
  const stored = covers.map((c) => ({ blobKey: c.key, type: c.type, width: 1, height: 1, bytes: c.bytes.length }));
  const box = { label: 'scratch', color: '#ff0000', box: { x: 10, y: 20, width: 30, height: 40 } };
  // Samples: a large original, a WebP thumbnail, a BMP original, a camera JPEG turned by EXIF, a lost blob.
  const samples = [
    { key: await blobs.put(await pngOf(1200, 800)), width: 1200, height: 800 },
    {
      key: await blobs.put(
        await sharp({ create: { width: 256, height: 170, channels: 3, background: '#00ff00' } })
          .webp()
          .toBuffer(),
      ),
      width: 256,
      height: 170,
    },
    { key: await blobs.put(bmpOf(600, 300, (x) => [x % 256, 0, 0])), width: 600, height: 300 },
    {
      key: await blobs.put(
        await sharp(await jpegOf(300, 200))
          .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'Seller camera' } } })
          .toBuffer(),
      ),
      width: 200,
      height: 300,
    },
    { key: NEVER_STORED, width: 10, height: 10 },
  ].map((s, index) => ({ index, width: s.width, height: s.height, blobKey: s.key, annotations: [box] }));
  const now = t.clock.now().toISOString();
  const shown = { covers: JSON.stringify(stored), samples: JSON.stringify(samples), labels: '[]' };
  await t.database.db
    .insertInto('resources')
    .values([
      resourceRow(now, { id: 'listed', seller_id: seller.id, name: 'Listed', ...shown }),
      resourceRow(now, { id: 'private', seller_id: seller.id, visibility: 'private', ...shown }),
      resourceRow(now, { id: 'pending', seller_id: seller.id, approval: 'pending', approved_at: null, ...shown }),
      resourceRow(now, {
        id: 'rejected',
        seller_id: seller.id,
        approval: 'rejected',
        approved_at: null,
        reject_reason: 'Blurry covers',
        ...shown,
      }),
      resourceRow(now, { id: 'gone', seller_id: seller.id, deleted_at: now, ...shown }),
      resourceRow(now, {
        id: 'model',
        seller_id: seller.id,
        kind: 'model',
        format: 'tfjs',
        model: JSON.stringify({ task: 'detection', network: 'yolo', inputSize: 320, metrics: { mAP: 0.5 } }),
        ...shown,
        samples: '[]',
      }),
    ])
    .execute();
  const purchase = (id: string, resource: string, who: TestUser, canceled: string | null) => ({
    id,
    resource_id: resource,
    buyer_id: who.id,
    seller_id: seller.id,
    order_id: null,
    price: 0,
    created_at: now,
    canceled_at: canceled,
  });
  await t.database.db
    .insertInto('purchases')
    .values([
      purchase('p1', 'private', buyer, null),
      purchase('p2', 'gone', buyer, null),
      purchase('p3', 'listed', buyer, null),
      purchase('p4', 'pending', other, now),
    ])
    .execute();
});
afterAll(() => t.close());

describe('GET /api/market/resources', () => {
  it('lists what is approved and public, with the caller’s marks', async () => {
    const anonymous = marketPageSchema.parse(await (await get('/api/market/resources')).json());
    expect(anonymous.items.map((r) => r.id).sort()).toEqual(['listed', 'model']);
    expect(anonymous).toMatchObject({ total: 2, page: 1, pageSize: 12 });
    expect(anonymous.items.every((r) => !r.mine && !r.purchased && !r.bookmarked)).toBe(true);

    await t.database.db
      .insertInto('resource_bookmarks')
      .values({ user_id: buyer.id, resource_id: 'model', created_at: t.clock.now().toISOString() })
      .execute();
    const byBuyer = marketPageSchema.parse(await (await get('/api/market/resources?sort=price_asc', buyer)).json());
    const marks = Object.fromEntries(byBuyer.items.map((r) => [r.id, [r.purchased, r.bookmarked, r.mine]]));
    expect(marks).toEqual({ listed: [true, false, false], model: [false, true, false] });
    const bySeller = marketPageSchema.parse(await (await get('/api/market/resources?kind=model', seller)).json());
    expect(bySeller.items.map((r) => [r.id, r.mine])).toEqual([['model', true]]);
  });

  it('answers 400 validation for a query it cannot read', async () => {
    for (const [query, field] of [
      ['sort=cheap', 'sort'],
      ['fields=manufacture,food', 'fields.1'],
      ['kind=video', 'kind'],
      ['format=yolo', 'format'],
      ['pageSize=49', 'pageSize'],
      ['page=0', 'page'],
      ['priceMin=-1', 'priceMin'],
      ['priceMax=abc', 'priceMax'],
      ['priceMin=100&priceMax=99', 'priceMax'],
      [`q=${'a'.repeat(51)}`, 'q'],
    ]) {
      const res = await get(`/api/market/resources?${query}`);
      expect(res.status, query).toBe(400);
      const body = (await res.json()) as { error: { code: string; fields: Record<string, string> } };
      expect(body.error.code, query).toBe('validation');
      expect(Object.keys(body.error.fields), query).toContain(field);
    }
  });

  it('refuses a stale token rather than answering as if anonymous', async () => {
    const res = await get('/api/market/resources', null, { Authorization: 'Bearer a.b.c' });
    expect(res.status).toBe(401);
  });
});

describe('GET /api/market/resources/:resourceId', () => {
  it('shows a listed resource to anyone', async () => {
    const { status, body } = await detail('listed');
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: 'listed', name: 'Listed', covers: 3, seller: { name: 'Seller' } });
    expect(body?.samples.map((s) => [s.index, s.width, s.height])).toEqual([
      [0, 1200, 800],
      [1, 256, 170],
      [2, 600, 300],
      [3, 200, 300],
      [4, 10, 10],
    ]);
    expect(body?.samples[0]?.annotations[0]?.box).toEqual({ x: 10, y: 20, width: 30, height: 40 });
    expect((await detail('model')).body?.model).toEqual({
      task: 'detection',
      network: 'yolo',
      inputSize: 320,
      metrics: { mAP: 0.5 },
    });
  });

  it('shows what is not listed to its seller, platform admins and its buyers only', async () => {
    const cases: [string, TestUser | null, number][] = [
      ['private', null, 404],
      ['private', other, 404],
      ['private', seller, 200],
      ['private', admin, 200],
      ['private', buyer, 200],
      ['pending', null, 404],
      ['pending', other, 404], // a canceled purchase gives nothing
      ['pending', seller, 200],
      ['pending', admin, 200],
      ['rejected', other, 404],
      ['rejected', buyer, 404],
      ['rejected', seller, 200],
      ['gone', null, 404],
      ['gone', other, 404],
      ['gone', buyer, 200],
      ['gone', seller, 200],
      ['nothing', seller, 404],
    ];
    for (const [id, who, want] of cases) expect((await detail(id, who)).status, `${id} ${who?.name}`).toBe(want);
    expect((await detail('private', buyer)).body).toMatchObject({ purchased: true, mine: false });
    expect((await detail('private', seller)).body).toMatchObject({ purchased: false, mine: true });
  });

  it('tells the seller and platform admins why a resource was rejected, nobody else', async () => {
    expect((await detail('rejected', seller)).body?.rejectReason).toBe('Blurry covers');
    expect((await detail('rejected', admin)).body?.rejectReason).toBe('Blurry covers');
    expect((await detail('listed', other)).body?.rejectReason).toBeNull();
  });
});

describe('GET /api/market/resources/:resourceId/covers/:index', () => {
  it('sends each cover with its type, public caching when listed and the sandboxing CSP', async () => {
    for (const [i, cover] of covers.entries()) {
      const res = await get(`/api/market/resources/listed/covers/${i}`);
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(cover.bytes)).toBe(true);
      expect(res.headers.get('Content-Type')).toBe(cover.type);
      expect(res.headers.get('Cache-Control')).toBe('public, max-age=300');
      expect(res.headers.get('Content-Security-Policy')).toBe("default-src 'none'; sandbox");
      expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(res.headers.get('ETag')).toBe(`"${cover.key}"`);
    }
    const again = await get('/api/market/resources/listed/covers/0', null, { 'If-None-Match': `"${covers[0]!.key}"` });
    expect(again.status).toBe(304);
    const part = await get('/api/market/resources/listed/covers/0', null, { Range: 'bytes=0-7' });
    expect(part.status).toBe(206);
    expect((await part.arrayBuffer()).byteLength).toBe(8);
  });

  it('keeps the covers of what is not listed to those who may see it, in private caches', async () => {
    expect((await get('/api/market/resources/private/covers/0')).status).toBe(404);
    expect((await get('/api/market/resources/private/covers/0', other)).status).toBe(404);
    const own = await get('/api/market/resources/private/covers/1', seller);
    expect(own.status).toBe(200);
    expect(own.headers.get('Cache-Control')).toBe('private, max-age=300');
    expect(own.headers.get('Content-Type')).toBe('image/jpeg');
    expect((await get('/api/market/resources/gone/covers/2', buyer)).status).toBe(200);
  });

  it('answers 404 for a position that names no cover', async () => {
    for (const index of ['3', '99', '-1', 'x', '1.0', '100'])
      expect((await get(`/api/market/resources/listed/covers/${index}`)).status, index).toBe(404);
  });
});

describe('GET /api/market/resources/:resourceId/samples/:index', () => {
  async function sample(url: string, user?: TestUser) {
    const res = await get(url, user);
    expect(res.status, url).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('image/jpeg');
    expect(res.headers.get('Content-Security-Policy')).toBe("default-src 'none'; sandbox");
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(res.headers.get('Content-Length')).toBe(String(bytes.length));
    return { res, bytes, meta: await sharp(bytes).metadata() };
  }

  it('sends each sample as a JPEG of at most 512 px, whatever was stored', async () => {
    const sizes: [number, number][] = [];
    for (const i of [0, 1, 2, 3]) {
      const { meta } = await sample(`/api/market/resources/listed/samples/${i}`);
      expect(meta.format).toBe('jpeg');
      sizes.push([meta.width, meta.height]);
    }
    // Shrunk to fit, a thumbnail kept at its size, the BMP decoded, the camera JPEG turned upright.
    expect(sizes).toEqual([
      [512, 341],
      [256, 170],
      [512, 256],
      [200, 300],
    ]);
  });

  it('leaves the seller’s camera metadata behind', async () => {
    const { meta, bytes } = await sample('/api/market/resources/listed/samples/3');
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(bytes.includes(Buffer.from('Seller camera'))).toBe(false);
  });

  it('caches by visibility and revalidates by ETag', async () => {
    const { res } = await sample('/api/market/resources/listed/samples/1');
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=300');
    const etag = res.headers.get('ETag')!;
    expect((await get('/api/market/resources/listed/samples/1', null, { 'If-None-Match': etag })).status).toBe(304);
    const own = await sample('/api/market/resources/private/samples/0', seller);
    expect(own.res.headers.get('Cache-Control')).toBe('private, max-age=300');
    expect((await get('/api/market/resources/private/samples/0')).status).toBe(404);
  });

  it('answers 404 for a lost image, a position out of range and a model', async () => {
    for (const url of ['listed/samples/4', 'listed/samples/5', 'listed/samples/x', 'model/samples/0'])
      expect((await get(`/api/market/resources/${url}`)).status, url).toBe(404);
  });
});
