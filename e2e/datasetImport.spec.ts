import { execFileSync } from 'node:child_process';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { strToU8, zipSync } from 'fflate';
import sharp from 'sharp';
import { FIXTURES } from '../contract/datasetFormat/testZips';
import { registerVerified, storeSession } from './consoleSession';

/*
 * Dataset import against the real server: a VOC zip made here (real PNGs, XML with boxes of a
 * known and a new label) is checked in the browser's worker, previewed, uploaded and imported by
 * the server's job; the images and the new label appear in the Dataset tab. A zip-slip zip is
 * refused in the browser with the translated reason, and nothing is uploaded.
 */
const PASSWORD = 'maruTest12!';
const wait = expect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

/** A fresh access token (the e2e server's last 8 s). */
async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const pair = (await (await request.post('/api/auth/login', { data: { email, password: PASSWORD } })).json()) as {
    token: string;
  };
  return `Bearer ${pair.token}`;
}

/** Signs up, creates a detection project with the label 'cat' and signs the page in. */
async function signedInProject(page: Page): Promise<{ projectId: string; email: string }> {
  const email = `import-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@e2e.maru.ai`;
  await registerVerified(page.request, email, 'Import Tester', PASSWORD);
  const projectId = await newProject(page.request, email, '가져오기');
  const pair = (await (await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } })).json()) as {
    token: string;
    refreshToken: string;
  };
  await storeSession(page, pair);
  return { projectId, email };
}

/** A detection project with the label 'cat'. */
async function newProject(request: APIRequestContext, email: string, title: string): Promise<string> {
  const headers = { Authorization: await tokenOf(request, email) };
  const created = await request.post('/api/projects', {
    headers,
    data: { title, description: 'import', subtype: 'IMAGE_OBJECT_DETECTION' },
  });
  expect(created.status()).toBe(201);
  const projectId = ((await created.json()) as { id: string }).id;
  expect(
    (
      await request.post(`/api/projects/${projectId}/labels`, { headers, data: { name: 'cat', color: '#ff0000' } })
    ).status(),
  ).toBe(201);
  return projectId;
}

const xml = (file: string, width: number, height: number, boxes: [string, number, number, number, number][]) =>
  `<annotation><filename>${file}</filename><size><width>${width}</width><height>${height}</height><depth>3</depth></size>${boxes
    .map(
      ([name, xmin, ymin, xmax, ymax]) =>
        `<object><name>${name}</name><bndbox><xmin>${xmin}</xmin><ymin>${ymin}</ymin><xmax>${xmax}</xmax><ymax>${ymax}</ymax></bndbox></object>`,
    )
    .join('')}</annotation>`;

/** A small Pascal VOC zip: two PNGs, one box of 'cat' (existing) and one of 'bird' (new). */
async function vocZip(): Promise<Buffer> {
  const png = (shade: number) =>
    sharp({ create: { width: 80, height: 60, channels: 3, background: { r: shade, g: 120, b: 200 } } })
      .png()
      .toBuffer();
  return Buffer.from(
    zipSync({
      'JPEGImages/street.png': [await png(40), { level: 0 }],
      'JPEGImages/park.png': [await png(160), { level: 0 }],
      'Annotations/street.xml': strToU8(xml('street.png', 80, 60, [['cat', 4, 4, 40, 40]])),
      'Annotations/park.xml': strToU8(xml('park.png', 80, 60, [['bird', 10, 10, 60, 50]])),
      'ImageSets/Main/train.txt': strToU8('street\npark\n'),
    }),
  );
}

/** Records the import PUTs the page sends (each is a zip upload). */
function importUploads(page: Page): string[] {
  const uploads: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().includes('/imports/')) uploads.push(request.url());
  });
  return uploads;
}

