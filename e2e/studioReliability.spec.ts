import { expect, test, type APIRequestContext, type Page, type Request } from '@playwright/test';
import {
  clickImage,
  dragImage,
  engineBoxes,
  flatPng,
  openStudio,
  putAnnotations,
  selectionSize,
  studioProject,
  type StudioProject,
} from './studioProject';

/*
 * The studio's promise that no edit is lost (RELIABILITY 14–17), against the real server in
 * Chromium: edits made offline survive a reload while still offline (the page itself comes from
 * the service worker, the edits from the IndexedDB journal) and reach the server exactly once
 * when the network returns; a save whose answer is lost after the server committed is repeated
 * with the same operation ids and not applied twice, also when the page was reloaded before any
 * answer came; a 401 in the middle of a save renews the token and the edit persists; leaving
 * asks only while edits are unsynced; a stale version opens the conflict dialog with both
 * versions, "keep mine" wins on the server (over a deletion too: the box comes back) and "keep
 * theirs" shows theirs; the edits of a tab closed offline are sent when the studio opens again,
 * on any image.
 *
 * `context.setOffline` cuts the service worker's own fetches too in this Chromium (checked in
 * the first test), so the network-first reads really fall back to its caches there.
 */
const wait = expect.configure({ timeout: 45_000 });
test.describe.configure({ timeout: 300_000 });
// A small canvas: SwiftShader rasterises on the CPU.
test.use({ viewport: { width: 1000, height: 760 } });

const OPS = '**/api/projects/*/images/*/annotations/ops';

interface ServerBox {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
  version: number;
}

/** The image's annotations as the server holds them, sorted by position. */
async function serverBoxes(
  { request }: { request: APIRequestContext },
  project: StudioProject,
  imageId: string,
): Promise<ServerBox[]> {
  const response = await request.get(`/api/projects/${project.projectId}/images/${imageId}/annotations`, {
    headers: await project.owner.auth(),
  });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { annotations: ServerBox[] };
  return body.annotations
    .map(({ id, x, y, width, height, version }) => ({ id, x, y, width, height, version }))
    .sort((p, q) => p.y - q.y || p.x - q.x);
}

const geometry = (boxes: { x: number; y: number; width: number; height: number }[]) =>
  boxes.map(({ x, y, width, height }) => ({
    x: Math.round(x),
    y: Math.round(y),
    width: Math.round(width),
    height: Math.round(height),
  }));

/** The operation ids of an ops request. */
function opIds(request: Request): string[] {
  const body = request.postDataJSON() as { ops: { opId: string }[] };
  return body.ops.map((op) => op.opId);
}

const indicator = (page: Page) => page.getByTestId('save-indicator');

async function oneImageProject(page: Page): Promise<{ project: StudioProject; imageId: string }> {
  const project = await studioProject(page, {
    labels: [{ name: 'cat', color: '#00ffff' }],
    images: [{ name: 'work.png', png: await flatPng(800, 600, [90, 90, 90]) }],
  });
  return { project, imageId: project.ids.get('work.png')! };
}

