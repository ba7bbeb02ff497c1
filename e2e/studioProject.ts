import { expect, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { registerVerified, storeSession } from './consoleSession';

/*
 * Set-up for the studio specs: an account, a project of a kind with label classes, images
 * uploaded and processed, annotations written through the API, and helpers that turn image
 * pixels into screen points through the studio's engine (exposed in VITE_LAB=1 builds).
 */

export const PASSWORD = 'maruTest12!';

export interface Account {
  email: string;
  login: () => Promise<{ token: string; refreshToken: string }>;
  auth: () => Promise<{ Authorization: string }>;
}

/** Signs a new verified account up. */
export async function newAccount(request: APIRequestContext, name: string): Promise<Account> {
  const email = `studio-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@e2e.maru.ai`;
  await registerVerified(request, email, name, PASSWORD);
  const login = async () => {
    const response = await request.post('/api/auth/login', { data: { email, password: PASSWORD } });
    expect(response.ok()).toBe(true);
    return (await response.json()) as { token: string; refreshToken: string };
  };
  // A sign-in hashes the password: seconds on a loaded machine, and specs ask for headers before
  // most calls. So the pair is kept and its access token reused while young (the e2e server's
  // tokens live ACCESS_TOKEN_TTL_S = 8 s), then renewed with the refresh token, one renewal at a time.
  let held: { pair: { token: string; refreshToken: string }; at: number } | undefined;
  let renewing: Promise<string> | undefined;
  const renew = async (): Promise<string> => {
    if (held && Date.now() - held.at < TOKEN_REUSE_MS) return held.pair.token;
    const at = Date.now();
    const refreshed = held
      ? await request.post('/api/auth/refresh', { data: { refreshToken: held.pair.refreshToken } })
      : undefined;
    const pair = refreshed?.ok()
      ? ((await refreshed.json()) as { token: string; refreshToken: string })
      : await login();
    held = { pair, at };
    return pair.token;
  };
  const auth = async () => {
    renewing ??= renew().finally(() => (renewing = undefined));
    return { Authorization: `Bearer ${await renewing}` };
  };
  return { email, login, auth };
}

/** How long an access token from `auth()` is reused: half its 8 s life, so a slow request still carries a valid one. */
const TOKEN_REUSE_MS = 4_000;

/** A flat PNG of `width` × `height` in one colour. */
export function flatPng(width: number, height: number, rgb: [number, number, number]): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } } })
    .png()
    .toBuffer();
}

export interface StudioProject {
  owner: Account;
  projectId: string;
  /** Image ids by file name. */
  ids: Map<string, string>;
  labelIds: string[];
}

/**
 * A project of `subtype` with `labels`, the images uploaded in the order given (so the list,
 * newest first, shows the last one first), all processed; the page is signed in as its owner.
 */
export async function studioProject(
  page: Page,
  options: {
    subtype?: string;
    labels: { name: string; color: string }[];
    images: { name: string; png: Buffer }[];
  },
): Promise<StudioProject> {
  const owner = await newAccount(page.request, 'Studio Owner');
  const headers = await owner.auth();
  const created = await page.request.post('/api/projects', {
    headers,
    data: { title: '스튜디오', description: 'studio', subtype: options.subtype ?? 'IMAGE_OBJECT_DETECTION' },
  });
  expect(created.status()).toBe(201);
  const projectId = ((await created.json()) as { id: string }).id;
  const labelIds: string[] = [];
  for (const label of options.labels) {
    const response = await page.request.post(`/api/projects/${projectId}/labels`, { headers, data: label });
    expect(response.status()).toBe(201);
    labelIds.push(((await response.json()) as { id: string }).id);
  }
  const ids = new Map<string, string>();
  for (const { name, png } of options.images) {
    const upload = await page.request.post(`/api/projects/${projectId}/uploads`, {
      headers,
      data: { fileName: name, bytes: png.length },
    });
    expect(upload.status()).toBe(201);
    const { uploadId } = (await upload.json()) as { uploadId: string };
    const put = await page.request.put(`/api/projects/${projectId}/uploads/${uploadId}`, {
      headers: { ...headers, 'Content-Type': 'application/octet-stream' },
      data: png,
    });
    expect(put.ok()).toBe(true);
    ids.set(name, ((await put.json()) as { id: string }).id);
  }
  await expect
    .poll(
      async () => {
        const list = await page.request.get(`/api/projects/${projectId}/images`, { headers: await owner.auth() });
        const body = (await list.json()) as { items: { state: string }[] };
        return body.items.filter((i) => i.state === 'ready').length;
      },
      { timeout: 120_000 },
    )
    .toBe(options.images.length);
  await storeSession(page, await owner.login());
  return { owner, projectId, ids, labelIds };
}

