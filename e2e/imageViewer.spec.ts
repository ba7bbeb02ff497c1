import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { registerVerified, storeSession } from './consoleSession';

/*
 * The studio's image display against the real server: a 3000 × 2000 PNG gets a DeepZoom pyramid and opens
 * from the image list on its tiles (WebGL on SwiftShader); the screen is read back and compared
 * with the image's known colours; zooming in brings finer tiles; once the 8 s access token has
 * expired, panning still loads tiles (each fetch renews the token once on 401); the image's box
 * is drawn in its label's colour with the label's name. A small image
 * (≤ 2048 px, no pyramid) opens through its original.
 */
const PASSWORD = 'maruTest12!';
const wait = expect.configure({ timeout: 60_000 });
test.describe.configure({ timeout: 240_000 });
// A small canvas: SwiftShader rasterises on the CPU.
test.use({ viewport: { width: 1000, height: 760 } });

/** The big image: a 6 × 4 grid of 500 px blocks, each one flat colour. */
const BLOCK = 500;
function blockColour(bx: number, by: number): [number, number, number] {
  return [40 + bx * 40, 40 + by * 60, (bx + by) % 2 ? 220 : 30];
}
function bigImageColour(x: number, y: number): [number, number, number] {
  return blockColour(Math.floor(x / BLOCK), Math.floor(y / BLOCK));
}

async function bigPng(): Promise<Buffer> {
  const width = 3000;
  const height = 2000;
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) raw.set(bigImageColour(x, y), (y * width + x) * 3);
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** Signs up, creates a project with a label, uploads `files`, waits until they are processed, and signs the page in. */
async function projectWith(
  page: Page,
  files: { name: string; png: Buffer }[],
): Promise<{ projectId: string; ids: Map<string, string>; labelId: string; freshToken: () => Promise<string> }> {
  const email = `viewer-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@e2e.maru.ai`;
  await registerVerified(page.request, email, 'Viewer Tester', PASSWORD);
  const login = async () => {
    const response = await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } });
    expect(response.ok()).toBe(true);
    return (await response.json()) as { token: string; refreshToken: string };
  };
  let token = `Bearer ${(await login()).token}`;
  const headers = () => ({ Authorization: token });
  const created = await page.request.post('/api/projects', {
    headers: headers(),
    data: { title: '뷰어', description: 'viewer', subtype: 'IMAGE_OBJECT_DETECTION' },
  });
  expect(created.status()).toBe(201);
  const projectId = ((await created.json()) as { id: string }).id;
  // Cyan: no block of the test image comes near it, so the box outline can be found on screen.
  const label = await page.request.post(`/api/projects/${projectId}/labels`, {
    headers: headers(),
    data: { name: 'cat', color: '#00ffff' },
  });
  expect(label.status()).toBe(201);
  const labelId = ((await label.json()) as { id: string }).id;

  const ids = new Map<string, string>();
  for (const { name, png } of files) {
    const upload = await page.request.post(`/api/projects/${projectId}/uploads`, {
      headers: headers(),
      data: { fileName: name, bytes: png.length },
    });
    expect(upload.status()).toBe(201);
    const { uploadId } = (await upload.json()) as { uploadId: string };
    const put = await page.request.put(`/api/projects/${projectId}/uploads/${uploadId}`, {
      headers: { ...headers(), 'Content-Type': 'application/octet-stream' },
      data: png,
    });
    expect(put.ok()).toBe(true);
    ids.set(name, ((await put.json()) as { id: string }).id);
  }
  await expect
    .poll(
      async () => {
        token = `Bearer ${(await login()).token}`;
        const list = await page.request.get(`/api/projects/${projectId}/images`, { headers: headers() });
        const body = (await list.json()) as { items: { state: string }[] };
        return body.items.filter((i) => i.state === 'ready').length;
      },
      { timeout: 120_000 },
    )
    .toBe(files.length);

  const pair = await login();
  await storeSession(page, pair);
  return { projectId, ids, labelId, freshToken: async () => `Bearer ${(await login()).token}` };
}