test('offline: edits survive a reload while offline and reach the server exactly once when back online', async ({
  page,
  context,
}) => {
  const { project, imageId } = await oneImageProject(page);
  const [cat] = project.labelIds as [string];
  // One box the server already has: moving it offline sends a replace over its version.
  await putAnnotations(page.request, project, imageId, [
    { labelId: cat, kind: 'box', x: 500, y: 350, width: 100, height: 100 },
  ]);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.type());
    void dialog.accept();
  });

  // One visit installs the service worker; the page it installed from is not controlled by it
  // (no clients.claim), so a reload makes the studio's start-up reads go through its caches.
  await openStudio(page, project.projectId, imageId);
  await page.evaluate(() => navigator.serviceWorker.ready);
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) {
    await openStudio(page, project.projectId, imageId);
  }
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await wait(indicator(page)).toHaveAttribute('data-state', 'saved');
  // The start-up reads and the tiles are in the service worker's caches (written after the answer).
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const reads = await (await caches.open('api-reads-v1')).keys();
          const files = await (await caches.open('image-files-v1')).keys();
          return {
            annotations: reads.some((r) => r.url.endsWith('/annotations')),
            tiles: files.some((r) => r.url.includes('/tiles/') || r.url.endsWith('/original')),
          };
        }),
      { timeout: 30_000 },
    )
    .toEqual({ annotations: true, tiles: true });

  await context.setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
  // Offline for the service worker too (its network-first reads must fall back to its cache).
  const worker = context.serviceWorkers()[0]!;
  expect(
    await worker.evaluate(() =>
      fetch('/api/health').then(
        (r) => r.status,
        () => 'failed',
      ),
    ),
  ).toBe('failed');
  // Three new boxes (the box tool is the detection default), then the first one and the server's box moved.
  await dragImage(page, { x: 100, y: 100 }, { x: 250, y: 200 });
  await dragImage(page, { x: 400, y: 100 }, { x: 550, y: 200 });
  await dragImage(page, { x: 100, y: 350 }, { x: 250, y: 450 });
  await wait(page.getByTestId('annotation-row')).toHaveCount(4);
  await page.keyboard.press('KeyV');
  await clickImage(page, 175, 150);
  await expect.poll(() => selectionSize(page)).toBe(1);
  await dragImage(page, { x: 175, y: 150 }, { x: 225, y: 150 });
  await clickImage(page, 550, 400);
  await dragImage(page, { x: 550, y: 400 }, { x: 550, y: 460 });
  const expected = [
    { x: 150, y: 100, width: 150, height: 100 },
    { x: 400, y: 100, width: 150, height: 100 },
    { x: 100, y: 350, width: 150, height: 100 },
    { x: 500, y: 410, width: 100, height: 100 },
  ];
  await expect.poll(async () => geometry(await engineBoxes(page))).toEqual(expected);
  await wait(indicator(page)).toHaveAttribute('data-state', 'offline');
  // One unsynced edit per annotation: the move of a new box folds into its creation.
  await expect(indicator(page)).toHaveAttribute('data-unsynced', '4');
  await expect(indicator(page)).toContainText('오프라인');

  // Reload while offline: the page loads from the service worker, the edits from the journal.
  // Unsynced edits make leaving ask first (accepted above).
  await openStudio(page, project.projectId, imageId);
  expect(dialogs).toEqual(['beforeunload']);
  await expect.poll(async () => geometry(await engineBoxes(page)), { timeout: 30_000 }).toEqual(expected);
  await wait(indicator(page)).toHaveAttribute('data-state', 'offline');
  await expect(indicator(page)).toHaveAttribute('data-unsynced', '4');
  // Nothing reached the server meanwhile.
  expect(geometry(await serverBoxes(page, project, imageId))).toEqual([{ x: 500, y: 350, width: 100, height: 100 }]);
  // The page opened offline (no image lock could be taken) still edits: one more box.
  await expect(page.getByTestId('studio-readonly')).toHaveCount(0);
  await dragImage(page, { x: 600, y: 100 }, { x: 750, y: 200 });
  expected.splice(2, 0, { x: 600, y: 100, width: 150, height: 100 });
  await expect.poll(async () => geometry(await engineBoxes(page))).toEqual(expected);
  await wait(indicator(page)).toHaveAttribute('data-unsynced', '5');

  await context.setOffline(false);
  await wait(indicator(page)).toHaveAttribute('data-state', 'saved');
  const saved = await serverBoxes(page, project, imageId);
  expect(geometry(saved)).toEqual(expected);
  // Each exactly once: the new boxes created once (version 1), the server's box replaced once.
  expect(saved.map((b) => b.version)).toEqual([1, 1, 1, 1, 2]);
  expect(new Set(saved.map((b) => b.id)).size).toBe(5);

  // With everything saved, leaving asks nothing.
  await openStudio(page, project.projectId, imageId);
  expect(dialogs).toEqual(['beforeunload']);
  await expect.poll(async () => geometry(await engineBoxes(page))).toEqual(expected);
});

