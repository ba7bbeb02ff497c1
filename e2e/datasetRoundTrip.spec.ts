import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { registerVerified, storeSession } from './consoleSession';

/*
 * Export then import without loss, against the real server and in the browser: a segmentation
 * project with labels of chosen colours, a PNG uploaded under a '.jpg' name and a JPEG, tags,
 * an explicit split (the project deals every image to 'validation'), boxes and a polygon is
 * exported from the Dataset tab; the downloaded zip is imported from the Dataset tab of a new
 * project (which would deal images to 'train'), and the two are compared label by label and image
 * by image through the API.
 */
const PASSWORD = 'maruTest12!';
const wait = expect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 240_000 });
test.use({ serviceWorkers: 'block' });

interface Api {
  /** 'Bearer …', fresh. */
  token: () => Promise<string>;
  get: (path: string) => Promise<unknown>;
  send: (method: 'POST' | 'PUT', path: string, data: unknown) => Promise<unknown>;
}

/** API calls as `email`, each with a fresh token (the e2e server's tokens last 8 s). */
function apiAs(request: APIRequestContext, email: string): Api {
  const token = async () => {
    const response = await request.post('/api/auth/login', { data: { email, password: PASSWORD } });
    expect(response.ok()).toBe(true);
    return `Bearer ${((await response.json()) as { token: string }).token}`;
  };
  return {
    token,
    get: async (path) => {
      const response = await request.get(`/api/${path}`, { headers: { Authorization: await token() } });
      expect(response.ok(), path).toBe(true);
      return response.json();
    },
    send: async (method, path, data) => {
      const response = await request.fetch(`/api/${path}`, {
        method,
        headers: { Authorization: await token() },
        data,
      });
      expect(response.ok(), `${method} ${path}: ${response.status()}`).toBe(true);
      const text = await response.text();
      return text ? JSON.parse(text) : null;
    },
  };
}

async function newProject(api: Api, title: string, split: [number, number, number]): Promise<string> {
  const { id } = (await api.send('POST', 'projects', {
    title,
    description: 'round trip',
    subtype: 'IMAGE_SEGMENTATION',
  })) as { id: string };
  await api.send('PUT', `projects/${id}/split`, { train: split[0], validation: split[1], test: split[2] });
  return id;
}

interface Label {
  id: string;
  name: string;
  color: string;
}
interface Image {
  id: string;
  fileName: string;
  type: string;
  bytes: number;
  width: number;
  height: number;
  split: string;
  tags: string[];
  state: string;
}
interface Annotation {
  labelId: string;
  kind: string;
  x: number;
  y: number;
  width: number;
  height: number;
  points?: number[] | null;
}

/** Everything a project holds, ids replaced by names, images by name. */
async function contents(api: Api, projectId: string) {
  const labels = (await api.get(`projects/${projectId}/labels`)) as Label[];
  const names = new Map(labels.map((l) => [l.id, l.name]));
  const { items } = (await api.get(`projects/${projectId}/images?sort=name`)) as { items: Image[] };
  const batch = (await api.get(`projects/${projectId}/annotations?imageIds=${items.map((i) => i.id).join(',')}`)) as {
    items: { imageId: string; annotations: Annotation[] }[];
  };
  const byImage = new Map(batch.items.map((i) => [i.imageId, i.annotations]));
  return {
    labels: labels.map((l) => ({ name: l.name, color: l.color })),
    images: items.map((image) => ({
      fileName: image.fileName,
      type: image.type,
      bytes: image.bytes,
      width: image.width,
      height: image.height,
      split: image.split,
      tags: [...image.tags].sort(),
      annotations: (byImage.get(image.id) ?? [])
        .map((a) => ({
          label: names.get(a.labelId),
          kind: a.kind,
          x: a.x,
          y: a.y,
          width: a.width,
          height: a.height,
          points: a.points ?? null,
        }))
        .sort((a, b) => a.kind.localeCompare(b.kind) || (a.label ?? '').localeCompare(b.label ?? '')),
    })),
  };
}

async function upload(api: Api, page: Page, projectId: string, fileName: string, bytes: Buffer): Promise<void> {
  const { uploadId } = (await api.send('POST', `projects/${projectId}/uploads`, {
    fileName,
    bytes: bytes.length,
  })) as { uploadId: string };
  const put = await page.request.put(`/api/projects/${projectId}/uploads/${uploadId}`, {
    headers: { Authorization: await api.token(), 'Content-Type': 'application/octet-stream' },
    data: bytes,
  });
  expect(put.ok()).toBe(true);
}

const polygon = [12.5, 8.25, 150, 10, 140.75, 100.5, 15, 90];

