import { describe, expect, it } from 'vitest';
import { EngineError, type TileDecoder, type TileImage } from '../types';
import { deepZoomLevels, HttpTileSource, templateLevel, tileUrl } from './HttpTileSource';

const info = { width: 100_000, height: 60_000, tileSize: 512, levels: 9 };

const rawDecoder: TileDecoder = {
  async decode(blob: Blob): Promise<TileImage> {
    const bytes = new Uint8Array(await blob.arrayBuffer());
    return { width: 1, height: 1, data: bytes };
  },
};

describe('HttpTileSource level mapping', () => {
  it('maps our levels to the template with an offset, optionally inverted', () => {
    expect(templateLevel(3)).toBe(3);
    expect(templateLevel(3, { levelOffset: 1 })).toBe(4);
    expect(templateLevel(0, { levelOffset: 17, invert: true })).toBe(17);
    expect(templateLevel(3, { levelOffset: 17, invert: true })).toBe(14);
  });

  it('finds the DeepZoom level of full resolution (ceil(log2(max side)))', () => {
    expect(deepZoomLevels(100_000, 60_000)).toEqual({ levelOffset: 17, invert: true });
    expect(deepZoomLevels(512, 512)).toEqual({ levelOffset: 9, invert: true });
    expect(deepZoomLevels(513, 10)).toEqual({ levelOffset: 10, invert: true });
    expect(deepZoomLevels(1, 1)).toEqual({ levelOffset: 0, invert: true });
  });

  it('fills the URL template', () => {
    expect(tileUrl('/t/{level}/{x}_{y}.jpg', 4, 10, 7)).toBe('/t/4/10_7.jpg');
    const src = new HttpTileSource({
      info,
      urlTemplate: '/dz_files/{level}/{x}_{y}.jpeg',
      decoder: rawDecoder,
      ...deepZoomLevels(info.width, info.height),
    });
    expect(src.url(0, 3, 2)).toBe('/dz_files/17/3_2.jpeg');
    expect(src.url(8, 0, 0)).toBe('/dz_files/9/0_0.jpeg');
  });
});

describe('HttpTileSource.getTile', () => {
  const okFetch = (async (url: string | URL | Request) => new Response(new Blob([String(url)]))) as typeof fetch;

  it('fetches the mapped URL and decodes it through the injected decoder', async () => {
    const src = new HttpTileSource({
      info,
      urlTemplate: '/t/{level}/{x}_{y}',
      decoder: rawDecoder,
      fetch: okFetch,
      levelOffset: 2,
    });
    const tile = await src.getTile(1, 5, 6, new AbortController().signal);
    expect(new TextDecoder().decode(('data' in tile ? tile.data : new Uint8Array()) as Uint8Array)).toBe('/t/3/5_6');
  });

  it('rejects with tile_load_failed on an HTTP error and image_decode_failed on bad bytes', async () => {
    const notFound = (async () => new Response('no', { status: 404 })) as typeof fetch;
    const src = new HttpTileSource({ info, urlTemplate: '/{level}/{x}/{y}', decoder: rawDecoder, fetch: notFound });
    await expect(src.getTile(0, 0, 0, new AbortController().signal)).rejects.toMatchObject({
      code: 'tile_load_failed',
    });
    const badDecoder: TileDecoder = { decode: () => Promise.reject(new Error('bad')) };
    const src2 = new HttpTileSource({ info, urlTemplate: '/{level}/{x}/{y}', decoder: badDecoder, fetch: okFetch });
    const e: unknown = await src2.getTile(0, 0, 0, new AbortController().signal).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(EngineError);
    expect((e as EngineError).code).toBe('image_decode_failed');
  });

  it('passes the signal to fetch and rejects with an AbortError when it aborts', async () => {
    let seen: AbortSignal | null | undefined;
    const hanging = ((_url: string, init?: RequestInit) => {
      seen = init?.signal;
      return new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    }) as typeof fetch;
    const src = new HttpTileSource({ info, urlTemplate: '/{level}/{x}/{y}', decoder: rawDecoder, fetch: hanging });
    const ac = new AbortController();
    const p = src.getTile(0, 0, 0, ac.signal);
    ac.abort();
    await expect(p).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen).toBe(ac.signal);
    await expect(src.getTile(0, 0, 0, ac.signal)).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('HttpTileSource services', () => {
  it('takes the engine decoder when it has none, and keeps its own otherwise', async () => {
    const okFetch = (async () => new Response(new Blob(['x']))) as typeof fetch;
    const engineDecoder: TileDecoder = { decode: async () => ({ width: 2, height: 2, data: new Uint8Array(16) }) };
    const bare = new HttpTileSource({ info, urlTemplate: '/{level}/{x}/{y}', fetch: okFetch });
    await expect(bare.getTile(0, 0, 0, new AbortController().signal)).rejects.toMatchObject({
      code: 'image_decode_failed',
    });
    bare.attachServices({ decoder: engineDecoder });
    await expect(bare.getTile(0, 0, 0, new AbortController().signal)).resolves.toMatchObject({ width: 2 });
    const own = new HttpTileSource({ info, urlTemplate: '/{level}/{x}/{y}', fetch: okFetch, decoder: rawDecoder });
    own.attachServices({ decoder: engineDecoder });
    await expect(own.getTile(0, 0, 0, new AbortController().signal)).resolves.toMatchObject({ width: 1 });
  });
});
