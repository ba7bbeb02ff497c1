/**
 * A project's annotations as the API serves them (boxes, polygons, class labels), exported by
 * exportDataset and planned by the shared import reader, come back as the same annotations:
 * labels, kinds, boxes exactly, polygon vertices within 0.01 px, classes and splits. The server
 * side of an import (plan → rows → API) is server/imports/importPolygons.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { Annotation } from '../../contract/apiAnnotations';
import type { ImageItem } from '../../contract/apiProjects';
import { openDatasetZip } from '../../contract/datasetFormat/openDatasetZip';
import { planDatasetImport } from '../../contract/datasetFormat/planDatasetImport';
import { polygonBounds } from '../../contract/datasetFormat/polygonGeometry';
import { bytesSource } from '../../contract/datasetFormat/testZips';
import { exportDataset } from './exportDataset';

const base = 'http://api.test/api';
const labels = [
  { id: 'l1', name: 'cat', color: '#ff0000', position: 0, annotationCount: 0 },
  { id: 'l2', name: '개', color: '#0000ff', position: 1, annotationCount: 0 },
];
const names = new Map(labels.map((l) => [l.id, l.name]));

const item = (id: string, width: number, height: number, split: ImageItem['split']): ImageItem => ({
  id,
  fileName: `${id}.jpg`,
  type: 'image/jpeg',
  width,
  height,
  bytes: 3,
  state: 'ready',
  error: null,
  split,
  labeled: true,
  worker: null,
  tags: [],
  labelIds: [],
  thumbnailUrl: null,
  tiles: null,
  createdAt: '2026-11-26T00:00:00.000Z',
});
const images = [item('a', 640, 480, 'train'), item('b', 320, 240, 'validation')];

let next = 0;
const box = (labelId: string, x: number, y: number, width: number, height: number): Annotation => ({
  id: `n${(next += 1)}`,
  labelId,
  kind: 'box',
  x,
  y,
  width,
  height,
  version: 4,
});
const polygon = (labelId: string, points: number[]): Annotation => ({
  id: `n${(next += 1)}`,
  labelId,
  kind: 'polygon',
  ...polygonBounds(points),
  points,
  version: 2,
});
const cls = (labelId: string): Annotation => ({
  id: `n${(next += 1)}`,
  labelId,
  kind: 'class',
  x: 0,
  y: 0,
  width: 0,
  height: 0,
  version: 1,
});
const annotations: Record<string, Annotation[]> = {
  a: [
    box('l1', 10, 20, 100, 50),
    polygon('l1', [12.3456, 7.891, 200.005, 9.5, 180.25, 150.75, 15.5, 140.1234]),
    polygon('l2', [0, 0, 640, 0, 639.999, 480, 0.0001, 479.5]),
    box('l2', 300, 200, 340, 280),
    cls('l2'),
  ],
  b: [polygon('l2', [100.25, 100.75, 200.125, 110.5, 150, 200.9999]), cls('l1')],
};

async function get(url: string): Promise<Response> {
  const path = url.slice(base.length);
  if (path === '/projects/p/labels') return Response.json(labels);
  if (path.startsWith('/projects/p/images?')) return Response.json({ items: images, total: 2, nextCursor: null });
  if (path.startsWith('/projects/p/annotations?')) {
    const ids = (new URL(url).searchParams.get('imageIds') ?? '').split(',');
    return Response.json({ items: ids.map((id) => ({ imageId: id, revision: 3, annotations: annotations[id] })) });
  }
  return new Response(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]));
}

async function exported(): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  await exportDataset(
    { apiBase: base, projectId: 'p', projectTitle: 'p', classification: true, createdAt: new Date(2026, 10, 26) },
    { get, write: async (chunk) => void chunks.push(chunk), onProgress: () => undefined },
  );
  const zip = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    zip.set(chunk, at);
    at += chunk.length;
  }
  return zip;
}

describe('exported annotations → import plan', () => {
  it('gives back the same boxes, polygons (within 0.01 px) and class labels per image', async () => {
    const plan = await planDatasetImport(await openDatasetZip(bytesSource(await exported())));
    expect(plan.format).toBe('voc');
    expect(plan.skipped).toEqual([]);
    expect(plan.images.map((i) => [i.fileName, i.split])).toEqual([
      ['a.jpg', 'train'],
      ['b.jpg', 'validation'],
    ]);
    for (const planned of plan.images) {
      const source = annotations[planned.fileName.replace('.jpg', '')] ?? [];
      const label = (a: Annotation) => names.get(a.labelId);
      expect(planned.classes).toEqual(source.filter((a) => a.kind === 'class').map(label));
      expect(planned.boxes).toEqual(
        source
          .filter((a) => a.kind === 'box')
          .map((a) => ({ label: label(a), x: a.x, y: a.y, width: a.width, height: a.height })),
      );
      const polygons = source.filter((a) => a.kind === 'polygon');
      expect(planned.polygons.map((p) => p.label)).toEqual(polygons.map(label));
      planned.polygons.forEach((p, i) => {
        const points = polygons[i]?.points ?? [];
        expect(p.points).toHaveLength(points.length);
        p.points.forEach((v, j) => expect(Math.abs(v - (points[j] ?? NaN))).toBeLessThanOrEqual(0.01));
      });
    }
  });
});