/** Writes an image's whole annotation set through the API. */
export async function putAnnotations(
  request: APIRequestContext,
  project: StudioProject,
  imageId: string,
  annotations: { labelId: string; kind: 'box'; x: number; y: number; width: number; height: number }[],
): Promise<void> {
  const response = await request.put(`/api/projects/${project.projectId}/images/${imageId}/annotations`, {
    headers: await project.owner.auth(),
    data: { annotations },
  });
  expect(response.ok()).toBe(true);
}

/** Opens the studio on an image and waits until its engine shows it. */
export async function openStudio(page: Page, projectId: string, imageId: string, prefix = ''): Promise<void> {
  await page.goto(`${prefix}/console/projects/${projectId}/images/${imageId}`);
  // The studio's chunk (engine and all) loads on first use: give a busy machine time.
  await page.waitForFunction(() => window.__studio?.engine != null, null, { timeout: 60_000 });
  await expect
    .poll(
      async () => {
        const tiles = page.getByTestId('viewer-tiles');
        const loaded = Number(await tiles.getAttribute('data-loaded'));
        const wanted = Number(await tiles.getAttribute('data-wanted'));
        return wanted > 0 && loaded >= wanted;
      },
      { timeout: 60_000 },
    )
    .toBe(true);
}

/** The page point (CSS px) of an image point, through the engine's view and the canvas's place. */
export async function screenPoint(page: Page, x: number, y: number): Promise<{ x: number; y: number }> {
  const box = (await page.getByTestId('viewer-canvas').boundingBox())!;
  const view = await page.evaluate(() => window.__studio!.engine.getView());
  return {
    x: box.x + box.width / 2 + (x - view.centerX) * view.zoom,
    y: box.y + box.height / 2 + (y - view.centerY) * view.zoom,
  };
}

/** Drags with the mouse from one image point to another. */
export async function dragImage(
  page: Page,
  from: { x: number; y: number },
  to: { x: number; y: number },
  modifiers: { shift?: boolean } = {},
): Promise<void> {
  const a = await screenPoint(page, from.x, from.y);
  const b = await screenPoint(page, to.x, to.y);
  if (modifiers.shift) await page.keyboard.down('Shift');
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await page.mouse.up();
  if (modifiers.shift) await page.keyboard.up('Shift');
}

/** Clicks an image point (with Shift when asked). */
export async function clickImage(page: Page, x: number, y: number, modifiers: { shift?: boolean } = {}): Promise<void> {
  const p = await screenPoint(page, x, y);
  // mouse.click has no modifiers: hold the key (the pointer event carries shiftKey).
  if (modifiers.shift) await page.keyboard.down('Shift');
  await page.mouse.click(p.x, p.y);
  if (modifiers.shift) await page.keyboard.up('Shift');
}

/** The engine's boxes, rounded, sorted by position. */
export async function engineBoxes(page: Page) {
  const boxes = await page.evaluate(() =>
    window.__studio!.engine.getBoxes().map((b) => ({
      id: b.id,
      x: Math.round(b.x),
      y: Math.round(b.y),
      width: Math.round(b.width),
      height: Math.round(b.height),
      label: b.label,
    })),
  );
  return boxes.sort((p, q) => p.y - q.y || p.x - q.x);
}

export async function selectionSize(page: Page): Promise<number> {
  return page.evaluate(() => window.__studio!.engine.getSelection().length);
}

/** A PNG of raw RGBA pixels (a synthetic scene's window). */
export function rgbaPng(width: number, height: number, data: Uint8Array | Uint8ClampedArray): Promise<Buffer> {
  return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

export interface ServerAnnotation {
  id: string;
  kind: 'box' | 'polygon' | 'class';
  labelId: string;
  x: number;
  y: number;
  width: number;
  height: number;
  points?: number[];
}

/** An image's annotations as the server stores them. */
export async function serverAnnotations(page: Page, project: StudioProject, imageId: string) {
  const response = await page.request.get(`/api/projects/${project.projectId}/images/${imageId}/annotations`, {
    headers: await project.owner.auth(),
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { annotations: ServerAnnotation[] }).annotations;
}

/** The engine's polygons (boxes with points), points rounded, sorted by position. */
export async function enginePolygons(page: Page) {
  const polygons = await page.evaluate(() =>
    window
      .__studio!.engine.getBoxes()
      .filter((b) => b.points && b.points.length > 0)
      .map((b) => ({ id: b.id, x: b.x, y: b.y, label: b.label, points: b.points!.map((v) => Math.round(v)) })),
  );
  return polygons.sort((p, q) => p.y - q.y || p.x - q.x).map(({ id, label, points }) => ({ id, label, points }));
}

/**
 * A key press as the Korean IME sends it: a trusted keydown (through the DevTools protocol, as
 * the browser's input pipeline delivers a real one) whose `key` is 'Process' and keyCode 229,
 * naming the physical key only in `code`; then its keyup.
 */
export async function pressImeKey(page: Page, code: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const common = { key: 'Process', code, windowsVirtualKeyCode: 229, nativeVirtualKeyCode: 229 };
    await cdp.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', ...common });
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...common });
  } finally {
    await cdp.detach();
  }
}