test('a save whose answer is lost after the server committed is repeated with the same operations, not applied twice', async ({
  page,
}) => {
  const { project, imageId } = await oneImageProject(page);
  await openStudio(page, project.projectId, imageId);
  await wait(indicator(page)).toHaveAttribute('data-state', 'saved');

  const sent: Request[] = [];
  let lost = 0;
  await page.route(OPS, async (route) => {
    sent.push(route.request());
    const response = await route.fetch();
    if (lost === 0 && response.status() === 200) {
      // The server got the request and committed it; the browser never sees the answer.
      lost = sent.length;
      await route.abort('connectionreset');
      return;
    }
    // (A 401 of a token that expired meanwhile goes through: the page renews it and sends again.)
    await route.fulfill({ response });
  });

  await dragImage(page, { x: 100, y: 100 }, { x: 250, y: 200 });
  await wait(page.getByTestId('annotation-row')).toHaveCount(1);
  await wait(indicator(page)).toHaveAttribute('data-state', 'saved');
  expect(lost).toBeGreaterThan(0);
  expect(sent.length).toBeGreaterThan(lost);
  // Every later request carried the very operation the server had applied.
  for (const request of sent) expect(opIds(request)).toEqual(opIds(sent[lost - 1]!));
  const afterRetry = await serverBoxes(page, project, imageId);
  expect(geometry(afterRetry)).toEqual([{ x: 100, y: 100, width: 150, height: 100 }]);
  expect(afterRetry[0]!.version).toBe(1);

  // The next edit of that box builds on the replayed answer's version: no conflict, one replace.
  await page.keyboard.press('KeyV');
  await clickImage(page, 175, 150);
  await expect.poll(() => selectionSize(page)).toBe(1);
  await dragImage(page, { x: 175, y: 150 }, { x: 175, y: 250 });
  await wait(indicator(page)).toHaveAttribute('data-state', 'saved');
  const moved = await serverBoxes(page, project, imageId);
  expect(geometry(moved)).toEqual([{ x: 100, y: 200, width: 150, height: 100 }]);
  expect(moved[0]!.version).toBe(2);
});

test('a 401 in the middle of a save renews the token and the edit persists, without signing out', async ({ page }) => {
  const { project, imageId } = await oneImageProject(page);
  await openStudio(page, project.projectId, imageId);
  await wait(indicator(page)).toHaveAttribute('data-state', 'saved');

  const statuses: number[] = [];
  const refreshes: number[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('/api/auth/refresh')) refreshes.push(response.status());
  });
  const tokenBefore = await page.evaluate(() => localStorage.getItem('auth._token.local'));
  await page.route(OPS, async (route) => {
    if (statuses.length === 0) {
      // The server itself refuses the first save's token, as it would an expired one.
      const response = await route.fetch({
        headers: { ...route.request().headers(), authorization: 'Bearer expired.token.value' },
      });
      statuses.push(response.status());
      await route.fulfill({ response });
      return;
    }
    const response = await route.fetch();
    statuses.push(response.status());
    await route.fulfill({ response });
  });

  await dragImage(page, { x: 300, y: 200 }, { x: 420, y: 330 });
  await wait(indicator(page)).toHaveAttribute('data-state', 'saved');
  expect(statuses).toEqual([401, 200]);
  expect(refreshes).toContain(200);
  // Still signed in, on the studio, with a renewed token.
  await expect(page).toHaveURL(new RegExp(`/images/${imageId}$`));
  expect(await page.evaluate(() => localStorage.getItem('auth._token.local'))).not.toBe(tokenBefore);
  await expect(page.getByTestId('studio-readonly')).toHaveCount(0);
  expect(geometry(await serverBoxes(page, project, imageId))).toEqual([{ x: 300, y: 200, width: 120, height: 130 }]);
});

