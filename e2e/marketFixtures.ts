import { expect, type APIRequestContext } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { initTf } from '../ml/runtime';
import { RED_DETECTOR_GRID, RED_DETECTOR_INPUT, redSquareDetectorZip } from '../ml/testing/redSquareDetector';
import { E2E_DATA_DIR } from './outbox';
import { newAccount, type Account } from './studioProject';

/** The label of the seller's project; the red-square detector names it too. */
export const LABEL = { name: 'defect', color: '#e53935' };
/** Images in the seller's dataset: the training wizard needs at least 10. */
export const IMAGE_COUNT = 10;

/** A text of a locale file, by dotted key: the spec asserts what the user reads. */
export function text(locale: 'ko' | 'en', ns: string, key: string, values: Record<string, string> = {}): string {
  let node: unknown = JSON.parse(readFileSync(`locales/${locale}/${ns}.json`, 'utf8'));
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`no text ${locale}/${ns}:${key}`);
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => values[name] ?? '');
}

/** A platform admin: a new account given the admin scope with server/scripts/grantAdmin.ts. */
export async function newAdmin(request: APIRequestContext): Promise<Account> {
  const admin = await newAccount(request, 'Market Admin');
  execFileSync('npx', ['tsx', 'server/scripts/grantAdmin.ts', admin.email], {
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR },
    stdio: 'pipe',
  });
  return admin;
}

/**
 * A grey image twice the detector's input with one red square filling a grid cell (so the detector,
 * which stretches the image to its input, sees it), and its box: 32 px, over the smallest box side.
 */
async function squareImage(i: number) {
  const side = RED_DETECTOR_INPUT * 2;
  const cell = side / RED_DETECTOR_GRID;
  const left = (i % RED_DETECTOR_GRID) * cell;
  const top = ((i * 3) % RED_DETECTOR_GRID) * cell;
  const square = await sharp({ create: { width: cell, height: cell, channels: 3, background: '#ff0000' } })
    .png()
    .toBuffer();
  const png = await sharp({
    create: {
      width: side,
      height: side,
      channels: 3,
      background: { r: 120 + i * 4, g: 128, b: 128 },
    },
  })
    .composite([{ input: square, left, top }])
    .png()
    .toBuffer();
  return { png, box: { x: left, y: top, width: cell, height: cell } };
}

/** A cover image for the posting form. */
export function coverPng(): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 200, channels: 3, background: '#3f51b5' } })
    .png()
    .toBuffer();
}

export interface SellerProject {
  projectId: string;
  modelId: string;
}

/**
 * The seller's detection project, made through the API: the label, IMAGE_COUNT processed images
 * with one box each, and an uploaded model (the red-square detector, a real TF.js zip).
 */
export async function sellerProject(
  request: APIRequestContext,
  seller: Account,
  title: string,
): Promise<SellerProject> {
  const headers = await seller.auth();
  const created = await request.post('/api/projects', {
    headers,
    data: { title, description: 'market', subtype: 'IMAGE_OBJECT_DETECTION' },
  });
  expect(created.status()).toBe(201);
  const projectId = ((await created.json()) as { id: string }).id;
  const label = await request.post(`/api/projects/${projectId}/labels`, { headers, data: LABEL });
  expect(label.status()).toBe(201);
  const labelId = ((await label.json()) as { id: string }).id;

  const images = await Promise.all(Array.from({ length: IMAGE_COUNT }, (_, i) => squareImage(i)));
  const ids: string[] = [];
  for (const [i, { png }] of images.entries()) {
    const upload = await request.post(`/api/projects/${projectId}/uploads`, {
      headers,
      data: { fileName: `square-${i}.png`, bytes: png.length },
    });
    expect(upload.status()).toBe(201);
    const { uploadId } = (await upload.json()) as { uploadId: string };
    const put = await request.put(`/api/projects/${projectId}/uploads/${uploadId}`, {
      headers: { ...headers, 'Content-Type': 'application/octet-stream' },
      data: png,
    });
    expect(put.ok()).toBe(true);
    ids.push(((await put.json()) as { id: string }).id);
  }
  await expect
    .poll(
      async () => {
        const list = await request.get(`/api/projects/${projectId}/images`, { headers: await seller.auth() });
        const body = (await list.json()) as { items: { state: string }[] };
        return body.items.filter((i) => i.state === 'ready').length;
      },
      { timeout: 60_000 },
    )
    .toBe(IMAGE_COUNT);
  for (const [i, id] of ids.entries()) {
    const put = await request.put(`/api/projects/${projectId}/images/${id}/annotations`, {
      headers: await seller.auth(),
      data: { annotations: [{ labelId, kind: 'box', ...images[i]!.box }] },
    });
    expect(put.ok(), await put.text()).toBe(true);
  }

  await initTf(['cpu']);
  const model = await request.post(`/api/projects/${projectId}/models?tag=red-v1`, {
    headers: { ...(await seller.auth()), 'Content-Type': 'application/zip' },
    data: Buffer.from(await redSquareDetectorZip(LABEL.name, LABEL.color)),
  });
  expect(model.status()).toBe(201);
  const modelId = ((await model.json()) as { id: string }).id;
  return { projectId, modelId };
}
