import { expect, test, type Locator, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import sharp from 'sharp';
import { projectImageHref } from '../contract/projectRoutes';
import { registerVerified, storeSession } from './consoleSession';
import { E2E_DATA_DIR } from './outbox';

/*
 * The dataset viewer in Chromium + SwiftShader against the real server: a project seeded with 600
 * images (scripts/seedGallery.ts writes them straight into the e2e server's database and blob
 * store; uploading 600 files one by one would take minutes) is shown in the gallery from three
 * atlas pages, drawn by WebGL (pixels read back from a screenshot), zoomed about the cursor, and
 * a click opens the image page.
 */
const PASSWORD = 'maruTest12!';
const IMAGES = 600;
test.describe.configure({ timeout: 180_000 });

interface View {
  x: number;
  y: number;
  zoom: number;
  columns: number;
  width: number;
  height: number;
}

async function signedInProject(page: Page): Promise<string> {
  const email = `viewer-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@e2e.maru.ai`;
  await registerVerified(page.request, email, 'Viewer Tester', PASSWORD);
  const pair = (await (await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } })).json()) as {
    token: string;
    refreshToken: string;
  };
  const created = await page.request.post('/api/projects', {
    headers: { Authorization: `Bearer ${pair.token}` },
    data: { title: '갤러리', description: 'viewer', subtype: 'IMAGE_CLASSIFICATION' },
  });
  expect(created.status()).toBe(201);
  const projectId = ((await created.json()) as { id: string }).id;
  execFileSync('npx', ['tsx', 'scripts/seedGallery.ts', projectId, String(IMAGES)], {
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR },
    stdio: 'pipe',
  });
  await storeSession(page, pair);
  return projectId;
}

async function viewOf(viewer: Locator): Promise<View> {
  return viewer.evaluate((el: HTMLElement) => {
    const [x = 0, y = 0, zoom = 0] = (el.dataset.view ?? '').split(',').map(Number);
    return { x, y, zoom, columns: Number(el.dataset.columns), width: el.clientWidth, height: el.clientHeight };
  });
}

/** Where a point inside cell n is on the viewer (fx, fy: 0..1 across the cell from its top left). */
function cellPoint(v: View, n: number, fx = 0.5, fy = 0.5): { x: number; y: number } {
  const wx = (n % v.columns) + fx;
  const wy = -(Math.floor(n / v.columns) + fy);
  return { x: (wx - v.x) * v.zoom + v.width / 2, y: (v.y - wy) * v.zoom + v.height / 2 };
}

async function pixels(viewer: Locator) {
  const shot = await viewer.screenshot();
  const raw = await sharp(shot).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return (p: { x: number; y: number }) => {
    const at = (Math.round(p.y) * raw.info.width + Math.round(p.x)) * raw.info.channels;
    return [raw.data[at] ?? 0, raw.data[at + 1] ?? 0, raw.data[at + 2] ?? 0];
  };
}

const distance = (a: number[], b: number[]) => Math.max(...a.map((v, i) => Math.abs(v - (b[i] ?? 0))));

test('the gallery draws every image from atlas pages, zooms about the cursor and opens a clicked image', async ({
  page,
}) => {
  const projectId = await signedInProject(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/console/projects/${projectId}`);
  await expect(page.getByTestId('image-list')).toBeVisible({ timeout: 30_000 });

  const atlasRequests: string[] = [];
  const thumbnailRequests: string[] = [];
  let galleryShown = false;
  // Answers, not requests: with the e2e server's 8 s tokens a request may meet a 401 and be sent
  // again after the refresh; the service worker's own fetches are reported too and left out.
  page.on('response', (r) => {
    const request = r.request();
    if (request.serviceWorker() || r.status() >= 400) return;
    if (/\/atlas\/[0-9a-f]{64}\.webp$/.test(r.url())) atlasRequests.push(r.url());
    // The list's own thumbnails may still be on their way when the toggle is pressed.
    if (galleryShown && r.url().endsWith('/thumbnail')) thumbnailRequests.push(r.url());
  });
  await page.getByRole('button', { name: '갤러리' }).click();
  const viewer = page.getByTestId('dataset-viewer');
  await expect(viewer).toHaveAttribute('data-total', String(IMAGES), { timeout: 60_000 });
  galleryShown = true;
  await expect(viewer).toHaveAttribute('data-loaded-pages', '3', { timeout: 90_000 });
  expect(atlasRequests).toHaveLength(3);
  expect(thumbnailRequests).toHaveLength(0);

  const renderer = (await viewer.getAttribute('data-renderer')) ?? '';
  expect(renderer, `renderer string: ${renderer}`).toContain('SwiftShader');

  // Cells are drawn (not the background); where the last row has no image, background shows.
  let view = await viewOf(viewer);
  let pixelAt = await pixels(viewer);
  const background = pixelAt({ x: 2, y: 2 });
  for (const n of [0, 1, IMAGES - 1]) {
    const colour = pixelAt(cellPoint(view, n, 0.5, 0.3));
    expect(
      distance(colour, background),
      `cell ${n}: ${colour.join(',')} vs background ${background.join(',')}`,
    ).toBeGreaterThan(40);
  }
  expect(distance(pixelAt(cellPoint(view, IMAGES + 3)), background)).toBeLessThan(8);

  // Hover names the image; wheel zoom keeps the image under the cursor.
  const first = cellPoint(view, 0);
  const box = await viewer.boundingBox();
  if (!box) throw new Error('viewer has no box');
  await page.mouse.move(box.x + first.x, box.y + first.y);
  const tooltip = page.getByTestId('viewer-tooltip');
  await expect(tooltip).toHaveText(`gallery-${String(IMAGES - 1).padStart(5, '0')}.webp`);
  const imageId = (await tooltip.getAttribute('data-image-id')) ?? '';
  const before = view.zoom;
  await page.mouse.wheel(0, -300);
  await expect.poll(async () => (await viewOf(viewer)).zoom).toBeGreaterThan(before * 1.5);
  view = await viewOf(viewer);
  const stillFirst = cellPoint(view, 0);
  expect(Math.abs(stillFirst.x - first.x)).toBeLessThan(2);
  expect(Math.abs(stillFirst.y - first.y)).toBeLessThan(2);
  // Zoomed in, the cell is drawn at its new size (a point near its edge is the image, not background).
  pixelAt = await pixels(viewer);
  const edge = cellPoint(view, 0, 0.9, 0.3);
  expect(distance(pixelAt(edge), background)).toBeGreaterThan(40);

  // Keys: 0 fits everything again.
  await viewer.focus();
  await page.keyboard.press('0');
  await expect.poll(async () => (await viewOf(viewer)).zoom).toBeCloseTo(before, 5);

  // A click (no drag) opens the image page.
  await page.mouse.move(box.x + first.x, box.y + first.y);
  await expect(tooltip).toHaveAttribute('data-image-id', imageId);
  await page.mouse.down();
  await page.mouse.up();
  await expect(page).toHaveURL(new RegExp(`${projectImageHref(projectId, imageId).replace(/[/]/g, '\\/')}$`));
});
