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

/** The API's answers for the export's GETs, as the server sends them (JSON and image bytes). */
async function get(url: string): Promise<Response> {
  const path = url.slice(base.length);
  if (path === '/projects/p1/labels') return Response.json(labels);
  if (path.startsWith('/projects/p1/images?')) {
    const cursor = new URL(url).searchParams.get('cursor');
    return Response.json(cursor === 'c1' ? pages[1] : pages[0]);
  }
  const original = /^\/projects\/p1\/images\/(\w+)\/original$/.exec(path);
  if (original && original[1] !== 'gone') return new Response(new Uint8Array([0xff, 0xd8, original[1]?.charCodeAt(0) ?? 0]));
  return Response.json({ code: 'not_found' }, { status: 404 });
}

describe('exportDataset', () => {
  it('pages through the images, skips what cannot be exported and streams a VOC zip', async () => {
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