test('imports a VOC zip from the Dataset tab: preview, upload, report, then the images and the new label', async ({
  page,
}) => {
  const { projectId } = await signedInProject(page);
  await page.goto(`/console/projects/${projectId}`);
  await wait(page.getByTestId('image-total')).toBeVisible();
  const uploads = importUploads(page);

  await page.getByTestId('import-open').click();
  await page
    .getByTestId('import-file')
    .setInputFiles({ name: 'voc.zip', mimeType: 'application/zip', buffer: await vocZip() });
  const preview = page.getByTestId('import-preview');
  await wait(preview).toContainText('Pascal VOC 형식');
  await expect(preview).toContainText('이미지 2개 · 박스 2개');
  await expect(page.getByTestId('import-label-new')).toHaveText(['bird팔레트의 다음 색']);
  await expect(page.getByTestId('import-labels-existing')).toHaveText('기존 라벨에 연결: cat');

  await page.getByRole('button', { name: '가져오기', exact: true }).click();
  const report = page.getByTestId('import-report');
  await wait(report).toContainText('이미지 2개와 주석 2개를 가져왔습니다.');
  await expect(report).toContainText('새로 만든 라벨: bird');
  expect(uploads).toHaveLength(1);

  // Behind the dialog, the Dataset tab shows the imported images and the new label.
  await page.getByRole('button', { name: '닫기' }).first().click();
  await wait(page.getByTestId('image-name')).toHaveCount(2);
  expect((await page.getByTestId('image-name').allInnerTexts()).sort()).toEqual(['park.png', 'street.png']);
  await expect(page.getByTestId('label-name')).toHaveText(['cat', 'bird']);
});

test('refuses a zip-slip zip in the browser with the translated reason, uploading nothing', async ({ page }) => {
  const { projectId } = await signedInProject(page);
  await page.goto(`/en/console/projects/${projectId}`);
  const uploads = importUploads(page);
  await wait(page.getByTestId('import-open')).toBeVisible();
  await page.getByTestId('import-open').click();
  await page
    .getByTestId('import-file')
    .setInputFiles({ name: 'evil.zip', mimeType: 'application/zip', buffer: Buffer.from(FIXTURES.zipSlip()) });
  const error = page.getByTestId('import-dialog').getByTestId('import-error');
  await wait(error).toContainText(
    "The zip holds an unsafe path (absolute, '..', a drive letter or a backslash) and cannot be imported.",
  );
  await expect(error).toContainText('Annotations/../../etc/passwd');
  await expect(page.getByTestId('import-dialog')).toContainText('The file was not uploaded.');
  await expect(page.getByRole('button', { name: 'Import', exact: true })).toHaveCount(0);
  expect(uploads).toEqual([]);
});

