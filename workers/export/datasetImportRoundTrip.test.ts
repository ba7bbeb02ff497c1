/**
 * Export → import round trip: a zip written by our exporter, read back by the shared import
 * reader (contract/datasetFormat) as the server's import job reads it, gives the same labels and
 * colours, boxes, polygons, classes, tags and splits, and names each image by its type — through
 * the VOC files (with their COCO companion) and through the COCO JSON alone.
 */
import { describe, expect, it } from 'vitest';
import { openDatasetZip } from '../../contract/datasetFormat/openDatasetZip';
import { planDatasetImport } from '../../contract/datasetFormat/planDatasetImport';
import { bytesSource, zipOf } from '../../contract/datasetFormat/testZips';
import type { ImportPlan } from '../../contract/datasetFormat/types';
import { DatasetArchive, type ArchiveImage } from './datasetArchive';

const labels = [
  { name: 'cat', color: '#ff0000' },
  { name: 'a&b <c>', color: '#00ff00' },
  { name: '고양이', color: '#0000ff' },
  { name: 'unused', color: '#123456' },
];

const jpeg = (seed: number) => new Uint8Array([0xff, 0xd8, 0xff, 0xe0, seed, seed + 1, 0xff, 0xd9]);

const images: ArchiveImage[] = [
  {
    fileName: 'street & park.jpg',
    width: 640,
    height: 480,
    split: 'train',
    bytes: jpeg(1),
    labels: [],
    tags: ['야외', 'day', 'a&b'],
    boxes: [
      { id: '1', label: 'cat', x: 10, y: 20, width: 100, height: 50 },
      { id: '2', label: 'a&b <c>', x: 0, y: 0, width: 640, height: 480 },
    ],
  },
  {
    fileName: '사진.PNG',
    width: 320,
    height: 240,
    split: 'validation',
    bytes: jpeg(2),
    labels: [],
    tags: ['x'],
    boxes: [{ id: '3', label: '고양이', x: 300, y: 220, width: 20, height: 20 }],
  },
  // Same base name in another case: its entry is 'Street & Park_2.jpg', its name comes back.
  { fileName: 'Street & Park.jpg', width: 100, height: 100, split: 'test', bytes: jpeg(3), labels: [], boxes: [] },
  { fileName: 'empty.jpg', width: 50, height: 50, split: 'test', bytes: jpeg(4), labels: [], boxes: [] },
];

function exportZip(list: ArchiveImage[]): Uint8Array {
  const chunks: Uint8Array[] = [];
  const archive = new DatasetArchive(labels, new Date(2026, 10, 26), (chunk) => chunks.push(chunk));
  for (const image of list) archive.addImage(image);
  archive.finish();
  const zip = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    zip.set(chunk, at);
    at += chunk.length;
  }
  return zip;
}

const plan = async (bytes: Uint8Array) => planDatasetImport(await openDatasetZip(bytesSource(bytes)));
const colorsOf = (p: ImportPlan) => p.labelColors.map(({ name, color }) => ({ name, color }));
const summary = (p: ImportPlan) =>
  p.images.map((i) => ({
    fileName: i.fileName,
    split: i.split,
    width: i.width,
    height: i.height,
    boxes: i.boxes,
    classes: i.classes,
    polygons: i.polygons,
    tags: i.tags,
  }));

const expectedImages = [
  {
    fileName: 'street & park.jpg',
    split: 'train',
    width: 640,
    height: 480,
    classes: [],
    polygons: [],
    tags: ['야외', 'day', 'a&b'],
    boxes: [
      { label: 'cat', x: 10, y: 20, width: 100, height: 50 },
      { label: 'a&b <c>', x: 0, y: 0, width: 640, height: 480 },
    ],
  },
  // JPEG bytes under a PNG name: exported, and so imported, as what they are.
  {
    fileName: '사진.jpg',
    split: 'validation',
    width: 320,
    height: 240,
    classes: [],
    polygons: [],
    tags: ['x'],
    boxes: [{ label: '고양이', x: 300, y: 220, width: 20, height: 20 }],
  },
  {
    fileName: 'Street & Park.jpg',
    split: 'test',
    width: 100,
    height: 100,
    classes: [],
    polygons: [],
    tags: [],
    boxes: [],
  },
  { fileName: 'empty.jpg', split: 'test', width: 50, height: 50, classes: [], polygons: [], tags: [], boxes: [] },
];