test('a project exported and imported into a new one keeps its labels, colours, files, tags, splits and annotations', async ({
  page,
}, testInfo) => {
  const email = `roundtrip-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@e2e.maru.ai`;
  await registerVerified(page.request, email, 'Round Trip', PASSWORD);
  const api = apiAs(page.request, email);

  // The source: every image dealt to 'validation'.
  const source = await newProject(api, '원본', [0, 100, 0]);
  const chosen = [
    { name: 'cat', color: '#123456' },
    { name: '고양이', color: '#abcdef' },
    { name: 'sky', color: '#e53935' },
  ];
  const labelIds = new Map<string, string>();
  for (const label of chosen) {
    const created = (await api.send('POST', `projects/${source}/labels`, label)) as Label;
    labelIds.set(label.name, created.id);
  }
  const png = await sharp({ create: { width: 200, height: 120, channels: 3, background: '#20a040' } })
    .png()
    .toBuffer();
  const jpeg = await sharp({ create: { width: 160, height: 120, channels: 3, background: '#4060c0' } })
    .jpeg({ quality: 80 })
    .toBuffer();
  // A PNG under a '.jpg' name: the export names it by its bytes.
  await upload(api, page, source, 'shot.jpg', png);
  await upload(api, page, source, 'photo.jpg', jpeg);
  await expect
    .poll(
      async () =>
        ((await api.get(`projects/${source}/images`)) as { items: Image[] }).items.filter((i) => i.state === 'ready')
          .length,
      { timeout: 60_000 },
    )
    .toBe(2);
  const { items } = (await api.get(`projects/${source}/images?sort=name`)) as { items: Image[] };
  const [photo, shot] = items;
  if (!photo || !shot) throw new Error('two images expected');
  await api.send('PUT', `projects/${source}/images/${shot.id}/tags`, { tags: ['야외', 'day'] });
  await api.send('PUT', `projects/${source}/images/${photo.id}/tags`, { tags: ['밤'] });
  await api.send('PUT', `projects/${source}/images/${shot.id}/annotations`, {
    annotations: [
      { labelId: labelIds.get('cat'), kind: 'box', x: 40, y: 30, width: 100, height: 60 },
      { labelId: labelIds.get('고양이'), kind: 'polygon', points: polygon },
    ],
  });
  await api.send('PUT', `projects/${source}/images/${photo.id}/annotations`, {
    annotations: [{ labelId: labelIds.get('sky'), kind: 'box', x: 0, y: 0, width: 160, height: 50 }],
  });
  const before = await contents(api, source);
  expect(before.images.map((i) => [i.fileName, i.type, i.split])).toEqual([
    ['photo.jpg', 'image/jpeg', 'validation'],
    ['shot.jpg', 'image/png', 'validation'],
  ]);

  // Export from the Dataset tab (no save dialog, no service worker: a Blob download).
  await page.addInitScript(() => {
    Reflect.deleteProperty(window, 'showSaveFilePicker');
  });
  const pair = (await (await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } })).json()) as {
    token: string;
    refreshToken: string;
  };
  await storeSession(page, pair);
  await page.goto(`/en/console/projects/${source}`);
  const download = page.waitForEvent('download', { timeout: 60_000 });
  await wait(page.getByTestId('export-start')).toBeEnabled();
  await page.getByTestId('export-start').click();
  const saved = testInfo.outputPath('export.zip');
  await (await download).saveAs(saved);
  const zip = await readFile(saved);

  // Import into a new project that would deal every image to 'train'.
  const target = await newProject(api, '사본', [100, 0, 0]);
  await page.goto(`/en/console/projects/${target}`);
  await wait(page.getByTestId('import-open')).toBeVisible();
  await page.getByTestId('import-open').click();
  await page.getByTestId('import-file').setInputFiles({ name: 'export.zip', mimeType: 'application/zip', buffer: zip });
  const preview = page.getByTestId('import-preview');
  await wait(preview).toContainText('Pascal VOC format');
  await expect(preview).toContainText('2 images · 2 boxes · 1 polygons');
  const newLabels = page.getByTestId('import-label-new');
  await expect(newLabels).toHaveCount(3);
  expect(await newLabels.evaluateAll((rows) => rows.map((r) => [r.textContent, r.getAttribute('data-color')]))).toEqual(
    chosen.map((l) => [`${l.name}${l.color}`, l.color]),
  );
  await expect(page.getByTestId('import-splits')).toHaveText(
    "Splits: 0 train · 2 validation · 0 test · 0 dealt by the project's ratios",
  );
  const tags = page.getByTestId('import-tags');
  await expect(tags).toContainText('Tags on 2 images: ');
  for (const tag of ['밤', '야외', 'day']) await expect(tags).toContainText(tag);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await wait(page.getByTestId('import-report')).toContainText('Imported 2 images and 3 annotations.');
  await expect(page.getByTestId('import-report').getByTestId('import-skipped')).toHaveCount(0);

  const after = await contents(api, target);
  expect(after.labels).toEqual(chosen);
  expect(after.labels).toEqual(before.labels);
  // The PNG comes back as 'shot.png', its name now saying its type; everything else is as it was.
  expect(after.images).toEqual(
    before.images.map((image) => (image.fileName === 'shot.jpg' ? { ...image, fileName: 'shot.png' } : image)),
  );
  expect(after.images.map((i) => [i.fileName, i.type, i.split, i.tags])).toEqual([
    ['photo.jpg', 'image/jpeg', 'validation', ['밤']],
    ['shot.png', 'image/png', 'validation', ['day', '야외']],
  ]);
});