interface Box {
  label: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Every image's boxes by file name, with label names, as the API answers them. */
async function boxesByFile(
  request: APIRequestContext,
  email: string,
  projectId: string,
): Promise<Record<string, Box[]>> {
  const headers = { Authorization: await tokenOf(request, email) };
  const labels = (await (await request.get(`/api/projects/${projectId}/labels`, { headers })).json()) as {
    id: string;
    name: string;
  }[];
  const images = (
    (await (await request.get(`/api/projects/${projectId}/images?sort=name`, { headers })).json()) as {
      items: { id: string; fileName: string }[];
    }
  ).items;
  const batch = (await (
    await request.get(`/api/projects/${projectId}/annotations?imageIds=${images.map((i) => i.id).join(',')}`, {
      headers,
    })
  ).json()) as {
    items: {
      imageId: string;
      annotations: { labelId: string; kind: string; x: number; y: number; width: number; height: number }[];
    }[];
  };
  const name = (id: string) => labels.find((l) => l.id === id)?.name ?? '?';
  return Object.fromEntries(
    images.map((image) => [
      image.fileName,
      (batch.items.find((i) => i.imageId === image.id)?.annotations ?? [])
        .filter((a) => a.kind === 'box')
        .map((a) => ({ label: name(a.labelId), x: a.x, y: a.y, width: a.width, height: a.height }))
        .sort((a, b) => a.x - b.x),
    ]),
  );
}

test('round trip: a project exported from the Dataset tab imports into another with the same labels and boxes', async ({
  page,
}, testInfo) => {
  await page.addInitScript(() => {
    Reflect.deleteProperty(window, 'showSaveFilePicker');
  });
  const { projectId: source, email } = await signedInProject(page);
  let headers = { Authorization: await tokenOf(page.request, email) };
  expect(
    (
      await page.request.post(`/api/projects/${source}/labels`, { headers, data: { name: 'dog', color: '#0000ff' } })
    ).status(),
  ).toBe(201);
  const labels = (await (await page.request.get(`/api/projects/${source}/labels`, { headers })).json()) as {
    id: string;
    name: string;
  }[];
  const labelId = (name: string) => labels.find((l) => l.name === name)?.id ?? '';
  const wanted: Record<string, Box[]> = {
    'a.png': [
      { label: 'cat', x: 5, y: 5, width: 30, height: 25 },
      { label: 'dog', x: 40, y: 10, width: 30, height: 40 },
    ],
    'b.png': [{ label: 'dog', x: 0, y: 0, width: 80, height: 60 }],
  };
  const ids = new Map<string, string>();
  for (const [i, fileName] of Object.keys(wanted).entries()) {
    const png = await sharp({
      create: { width: 80, height: 60, channels: 3, background: { r: 90 * i, g: 100, b: 50 } },
    })
      .png()
      .toBuffer();
    const upload = await page.request.post(`/api/projects/${source}/uploads`, {
      headers,
      data: { fileName, bytes: png.length },
    });
    const { uploadId } = (await upload.json()) as { uploadId: string };
    const put = await page.request.put(`/api/projects/${source}/uploads/${uploadId}`, {
      headers: { ...headers, 'Content-Type': 'application/octet-stream' },
      data: png,
    });
    expect(put.ok()).toBe(true);
    ids.set(fileName, ((await put.json()) as { id: string }).id);
  }
  await expect
    .poll(
      async () => {
        headers = { Authorization: await tokenOf(page.request, email) };
        const body = (await (await page.request.get(`/api/projects/${source}/images`, { headers })).json()) as {
          items: { state: string }[];
        };
        return body.items.filter((i) => i.state === 'ready').length;
      },
      { timeout: 60_000 },
    )
    .toBe(2);
  for (const [fileName, boxes] of Object.entries(wanted)) {
    const annotations = boxes.map(({ label, ...box }) => ({ labelId: labelId(label), kind: 'box', ...box }));
    expect(
      (
        await page.request.put(`/api/projects/${source}/images/${ids.get(fileName)}/annotations`, {
          headers,
          data: { annotations },
        })
      ).ok(),
    ).toBe(true);
  }

  await page.goto(`/console/projects/${source}`);
  const download = page.waitForEvent('download', { timeout: 60_000 });
  await wait(page.getByTestId('export-start')).toBeEnabled();
  await page.getByTestId('export-start').click();
  const zip = testInfo.outputPath('export.zip');
  await (await download).saveAs(zip);
  // Independent checks of the archive: Info-ZIP's CRC test, and Chromium's own XML parser (the
  // importer uses fast-xml-parser) reading each VOC file's objects.
  expect(execFileSync('unzip', ['-tq', zip]).toString()).toContain('No errors detected');
  for (const [fileName, boxes] of Object.entries(wanted)) {
    const xml = execFileSync('unzip', ['-p', zip, `Annotations/${fileName.replace(/\.png$/, '.xml')}`]).toString();
    const parsed = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'application/xml');
      if (doc.querySelector('parsererror')) return null;
      return [...doc.querySelectorAll('object')].map((o) => ({
        name: o.querySelector('name')?.textContent,
        box: ['xmin', 'ymin', 'xmax', 'ymax'].map((k) => Number(o.querySelector(`bndbox > ${k}`)?.textContent)),
      }));
    }, xml);
    // Objects come in the order the server keeps annotations, not the order they were written.
    const byPlace = (a: { box: number[] }, b: { box: number[] }) =>
      (a.box[0] ?? 0) - (b.box[0] ?? 0) || (a.box[1] ?? 0) - (b.box[1] ?? 0);
    expect(parsed?.sort(byPlace)).toEqual(
      boxes.map((b) => ({ name: b.label, box: [b.x, b.y, b.x + b.width, b.y + b.height] })).sort(byPlace),
    );
  }

  const target = await newProject(page.request, email, '다시 가져오기');
  await page.goto(`/console/projects/${target}`);
  await wait(page.getByTestId('import-open')).toBeVisible();
  await page.getByTestId('import-open').click();
  await page.getByTestId('import-file').setInputFiles(zip);
  await wait(page.getByTestId('import-preview')).toContainText('이미지 2개 · 박스 3개');
  // The new label comes with its colour from the export's label map.
  await expect(page.getByTestId('import-label-new')).toHaveText(['dog#0000ff']);
  await page.getByRole('button', { name: '가져오기', exact: true }).click();
  await wait(page.getByTestId('import-report')).toContainText('이미지 2개와 주석 3개를 가져왔습니다.');

  expect(await boxesByFile(page.request, email, target)).toEqual(wanted);
  expect(await boxesByFile(page.request, email, source)).toEqual(wanted);
});
