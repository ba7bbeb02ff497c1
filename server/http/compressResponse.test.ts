import { gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { compressResponse } from './compressResponse';

const big = 'x'.repeat(4000);
const app = new Hono();
app.use('*', compressResponse());
app.get('/json', (c) => c.json({ big }));
app.get('/short', (c) => c.body('{}', 200, { 'Content-Type': 'application/json', 'Content-Length': '2' }));
app.get('/no-transform', (c) => c.json({ big }, 200, { 'Cache-Control': 'no-transform' }));
app.get('/vary', (c) => c.json({ big }, 200, { Vary: 'Origin' }));
app.get('/png', (c) => c.body(new Uint8Array(4000), 200, { 'Content-Type': 'image/png' }));

const get = (path: string, encoding?: string) =>
  app.request(path, { headers: encoding ? { 'Accept-Encoding': encoding } : {} });

describe('compressResponse', () => {
  it('gzips compressible answers for clients that take it, and says so in Vary', async () => {
    const res = await get('/json', 'deflate;q=0.5, gzip');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(JSON.parse(gunzipSync(Buffer.from(await res.arrayBuffer())).toString())).toEqual({ big });
  });

  it('picks deflate when gzip is refused and sends identity to clients that ask for nothing', async () => {
    expect((await get('/json', 'gzip;q=0, deflate')).headers.get('content-encoding')).toBe('deflate');
    const plain = await get('/json');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    expect(await plain.json()).toEqual({ big });
  });

  it('leaves short, no-transform and incompressible answers alone; appends to an existing Vary', async () => {
    for (const path of ['/short', '/no-transform', '/png']) {
      const res = await get(path, 'gzip');
      expect(res.headers.get('content-encoding'), path).toBeNull();
    }
    expect((await get('/short', 'gzip')).headers.get('vary')).toBeNull();
    expect((await get('/vary', 'gzip')).headers.get('vary')).toBe('Origin, Accept-Encoding');
  });
});
