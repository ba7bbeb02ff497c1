import { unzipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { ImageItem } from '../../contract/apiProjects';
import { exportDataset, type ExportProgress } from './exportDataset';

const base = 'http://api.test/api';
const labels = [
  { id: 'l1', name: 'cat', color: '#ff0000', position: 0, annotationCount: 0 },
  { id: 'l2', name: 'dog', color: '#0000ff', position: 1, annotationCount: 0 },
];

function image(id: string, overrides: Partial<ImageItem> = {}): ImageItem {
  return {
    id,
    fileName: `${id}.jpg`,
    type: 'image/jpeg',
    width: 32,
    height: 24,
    bytes: 3,
    state: 'ready',
    error: null,
    split: 'train',
    labeled: false,
    worker: null,
    tags: [],
    labelIds: [],
    thumbnailUrl: null,
    tiles: null,
    createdAt: '2026-11-26T00:00:00.000Z',
    ...overrides,
  };
}

const pages = [
  { items: [image('a', { labelIds: ['l1'] }), image('b', { state: 'processing' })], total: 4, nextCursor: 'c1' },
  { items: [image('c', { split: 'test', labelIds: ['l2'] }), image('gone')], total: 4, nextCursor: null },
];

const box = (id: string, labelId: string, x: number, y: number, width: number, height: number) => ({
  id,
  labelId,
  kind: 'box',
  x,
  y,
  width,
  height,
  version: 1,
});
const cls = (id: string, labelId: string) => ({
  id,
  labelId,
  kind: 'class',
  x: 0,
  y: 0,
  width: 0,
  height: 0,
  version: 2,
});
/** A polygon as the API serves it: points with their bounding box. */
const polygon = (id: string, labelId: string, points: number[]) => ({
  id,
  labelId,
  kind: 'polygon',
  x: Math.min(...points.filter((_, i) => i % 2 === 0)),
  y: Math.min(...points.filter((_, i) => i % 2 === 1)),
  width: Math.max(...points.filter((_, i) => i % 2 === 0)) - Math.min(...points.filter((_, i) => i % 2 === 0)),
  height: Math.max(...points.filter((_, i) => i % 2 === 1)) - Math.min(...points.filter((_, i) => i % 2 === 1)),
  points,
  version: 3,
});
const annotations: Record<string, unknown[]> = {
  a: [cls('a0', 'l1'), box('a1', 'l2', 2, 3, 20, 10), box('a2', 'l1', 20, 20, 30, 30)],
  c: [
    cls('c0', 'l2'),
    box('c1', 'l1', 0, 0, 32, 24),
    polygon('c2', 'l2', [1.234, 2, 11.5, 2, 11.5, 12.25]),
    polygon('c3', 'l1', [1, 1, 40, 1, 20, 10]),
  ],
  gone: [],
};
/** Image ids of each batch read, to check one read per page and only of ready images. */
const batches: string[][] = [];

/** The API's answers for the export's GETs, as the server sends them (JSON and image bytes). */
async function get(url: string): Promise<Response> {
  const path = url.slice(base.length);
  if (path === '/projects/p1/labels') return Response.json(labels);
  if (path.startsWith('/projects/p1/annotations?')) {
    const ids = (new URL(url).searchParams.get('imageIds') ?? '').split(',');
    batches.push(ids);
    return Response.json({
      items: ids.flatMap((id) => (annotations[id] ? [{ imageId: id, revision: 4, annotations: annotations[id] }] : [])),
    });
  }
  if (path.startsWith('/projects/p1/images?')) {
    const cursor = new URL(url).searchParams.get('cursor');
    return Response.json(cursor === 'c1' ? pages[1] : pages[0]);
  }
  const original = /^\/projects\/p1\/images\/(\w+)\/original$/.exec(path);
  if (original && original[1] !== 'gone')
    return new Response(new Uint8Array([0xff, 0xd8, original[1]?.charCodeAt(0) ?? 0]));
  return Response.json({ code: 'not_found' }, { status: 404 });
}

describe('exportDataset', () => {
  it('pages through the images, skips what cannot be exported and streams a VOC zip with the boxes', async () => {
    batches.length = 0;
    const chunks: Uint8Array[] = [];
    const progress: ExportProgress[] = [];
    const report = await exportDataset(
      { apiBase: base, projectId: 'p1', projectTitle: 'demo', classification: true, createdAt: new Date(2026, 10, 26) },
      { get, write: async (chunk) => void chunks.push(chunk), onProgress: (p) => progress.push(p) },
    );
    expect(report.images).toBe(2);
    expect(report.skipped).toEqual([
      { fileName: 'b.jpg', reason: 'not_ready' },
      { fileName: 'gone.jpg', reason: 'download_failed' },
    ]);
    expect(progress.map((p) => p.done)).toEqual([1, 2, 3, 4, 4]);
    expect(progress.at(-1)?.bytes).toBe(report.bytes);

    const zip = new Uint8Array(report.bytes);
    let at = 0;
    for (const chunk of chunks) {
      zip.set(chunk, at);
      at += chunk.length;
    }
    const files = unzipSync(zip);
    expect(Object.keys(files)).toContain('JPEGImages/a.jpg');
    expect(files['JPEGImages/c.jpg']).toEqual(new Uint8Array([0xff, 0xd8, 'c'.charCodeAt(0)]));
    expect(strFromU8(files['ImageSets/Main/train.txt'] ?? new Uint8Array())).toBe('a\n');
    expect(strFromU8(files['ImageSets/Main/cat_train.txt'] ?? new Uint8Array())).toBe('a  1\n');
    expect(strFromU8(files['ImageSets/Main/dog_test.txt'] ?? new Uint8Array())).toBe('c  1\n');

    // One annotations read per page, of its ready images only.
    expect(batches).toEqual([['a'], ['c', 'gone']]);
    // Boxes reach the VOC XML and the COCO JSON; a box outside the image is reported, not written.
    const xml = strFromU8(files['Annotations/a.xml'] ?? new Uint8Array());
    expect(xml).toContain('<name>dog</name>');
    expect(xml).toContain('<xmin>2</xmin>');
    expect(xml).toContain('<ymax>13</ymax>');
    expect(xml).not.toContain('<name>cat</name>');
    expect(report.invalidBoxes).toEqual([
      { fileName: 'a.jpg', boxId: 'a2', problem: 'outside_image' },
      { fileName: 'c.jpg', boxId: 'c3', problem: 'outside_image' },
    ]);
    const coco = JSON.parse(strFromU8(files['annotations.json'] ?? new Uint8Array())) as {
      annotations: { bbox: number[]; area: number; segmentation: number[][] }[];
    };
    expect(coco.annotations.map((a) => [a.bbox, a.area, a.segmentation])).toEqual([
      [[2, 3, 20, 10], 200, []],
      [[0, 0, 32, 24], 768, []],
      // The polygon: its vertices (to 1/100 px), their bounding box and the triangle's area.
      [[1.23, 2, 10.27, 10.25], 52.63, [[1.23, 2, 11.5, 2, 11.5, 12.25]]],
    ]);
    // In VOC, the polygon is its bounding box in whole pixels.
    const cXml = strFromU8(files['Annotations/c.xml'] ?? new Uint8Array());
    expect(cXml.match(/<name>dog<\/name>[\s\S]*?<\/bndbox>/)?.[0]).toContain(
      '<xmin>1</xmin>\n      <ymin>2</ymin>\n      <xmax>12</xmax>\n      <ymax>12</ymax>',
    );
  });

  it('writes class annotations as classification lists only for classification projects', async () => {
    const chunks: Uint8Array[] = [];
    await exportDataset(
      {
        apiBase: base,
        projectId: 'p1',
        projectTitle: 'demo',
        classification: false,
        createdAt: new Date(2026, 10, 26),
      },
      { get, write: async (chunk) => void chunks.push(chunk), onProgress: () => undefined },
    );
    const zip = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
    let at = 0;
    for (const chunk of chunks) {
      zip.set(chunk, at);
      at += chunk.length;
    }
    const names = Object.keys(unzipSync(zip));
    expect(names).toContain('Annotations/c.xml');
    expect(names.filter((n) => n.includes('_train.txt'))).toEqual([]);
  });

  it('fails when the image list cannot be read', async () => {
    await expect(
      exportDataset(
        { apiBase: base, projectId: 'other', projectTitle: 'x', classification: false, createdAt: new Date() },
        { get, write: async () => undefined, onProgress: () => undefined },
      ),
    ).rejects.toThrow('export_list_failed_404');
  });
});