/** Every tile response of the page: DeepZoom level, column, row, status. */
function watchTiles(page: Page) {
  const seen: { url: string; level: number; status: number }[] = [];
  page.on('response', (response) => {
    const m = /\/tiles\/(\d+)\/(\d+)_(\d+)\.jpg$/.exec(new URL(response.url()).pathname);
    if (m) seen.push({ url: response.url(), level: Number(m[1]), status: response.status() });
  });
  return seen;
}

/** Waits until every tile the view wants is on screen. */
async function tilesSettled(page: Page): Promise<void> {
  const tiles = page.getByTestId('viewer-tiles');
  await wait
    .poll(async () => {
      const loaded = Number(await tiles.getAttribute('data-loaded'));
      const wanted = Number(await tiles.getAttribute('data-wanted'));
      return wanted > 0 && loaded >= wanted;
    })
    .toBe(true);
}

/** The canvas as the user sees it, as RGB rows (the device pixel ratio is 1). */
async function readCanvas(
  canvas: Locator,
): Promise<{ width: number; height: number; at: (x: number, y: number) => number[] }> {
  const { data, info } = await sharp(await canvas.screenshot())
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    at: (x, y) =>
      Array.from(
        data.subarray(
          (Math.round(y) * info.width + Math.round(x)) * 3,
          (Math.round(y) * info.width + Math.round(x)) * 3 + 3,
        ),
      ),
  };
}

/** Every tile asked for arrived: a 401 (expired token) is followed by a 200 for the same URL. */
function expectAllArrived(list: { url: string; status: number }[]): void {
  expect(list.length).toBeGreaterThan(0);
  for (const url of new Set(list.map((t) => t.url))) {
    const statuses = list.filter((t) => t.url === url).map((t) => t.status);
    expect(
      statuses.every((status) => status === 200 || status === 401),
      `${url}: ${statuses.join(',')}`,
    ).toBe(true);
    expect(statuses.at(-1), url).toBe(200);
  }
}

/**
 * While the view moves, a tile refused for the expired token can stop being wanted before the
 * renewed retry (the pan carried on): it is dropped, not fetched again. So after a pan: every
 * answer is 200 or 401, some refused tile came back with the renewed token, and `tilesSettled`
 * plus the colour checks prove the final view complete.
 */
function expectRenewedAfterRefusal(list: { url: string; status: number }[]): void {
  expect(list.every((t) => t.status === 200 || t.status === 401)).toBe(true);
  const renewed = [...new Set(list.map((t) => t.url))].filter((url) => {
    const statuses = list.filter((t) => t.url === url).map((t) => t.status);
    return statuses.indexOf(401) >= 0 && statuses.lastIndexOf(200) > statuses.indexOf(401);
  });
  expect(renewed.length, 'a refused tile came back with the renewed token').toBeGreaterThan(0);
}

function expectColour(actual: number[], expected: readonly number[], where: string): void {
  const off = Math.max(...actual.map((v, i) => Math.abs(v - (expected[i] ?? 0))));
  expect(off, `${where}: ${actual.join(',')} vs ${expected.join(',')}`).toBeLessThanOrEqual(14);
}

/** The zoom of a fitted view (the engine keeps 16 CSS px around the image). */
function fitZoom(width: number, height: number, imageWidth: number, imageHeight: number): number {
  return Math.min((width - 32) / imageWidth, (height - 32) / imageHeight);
}