test('a stale version opens the conflict dialog with both versions; keep mine puts mine on the server', async ({
  page,
}) => {
  const { project, imageId } = await oneImageProject(page);
  const [cat] = project.labelIds as [string];
  await putAnnotations(page.request, project, imageId, [
    { labelId: cat, kind: 'box', x: 100, y: 100, width: 200, height: 150 },
  ]);
  await openStudio(page, project.projectId, imageId);
  await wait(indicator(page)).toHaveAttribute('data-state', 'saved');
  const [original] = await serverBoxes(page, project, imageId);
  expect(original!.version).toBe(1);

  // Someone else (the API, with the same account's token) changes the box after the studio loaded it.
  const theirs = await page.request.post(`/api/projects/${project.projectId}/images/${imageId}/annotations/ops`, {
    headers: await project.owner.auth(),
    data: {
      ops: [
        {
          opId: `api-${Date.now()}`,
          type: 'put',
          baseVersion: 1,
          annotation: { id: original!.id, labelId: cat, kind: 'box', x: 400, y: 300, width: 200, height: 150 },
        },
      ],
    },
  });
  expect(theirs.ok()).toBe(true);

  // The studio still has version 1: moving the box there meets the server's version 2.
  await page.keyboard.press('KeyV');
  await clickImage(page, 200, 175);
  await expect.poll(() => selectionSize(page)).toBe(1);
  await dragImage(page, { x: 200, y: 175 }, { x: 200, y: 225 });
  await wait(indicator(page)).toHaveAttribute('data-state', 'conflict');
  await indicator(page).getByRole('button').click();
  const row = page.getByTestId('conflict-row');
  await wait(row).toHaveCount(1);
  await expect(row).toContainText('cat · 박스 100, 150 · 200 × 150');
  await expect(row).toContainText('cat · 박스 400, 300 · 200 × 150');
  // Nothing was applied while the conflict waits.
  expect(geometry(await serverBoxes(page, project, imageId))).toEqual([{ x: 400, y: 300, width: 200, height: 150 }]);

  await row.getByRole('button', { name: '내 것 유지' }).click();
  await wait(indicator(page)).toHaveAttribute('data-state', 'saved');
  const saved = await serverBoxes(page, project, imageId);
  expect(geometry(saved)).toEqual([{ x: 100, y: 150, width: 200, height: 150 }]);
  expect(saved[0]!.version).toBe(3);
  await expect
    .poll(async () => geometry(await engineBoxes(page)))
    .toEqual([{ x: 100, y: 150, width: 200, height: 150 }]);
});

test('edits made offline in a tab that was closed reach the server when the studio opens again, on another image', async ({
  page,
  context,
}) => {
  const project = await studioProject(page, {
    labels: [{ name: 'cat', color: '#00ffff' }],
    images: [
      { name: 'later.png', png: await flatPng(640, 480, [70, 70, 70]) },
      { name: 'first.png', png: await flatPng(800, 600, [90, 90, 90]) },
    ],
  });
  const first = project.ids.get('first.png')!;
  const later = project.ids.get('later.png')!;
  await openStudio(page, project.projectId, first);
  await wait(indicator(page)).toHaveAttribute('data-state', 'saved');
  await context.setOffline(true);
  await dragImage(page, { x: 100, y: 100 }, { x: 250, y: 200 });
  await dragImage(page, { x: 400, y: 300 }, { x: 550, y: 420 });
  await wait(indicator(page)).toHaveAttribute('data-unsynced', '2');
  // The tab goes away as in a crash: only what the journal wrote counts (it writes within 350 ms).
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            new Promise<number>((resolve, reject) => {
              const open = indexedDB.open('studio-journal');
              open.onerror = () => reject(open.error);
              open.onsuccess = () => {
                const count = open.result.transaction('records').objectStore('records').count();
                count.onsuccess = () => {
                  open.result.close();
                  resolve(count.result);
                };
              };
            }),
        ),
      { timeout: 30_000 },
    )
    .toBe(2);
  await page.close();
  expect(await serverBoxes(context, project, first)).toEqual([]);

  await context.setOffline(false);
  const again = await context.newPage();
  await openStudio(again, project.projectId, later);
  await expect
    .poll(async () => geometry(await serverBoxes(again, project, first)), { timeout: 45_000 })
    .toEqual([
      { x: 100, y: 100, width: 150, height: 100 },
      { x: 400, y: 300, width: 150, height: 120 },
    ]);
  await wait(indicator(again)).toHaveAttribute('data-state', 'saved');
});