describe('export → import round trip', () => {
  it('gives back the labels with their colours, boxes, tags and splits through the VOC files', async () => {
    const result = await plan(exportZip(images));
    expect(result.format).toBe('voc');
    expect(result.labels).toEqual(labels.map((l) => l.name));
    expect(colorsOf(result)).toEqual(labels);
    expect(summary(result)).toEqual(expectedImages);
    expect(result.images.map((i) => i.entry)).toEqual([
      'JPEGImages/street & park.jpg',
      'JPEGImages/사진.jpg',
      'JPEGImages/Street & Park_2.jpg',
      'JPEGImages/empty.jpg',
    ]);
    expect(result.skipped).toEqual([]);
  });

  it('gives back the same labels, colours, boxes, tags and splits through the COCO JSON alone', async () => {
    const exported = await openDatasetZip(bytesSource(exportZip(images)));
    const files: Record<string, Uint8Array | string> = {};
    for (const entry of exported.entries) {
      if (entry.name.startsWith('JPEGImages/')) files[entry.name] = await exported.read(entry);
      if (entry.name === 'annotations.json') files[entry.name] = new TextDecoder().decode(await exported.read(entry));
    }
    const result = await plan(zipOf(files));
    expect(result.format).toBe('coco');
    expect(result.labels).toEqual(labels.map((l) => l.name));
    expect(colorsOf(result)).toEqual(labels);
    expect(summary(result)).toEqual(expectedImages);
    expect(result.skipped).toEqual([]);
  });

  it('gives back whole-image classes from the classification lists', async () => {
    const classified: ArchiveImage[] = [
      {
        fileName: 'my x.jpg',
        width: 64,
        height: 64,
        split: 'train',
        bytes: jpeg(5),
        labels: ['cat', 'a&b <c>'],
        boxes: [],
      },
      { fileName: 'y.jpg', width: 64, height: 64, split: 'validation', bytes: jpeg(6), labels: ['고양이'], boxes: [] },
      { fileName: 'z.jpg', width: 64, height: 64, split: 'test', bytes: jpeg(7), labels: [], boxes: [] },
    ];
    const result = await plan(exportZip(classified));
    expect(result.labels).toEqual(labels.map((l) => l.name));
    expect(result.images.map((i) => [i.fileName, i.split, i.classes])).toEqual([
      ['my x.jpg', 'train', ['cat', 'a&b <c>']],
      ['y.jpg', 'validation', ['고양이']],
      ['z.jpg', 'test', []],
    ]);
  });

  it('gives back boxes, polygons and classes together, vertices within 0.01 px, through VOC and through COCO', async () => {
    const cat = [12.3456, 7.891, 200.005, 9.5, 180.25, 150.75, 15, 140.1234];
    const dog = [0, 0, 320, 0, 160, 240];
    const mixed: ArchiveImage[] = [
      {
        fileName: 'mixed.jpg',
        width: 320,
        height: 240,
        split: 'train',
        bytes: jpeg(8),
        labels: ['고양이'],
        boxes: [
          { id: 'b', label: 'cat', x: 40, y: 30, width: 100, height: 60 },
          { id: 'p1', label: 'cat', x: 0, y: 0, width: 0, height: 0, points: cat },
          { id: 'p2', label: 'a&b <c>', x: 0, y: 0, width: 0, height: 0, points: dog },
        ],
      },
    ];
    const expectPolygons = (polygons: { label: string; points: number[] }[]) => {
      expect(polygons.map((p) => p.label)).toEqual(['cat', 'a&b <c>']);
      for (const [i, points] of [cat, dog].entries()) {
        const back = polygons[i]?.points ?? [];
        expect(back).toHaveLength(points.length);
        back.forEach((v, j) => expect(Math.abs(v - (points[j] ?? NaN))).toBeLessThanOrEqual(0.01));
      }
    };

    const voc = await plan(exportZip(mixed));
    expect(voc.format).toBe('voc');
    expect(voc.images[0]?.boxes).toEqual([{ label: 'cat', x: 40, y: 30, width: 100, height: 60 }]);
    expect(voc.images[0]?.classes).toEqual(['고양이']);
    expect(voc.images[0]?.split).toBe('train');
    expectPolygons(voc.images[0]?.polygons ?? []);
    expect(voc.skipped).toEqual([]);

    const exported = await openDatasetZip(bytesSource(exportZip(mixed)));
    const files: Record<string, Uint8Array | string> = {};
    for (const entry of exported.entries) {
      if (entry.name.startsWith('JPEGImages/') || entry.name === 'annotations.json')
        files[entry.name] = await exported.read(entry);
    }
    const coco = await plan(zipOf(files));
    expect(coco.format).toBe('coco');
    expect(coco.images[0]?.boxes).toEqual([{ label: 'cat', x: 40, y: 30, width: 100, height: 60 }]);
    expectPolygons(coco.images[0]?.polygons ?? []);
  });
});