async function expectSwiftShader(page: Page): Promise<void> {
  const renderer = await page.evaluate(() => {
    const gl = document.createElement('canvas').getContext('webgl2');
    if (!gl) return '';
    const ext = gl.getExtension('WEBGL_debug_renderer_info');
    return String(gl.getParameter(ext ? ext.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
  });
  expect(renderer, `renderer string: ${renderer}`).toContain('SwiftShader');
}

test('a 3000 × 2000 image opens from the list on its tiles, zooms to finer tiles, and keeps loading after the token expired', async ({
  page,
}) => {
  const { projectId, ids, labelId, freshToken } = await projectWith(page, [{ name: 'big.png', png: await bigPng() }]);
  const imageId = ids.get('big.png')!;
  // One box inside block (4, 0) (red: little green), away from every point the colour checks read.
  const annotated = await page.request.put(`/api/projects/${projectId}/images/${imageId}/annotations`, {
    headers: { Authorization: await freshToken() },
    data: { annotations: [{ labelId, kind: 'box', x: 2100, y: 50, width: 350, height: 400 }] },
  });
  expect(annotated.ok()).toBe(true);
  const tiles = watchTiles(page);
  await page.goto(`/console/projects/${projectId}`);
  await wait(page.getByTestId('thumbnail')).toBeVisible();
  await page.getByTestId('image-open').first().click();
  await expect(page).toHaveURL(new RegExp(`/console/projects/${projectId}/images/${imageId}$`));
  // The viewer's chunk (engine and all) loads on first use: give a busy machine time.
  await wait(page.getByTestId('viewer-name')).toHaveText('big.png');
  await expect(page.getByTestId('viewer-resolution')).toHaveText('3000 × 2000 픽셀');
  await expectSwiftShader(page);

  const canvas = page.getByTestId('viewer-canvas');
  await tilesSettled(page);
  expectAllArrived(tiles);
  const fitLevels = new Set(tiles.map((t) => t.level));
  expect(Math.max(...fitLevels)).toBeLessThan(12);

  // The box arrived, and its name tag is drawn in the label's colour (cyan) just above its
  // top-left corner (inside the box when that corner is near the canvas top).
  await wait(page.getByTestId('viewer-annotations')).toHaveText('어노테이션 1개');
  let shot = await readCanvas(canvas);
  const z = fitZoom(shot.width, shot.height, 3000, 2000);
  const tagX = shot.width / 2 + (2100 - 1500) * z;
  const boxTop = shot.height / 2 + (50 - 1000) * z;
  const tagY = boxTop >= 16 ? boxTop - 16 : boxTop;
  await expect
    .poll(async () => (await readCanvas(canvas)).at(tagX + 1.5, tagY + 8).join(','), { timeout: 15_000 })
    .toBe('0,255,255');
  shot = await readCanvas(canvas);

  // Fitted: the image is centred; each block's centre shows that block's colour.
  for (const [bx, by] of [
    [0, 0],
    [5, 0],
    [2, 1],
    [3, 2],
    [0, 3],
    [5, 3],
  ] as const) {
    const ix = bx * BLOCK + BLOCK / 2;
    const iy = by * BLOCK + BLOCK / 2;
    expectColour(
      shot.at(shot.width / 2 + (ix - 1500) * z, shot.height / 2 + (iy - 1000) * z),
      blockColour(bx, by),
      `block ${bx},${by}`,
    );
  }
  // Outside the image: the engine's background.
  expectColour(shot.at(4, 4), [32, 33, 36], 'background');
  // The box: its outline in the label's colour where its left edge crosses the middle, its name beside it.
  const edgeX = shot.width / 2 + (2100 - 1500) * z;
  const edgeY = shot.height / 2 + (250 - 1000) * z;
  const green = (x: number) => shot.at(x, edgeY)[1] ?? 0;
  // The block is (200, 40, 30); the cyan outline lifts the green channel where it passes.
  expect(Math.max(...Array.from({ length: 13 }, (_, i) => green(edgeX - 6 + i))), 'box outline').toBeGreaterThan(130);
  expect(green(edgeX - 8), 'left of the box').toBeLessThan(60);

  // The buttons zoom about the centre by 1.25 and back; fit returns to the whole image.
  const zoomPercent = async () =>
    Number(/([\d.]+)%/.exec((await page.getByTestId('viewer-zoom').textContent()) ?? '')?.[1]);
  // The toolbar shows whole percents: allow the rounding.
  const near = (target: number) => async () => Math.abs((await zoomPercent()) - target) <= 1;
  expect(await near(z * 100)()).toBe(true);
  await page.getByTestId('viewer-zoom-in').click();
  await expect.poll(near(z * 125)).toBe(true);
  await page.getByTestId('viewer-zoom-out').click();
  await expect.poll(near(z * 100)).toBe(true);

  // One wheel step straight to 120 % about the centre: full-resolution tiles (DeepZoom level 12)
  // arrive, only those of the view and its prefetch ring (the level has 6 × 4 tiles).
  const beforeZoom = tiles.length;
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, -Math.log(1.2 / z) / 0.002);
  await expect.poll(near(120)).toBe(true);
  await tilesSettled(page);
  const fine = tiles.slice(beforeZoom).filter((t) => t.level === 12);
  expectAllArrived(fine);
  expect(new Set(fine.map((t) => t.url)).size).toBeLessThan(24);
  shot = await readCanvas(canvas);
  const cx = shot.width / 2;
  const cy = shot.height / 2;
  // Around the image centre (1500, 1000) meet four blocks.
  expectColour(shot.at(cx - 30, cy - 30), blockColour(2, 1), 'zoomed top left');
  expectColour(shot.at(cx + 30, cy - 30), blockColour(3, 1), 'zoomed top right');
  expectColour(shot.at(cx - 30, cy + 30), blockColour(2, 2), 'zoomed bottom left');
  expectColour(shot.at(cx + 30, cy + 30), blockColour(3, 2), 'zoomed bottom right');
  const zoomed = (await zoomPercent()) / 100;

  // Let the access token expire, then pan (the move tool: a detection project starts on the box
  // tool) towards the top-left corner, beyond the tiles loaded so far.
  await page.getByTestId('tool-pan').click();
  await page.waitForTimeout(9_000);
  const beforePan = tiles.length;
  let moved = { x: 0, y: 0 };
  for (let i = 0; i < 3; i++) {
    await page.mouse.move(box.x + 200, box.y + 80);
    await page.mouse.down();
    await page.mouse.move(box.x + 650, box.y + 380, { steps: 8 });
    await page.mouse.up();
    moved = { x: moved.x + 450, y: moved.y + 300 };
  }
  await tilesSettled(page);
  const panned = tiles.slice(beforePan);
  expect(
    panned.some((t) => t.status === 401),
    'the expired token was refused at least once',
  ).toBe(true);
  // Tiles refused for the old token came back with the renewed one (those still wanted: see the helper).
  expectRenewedAfterRefusal(panned);
  await expect(page.getByTestId('viewer-error')).toHaveCount(0);
  shot = await readCanvas(canvas);
  const centre = { x: 1500 - moved.x / zoomed, y: 1000 - moved.y / zoomed };
  for (const [dx, dy] of [
    [-20, -20],
    [20, 20],
  ] as const) {
    const ix = centre.x + dx / zoomed;
    const iy = centre.y + dy / zoomed;
    expectColour(
      shot.at(shot.width / 2 + dx, shot.height / 2 + dy),
      bigImageColour(ix, iy),
      `panned ${ix.toFixed(0)},${iy.toFixed(0)}`,
    );
  }
});

test('a small image (no pyramid) opens through its original', async ({ page }) => {
  const width = 800;
  const height = 600;
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) raw.set(x < width / 2 ? [220, 40, 40] : [40, 60, 210], (y * width + x) * 3);
  }
  const png = await sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
  const { projectId, ids } = await projectWith(page, [{ name: 'small.png', png }]);
  const tiles = watchTiles(page);
  const originals: number[] = [];
  page.on('response', (r) => {
    if (r.url().endsWith(`/images/${ids.get('small.png')}/original`)) originals.push(r.status());
  });
  await page.goto(`/en/console/projects/${projectId}`);
  await page.getByTestId('image-name').getByRole('link', { name: 'small.png' }).click();
  await wait(page.getByTestId('viewer-resolution')).toHaveText('800 × 600 px');
  await expectSwiftShader(page);
  await tilesSettled(page);
  expect(tiles).toEqual([]);
  expect(originals).toContain(200);
  const shot = await readCanvas(page.getByTestId('viewer-canvas'));
  const z = fitZoom(shot.width, shot.height, width, height);
  expectColour(shot.at(shot.width / 2 - 200 * z, shot.height / 2), [220, 40, 40], 'left half');
  expectColour(shot.at(shot.width / 2 + 200 * z, shot.height / 2), [40, 60, 210], 'right half');
  await expect(page.getByTestId('viewer-annotations')).toHaveText('No annotations');
});