test('conflicts with a deletion and a move: keep mine brings the deleted box back, keep theirs shows theirs', async ({
  page,
}) => {
  const { project, imageId } = await oneImageProject(page);
  const [cat] = project.labelIds as [string];
  await putAnnotations(page.request, project, imageId, [
    { labelId: cat, kind: 'box', x: 100, y: 100, width: 200, height: 150 },
    { labelId: cat, kind: 'box', x: 450, y: 300, width: 200, height: 150 },
  ]);
  await openStudio(page, project.projectId, imageId);
  await wait(indicator(page)).toHaveAttribute('data-state', 'saved');
  const [a, b] = await serverBoxes(page, project, imageId);
  // Meanwhile, through the API: A deleted, B moved up.
  const theirs = await page.request.post(`/api/projects/${project.projectId}/images/${imageId}/annotations/ops`, {
    headers: await project.owner.auth(),
    data: {
      ops: [
        { opId: `api-del-${Date.now()}`, type: 'delete', id: a!.id, baseVersion: 1 },
        {
          opId: `api-put-${Date.now()}`,
          type: 'put',
          baseVersion: 1,
          annotation: { id: b!.id, labelId: cat, kind: 'box', x: 450, y: 100, width: 200, height: 150 },
        },
      ],
    },
  });
  expect(theirs.ok()).toBe(true);

  // Both moved down by 50 in one drag of the selection.
  await page.keyboard.press('KeyV');
  await page.keyboard.press('Control+KeyA');
  await expect.poll(() => selectionSize(page)).toBe(2);
  await dragImage(page, { x: 200, y: 175 }, { x: 200, y: 225 });
  await wait(indicator(page)).toHaveAttribute('data-state', 'conflict');
  await indicator(page).getByRole('button').click();
  const rowA = page.locator(`[data-testid="conflict-row"][data-id="${a!.id}"]`);
  const rowB = page.locator(`[data-testid="conflict-row"][data-id="${b!.id}"]`);
  await wait(page.getByTestId('conflict-row')).toHaveCount(2);
  await expect(rowA).toContainText('cat · 박스 100, 150 · 200 × 150');
  await expect(rowA).toContainText('삭제됨');
  await expect(rowB).toContainText('cat · 박스 450, 350 · 200 × 150');
  await expect(rowB).toContainText('cat · 박스 450, 100 · 200 × 150');

  await rowA.getByRole('button', { name: '내 것 유지' }).click();
  await rowB.getByRole('button', { name: '저장된 것 유지' }).click();
  await wait(indicator(page)).toHaveAttribute('data-state', 'saved');
  const expected = [
    { x: 450, y: 100, width: 200, height: 150 },
    { x: 100, y: 150, width: 200, height: 150 },
  ];
  const saved = await serverBoxes(page, project, imageId);
  expect(geometry(saved)).toEqual(expected);
  expect(saved.map((s) => s.id)).toEqual([b!.id, a!.id]);
  await expect.poll(async () => geometry(await engineBoxes(page))).toEqual(expected);
});

test('an operation whose answers are lost is sent again with the same id after a reload, and applied once', async ({
  page,
}) => {
  const { project, imageId } = await oneImageProject(page);
  await openStudio(page, project.projectId, imageId);
  await wait(indicator(page)).toHaveAttribute('data-state', 'saved');
  page.on('dialog', (dialog) => void dialog.accept());

  const before: Request[] = [];
  const after: Request[] = [];
  let reloaded = false;
  let committed = 0;
  await page.route(OPS, async (route) => {
    // Decided when the request leaves: a retry still in flight when the reload starts is lost too.
    const beforeReload = !reloaded;
    (beforeReload ? before : after).push(route.request());
    const response = await route.fetch();
    if (beforeReload && response.status() === 200) {
      // Committed on the server, never answered to this page.
      committed += 1;
      await route.abort('connectionreset');
      return;
    }
    await route.fulfill({ response });
  });

  await dragImage(page, { x: 100, y: 100 }, { x: 250, y: 200 });
  await expect.poll(() => committed, { timeout: 30_000 }).toBeGreaterThan(0);
  await expect(indicator(page)).toHaveAttribute('data-unsynced', '1');
  reloaded = true;
  await openStudio(page, project.projectId, imageId);
  await wait(indicator(page)).toHaveAttribute('data-state', 'saved');
  expect(after.length).toBeGreaterThan(0);
  // The operation frozen before the reload went out again unchanged: the server replayed its answer.
  const frozen = opIds(before[0]!);
  for (const request of [...before, ...after]) expect(opIds(request)).toEqual(frozen);
  const saved = await serverBoxes(page, project, imageId);
  expect(geometry(saved)).toEqual([{ x: 100, y: 100, width: 150, height: 100 }]);
  expect(saved[0]!.version).toBe(1);
  await expect
    .poll(async () => geometry(await engineBoxes(page)))
    .toEqual([{ x: 100, y: 100, width: 150, height: 100 }]);
});
