import { readdirSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { tmpRootOf } from '../images/imageFiles';
import { bmpOf, hugeSparsePng, jpegOf } from '../test/fixtures/datasetImages';
import {
  t,
  member,
  worker,
  project,
  api,
  put,
  upload,
  runAllJobs,
  fileUrl,
  getFile,
  setUpUploadsTestBed,
} from '../test/uploadsTestBed';

setUpUploadsTestBed();

describe('uploads of large and unusual images', () => {
  it('cuts a 4000 × 3000 image into a 512 px DeepZoom pyramid the engine can read', async () => {
    const jpeg = await jpegOf(4000, 3000);
    const { stored } = await upload(jpeg, { fileName: 'big.jpg' });
    expect(stored?.status).toBe(202);
    await runAllJobs();
    const image = await t.database.db
      .selectFrom('images')
      .selectAll()
      .where('id', '=', stored?.body.id as string)
      .executeTakeFirstOrThrow();
    expect(image.state).toBe('ready');
    // ceil(log2(4000)) = 12: levels 0 (1 × 1) … 12 (full size), as engine deepZoomLevels expects.
    const ref = JSON.parse(image.pyramid ?? '{}') as { format: string };
    expect(ref).toMatchObject({ levels: 13, tileSize: 512, overlap: 0, format: 'jpg' });
    // The URL template of the image view: …/tiles/{level}/{x}_{y}.<format>.
    const tile = async (level: number, x: number, y: number) => {
      const res = await getFile(fileUrl(image.id, `tiles/${level}/${x}_${y}.${ref.format}`), worker);
      return {
        status: res.status,
        type: res.headers.get('content-type'),
        meta: res.status === 200 ? await sharp(Buffer.from(await res.arrayBuffer())).metadata() : null,
      };
    };
    // Full size: 8 × 6 tiles, the last ones cut to 4000 − 7·512 = 416 by 3000 − 5·512 = 440.
    expect(await tile(12, 7, 5)).toMatchObject({ status: 200, type: 'image/jpeg', meta: { width: 416, height: 440 } });
    expect((await tile(12, 0, 0)).meta).toMatchObject({ width: 512, height: 512 });
    expect((await tile(12, 8, 0)).status).toBe(404);
    // Level 11 is 2000 × 1500: 4 × 3 tiles.
    expect((await tile(11, 3, 2)).meta).toMatchObject({ width: 2000 - 3 * 512, height: 1500 - 2 * 512 });
    expect((await tile(0, 0, 0)).meta).toMatchObject({ width: 1, height: 1 });
    expect((await tile(13, 0, 0)).status).toBe(404);
    const view = await getFile(fileUrl(image.id, 'tiles/12/00_0.jpg'), worker);
    expect(view.status).toBe(404);
  }, 60_000);

  it('streams a 200 MB body to disk with bounded memory', async () => {
    const size = 200 * 1024 * 1024;
    const created = await api('POST', `projects/${project.id}/uploads`, member, { fileName: 'big.png', bytes: size });
    const chunk = new Uint8Array(256 * 1024).fill(1);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= size) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk.slice());
      },
    });
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    try {
      const res = await put(project.id, created.body.uploadId as string, member, body);
      // All of it arrived (counted), then the type check refused it: not an image.
      expect(res.status).toBe(415);
    } finally {
      clearInterval(sampler);
    }
    expect(peak - before).toBeLessThan(100 * 1024 * 1024);
    expect(readdirSync(tmpRootOf(t.dataDir))).toEqual([]);
  }, 60_000);

  it('accepts BMP (kept as uploaded, decoded through a PNG copy), rows the right way up', async () => {
    const topRedBottomBlue = (_x: number, y: number): [number, number, number] => (y < 50 ? [255, 0, 0] : [0, 0, 255]);
    const bmps = [
      bmpOf(120, 100, topRedBottomBlue),
      bmpOf(121, 100, topRedBottomBlue, { bits: 32, topDown: true }),
      bmpOf(122, 100, (x, y) => (y < 50 ? [200, 200, 200] : [10, 10, 10]), { bits: 8 }),
    ];
    for (const [i, bmp] of bmps.entries()) {
      const { stored } = await upload(bmp, { fileName: `scan${i}.bmp` });
      expect(stored?.status).toBe(202);
      expect(stored?.body).toMatchObject({ type: 'image/bmp', width: 120 + i, height: 100 });
      await runAllJobs();
      const id = stored?.body.id as string;
      expect(
        (await t.database.db.selectFrom('images').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state,
      ).toBe('ready');
      const original = await getFile(fileUrl(id, 'original'), member);
      expect(original.headers.get('content-type')).toBe('image/bmp');
      expect(Buffer.from(await original.arrayBuffer()).equals(bmp)).toBe(true);
      const thumb = Buffer.from(await (await getFile(fileUrl(id, 'thumbnail'), member)).arrayBuffer());
      const { data, info } = await sharp(thumb).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
      const [top, bottom] = [at(5, 5), at(5, info.height - 5)];
      if (i < 2) {
        expect(top[0]).toBeGreaterThan(200);
        expect(bottom[2]).toBeGreaterThan(200);
      } else {
        expect(top[0]).toBeGreaterThan(150);
        expect(bottom[0]).toBeLessThan(50);
      }
    }
    // A BMP with RLE compression or a lying size is not decodable.
    const rle = bmpOf(10, 10, () => [1, 2, 3]);
    rle.writeUInt32LE(1, 30);
    expect((await upload(rle, { fileName: 'rle.bmp' })).stored?.body.error.code).toBe('image_invalid');
    const short = bmpOf(10, 10, () => [1, 2, 3]).subarray(0, 100);
    expect((await upload(Buffer.from(short), { fileName: 'short.bmp' })).stored?.status).toBe(400);
  });

  it('processes a 14000 × 14000 PNG (a 1 MB file) into a pyramid with bounded memory', async () => {
    const bytes = await hugeSparsePng();
    expect(bytes.length).toBeLessThan(2 * 1024 * 1024);
    const { stored } = await upload(bytes, { fileName: 'huge.png' });
    expect(stored?.status).toBe(202);
    expect(stored?.body).toMatchObject({ width: 14000, height: 14000 });
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 50);
    try {
      await runAllJobs();
    } finally {
      clearInterval(sampler);
    }
    const row = await t.database.db
      .selectFrom('images')
      .selectAll()
      .where('id', '=', stored?.body.id as string)
      .executeTakeFirstOrThrow();
    expect(row.state).toBe('ready');
    expect(JSON.parse(row.pyramid ?? '{}')).toMatchObject({ levels: 15 });
    // Decoding it whole would take 196 MB (grey) to 588 MB (RGB tiles); libvips streams strips.
    expect(peak - rssBefore).toBeLessThan(400 * 1024 * 1024);
  }, 180_000);
});
