import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DatasetImport } from '../../../../contract/apiImports';
import { FIXTURES, JPEG_BYTES, zipOf } from '../../../../contract/datasetFormat/testZips';
import { blobSource } from '../../../../workers/import/blobSource';
import { previewImport } from '../../../../workers/import/previewImport';
import { queryClient } from '../../../api/queryClient';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { signedInConsoleTests } from '../../../test/signedInConsoleTests';
import { json, stubFetch, type StubHandler } from '../../../test/stubFetch';
import { stubXhr } from '../../../test/stubXhr';
import { labelsFixture, projectFixture } from '../projects/projectsTestData';
import { ImportButton } from './ImportButton';
import { ImportDialog } from './ImportDialog';

signedInConsoleTests();

/** The worker's check, run on this thread: the same reader and planner, without the thread. */
const checkHere = (file: File) => previewImport(blobSource(file));

const vocXml = (file: string, objects: [string, number, number, number, number][]) =>
  `<annotation><filename>${file}</filename><size><width>64</width><height>48</height><depth>3</depth></size>${objects
    .map(
      ([name, xmin, ymin, xmax, ymax]) =>
        `<object><name>${name}</name><bndbox><xmin>${xmin}</xmin><ymin>${ymin}</ymin><xmax>${xmax}</xmax><ymax>${ymax}</ymax></bndbox></object>`,
    )
    .join('')}</annotation>`;

function vocZip(): File {
  const bytes = zipOf({
    'JPEGImages/a.jpg': JPEG_BYTES,
    'JPEGImages/b.jpg': JPEG_BYTES,
    'Annotations/a.xml': vocXml('a.jpg', [
      ['cat', 2, 2, 40, 40],
      ['bird', 10, 5, 60, 45],
    ]),
    'Annotations/b.xml': vocXml('b.jpg', [['cat', 0, 0, 30, 30]]),
    'readme.md': 'hello',
  });
  return new File([new Uint8Array(bytes)], 'voc.zip', { type: 'application/zip' });
}

function importOf(over: Partial<DatasetImport>): DatasetImport {
  return {
    id: 'i1',
    fileName: 'voc.zip',
    bytes: 100,
    state: 'queued',
    progress: 0,
    error: null,
    errorEntry: null,
    report: null,
    createdAt: '2026-11-26T00:00:00Z',
    updatedAt: '2026-11-26T00:00:00Z',
    ...over,
  };
}

function render(handlers: Record<string, StubHandler>, locale: 'ko' | 'en' = 'ko') {
  const calls = stubFetch({ 'GET projects/p1/labels': () => json(200, labelsFixture), ...handlers });
  renderWithProviders(
    <QueryClientProvider client={queryClient}>
      <ImportDialog project={projectFixture()} open onClose={() => undefined} checkZip={checkHere} />
    </QueryClientProvider>,
    { locale },
  );
  return calls;
}

async function pick(file: File) {
  const input = await screen.findByTestId('import-file');
  fireEvent.change(input, { target: { files: [file] } });
}

describe('ImportDialog', () => {
  it('previews a VOC zip, uploads it with progress and shows the report, then refreshes the dataset', async () => {
    let polls = 0;
    const calls = render({
      'POST projects/p1/imports': () => json(201, { importId: 'i1' }),
      'GET projects/p1/imports/i1': () => {
        polls += 1;
        return json(
          200,
          polls === 1
            ? importOf({ state: 'running', progress: 0.5 })
            : importOf({
                state: 'done',
                progress: 1,
                report: {
                  format: 'voc',
                  images: 2,
                  annotations: 3,
                  labelsCreated: ['bird'],
                  skipped: [{ entry: 'readme.md', reason: 'not_image' }],
                },
              }),
        );
      },
    });
    const sent = stubXhr({ status: 202, body: importOf({ state: 'queued' }) });
    await pick(vocZip());

    const preview = await screen.findByTestId('import-preview');
    expect(preview.textContent).toContain('Pascal VOC 형식');
    expect(preview.textContent).toContain('이미지 2개 · 박스 3개');
    // Split against the project's labels (cat, dog) as they are now.
    expect((await screen.findByTestId('import-labels-existing')).textContent).toBe('기존 라벨에 연결: cat');
    expect(screen.getByTestId('import-labels-new').textContent).toBe('새로 만들 라벨:bird팔레트의 다음 색');
    expect(screen.getByTestId('import-splits').textContent).toBe(
      '분할: 학습 0개 · 검증 0개 · 테스트 0개 · 프로젝트 비율로 나눌 이미지 2개',
    );
    expect(screen.queryByTestId('import-tags')).toBeNull();
    expect(screen.getByTestId('import-skip-not_image').textContent).toContain('readme.md');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: '가져오기' }));
    expect(await screen.findByText('가져오는 중 50%')).toBeTruthy();
    const report = await screen.findByTestId('import-report');
    expect(report.textContent).toContain('이미지 2개와 주석 3개를 가져왔습니다.');
    expect(report.textContent).toContain('새로 만든 라벨: bird');
    expect(report.textContent).toContain('이미지도 주석도 아닌 파일 (1)');

    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ fileName: 'voc.zip', bytes: vocZip().size });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toBe('/api/projects/p1/imports/i1');
    expect(sent[0]?.headers.Authorization).toBe('Bearer A1');
    expect((sent[0]?.body as File).name).toBe('voc.zip');
    // The labels are read again once the import is done (the first read was the dialog's own).
    await waitFor(() => expect(calls.filter((c) => c.path === 'projects/p1/labels').length).toBeGreaterThan(1));
  });

  it("previews an export's label colours, splits and tags, and what of them is left out", async () => {
    render({}, 'en');
    const bytes = zipOf({
      'JPEGImages/a.jpg': JPEG_BYTES,
      'JPEGImages/b.jpg': JPEG_BYTES,
      'Annotations/a.xml': vocXml('a.jpg', [['bird', 10, 5, 60, 45]]),
      'Annotations/b.xml': vocXml('b.jpg', [['owl', 0, 0, 30, 30]]),
      'ImageSets/Main/train.txt': 'a\n',
      'labelmap.txt': 'bird:18,52,86::\nowl:no,colour::\n',
      'annotations.json': JSON.stringify({
        images: [
          { id: 1, file_name: 'a.jpg', width: 64, height: 48, tags: ['day', 'toolong7'] },
          { id: 2, file_name: 'b.jpg', width: 64, height: 48, split: 'test', tags: ['day', 'x'] },
        ],
        annotations: [],
        categories: [],
      }),
    });
    await pick(new File([new Uint8Array(bytes)], 'export.zip'));
    await screen.findByTestId('import-preview');
    const created = screen.getAllByTestId('import-label-new');
    expect(created.map((row) => [row.textContent, row.dataset.color])).toEqual([
      ['bird#123456', '#123456'],
      ['owlnext palette colour', ''],
    ]);
    expect(screen.getByTestId('import-splits').textContent).toBe(
      "Splits: 1 train · 0 validation · 1 test · 0 dealt by the project's ratios",
    );
    expect(screen.getByTestId('import-tags').textContent).toBe('Tags on 2 images: day, x');
    expect(screen.getByTestId('import-skip-tag_invalid').textContent).toContain('JPEGImages/a.jpg — toolong7');
    expect(screen.getByTestId('import-skip-label_color_invalid').textContent).toContain('labelmap.txt — owl');
  });

  it('refuses a zip-slip zip in the browser, with the translated reason and the entry, before any upload', async () => {
    const calls = render({});
    const sent = stubXhr({ status: 202, body: importOf({}) });
    await pick(new File([new Uint8Array(FIXTURES.zipSlip())], 'evil.zip'));
    const error = await screen.findByTestId('import-error');
    expect(error.dataset.code).toBe('zip_unsafe_path');
    expect(error.textContent).toContain(
      "안전하지 않은 경로(절대 경로, '..', 드라이브 문자, 역슬래시)가 들어 있어 가져올 수 없습니다.",
    );
    expect(error.textContent).toContain('Annotations/../../etc/passwd');
    expect(screen.getByText('파일을 올리지 않았습니다.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '가져오기' })).toBeNull();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
    expect(sent).toEqual([]);
  });

  it('shows a failed import in English with the entry at fault', async () => {
    render(
      {
        'POST projects/p1/imports': () => json(201, { importId: 'i1' }),
        'GET projects/p1/imports/i1': () =>
          json(200, importOf({ state: 'failed', error: 'annotation_malformed', errorEntry: 'Annotations/b.xml' })),
      },
      'en',
    );
    stubXhr({ status: 202, body: importOf({ state: 'queued' }) });
    await pick(vocZip());
    fireEvent.click(await screen.findByRole('button', { name: 'Import' }));
    const error = await screen.findByTestId('import-error');
    expect(error.textContent).toContain('An annotation file cannot be read or lacks required fields.');
    expect(error.textContent).toContain('Entry at fault: Annotations/b.xml');
    expect(screen.getByText('Nothing was imported.')).toBeTruthy();
  });

  it('names the label of a label_invalid refusal as a label', async () => {
    render({
      'POST projects/p1/imports': () => json(201, { importId: 'i1' }),
      'GET projects/p1/imports/i1': () =>
        json(200, importOf({ state: 'failed', error: 'label_invalid', errorEntry: 'verylonglabel' })),
    });
    stubXhr({ status: 202, body: importOf({ state: 'queued' }) });
    await pick(vocZip());
    fireEvent.click(await screen.findByRole('button', { name: '가져오기' }));
    const error = await screen.findByTestId('import-error');
    expect(error.textContent).toContain('프로젝트에 추가할 수 없는 라벨 이름(1~8자)이거나 색상이 겹칩니다.');
    expect(error.textContent).toContain('문제가 있는 라벨: verylonglabel');
  });

  it('shows the server refusing the upload (not a zip) with its translated text', async () => {
    render({ 'POST projects/p1/imports': () => json(201, { importId: 'i1' }) });
    stubXhr({ status: 415, body: { error: { code: 'import_not_zip', message: 'not a zip' } } });
    await pick(vocZip());
    fireEvent.click(await screen.findByRole('button', { name: '가져오기' }));
    expect((await screen.findByTestId('import-error')).textContent).toBe(
      'zip 파일이 아니거나 파일 목록을 읽을 수 없습니다.',
    );
  });

  it('cancels during the upload', async () => {
    const calls = render({ 'POST projects/p1/imports': () => json(201, { importId: 'i1' }) });
    stubXhr({ status: 202, body: importOf({}) }, true);
    await pick(vocZip());
    fireEvent.click(await screen.findByRole('button', { name: '가져오기' }));
    await screen.findByTestId('import-uploading');
    fireEvent.click(screen.getByTestId('import-cancel'));
    expect((await screen.findByTestId('import-canceled')).textContent).toBe(
      '업로드를 취소했습니다. 아무것도 가져오지 않았습니다.',
    );
    expect(calls.some((c) => c.path === 'projects/p1/imports/i1')).toBe(false);
  });
});

describe('ImportButton', () => {
  it('keeps following an import after its dialog is closed, and shows the report when reopened', async () => {
    let done = false;
    const calls = stubFetch({
      'GET projects/p1/labels': () => json(200, labelsFixture),
      'POST projects/p1/imports': () => json(201, { importId: 'i1' }),
      'GET projects/p1/imports/i1': () =>
        json(
          200,
          done
            ? importOf({
                state: 'done',
                progress: 1,
                report: { format: 'voc', images: 2, annotations: 3, labelsCreated: [], skipped: [] },
              })
            : importOf({ state: 'running', progress: 0.2 }),
        ),
    });
    stubXhr({ status: 202, body: importOf({ state: 'queued' }) });
    renderWithProviders(
      <QueryClientProvider client={queryClient}>
        <ImportButton project={projectFixture()} checkZip={checkHere} />
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByTestId('import-open'));
    await pick(vocZip());
    fireEvent.click(await screen.findByRole('button', { name: '가져오기' }));
    await screen.findByText('가져오는 중 20%');
    fireEvent.click(screen.getAllByRole('button', { name: '닫기' })[0]!);
    await waitFor(() => expect(screen.queryByTestId('import-dialog')).toBeNull());
    done = true;
    const polls = () => calls.filter((c) => c.path === 'projects/p1/imports/i1').length;
    const before = polls();
    await waitFor(() => expect(polls()).toBeGreaterThan(before));
    fireEvent.click(screen.getByTestId('import-open'));
    expect((await screen.findByTestId('import-report')).textContent).toContain('이미지 2개와 주석 3개를 가져왔습니다.');
  });

  it.each([
    ['admin', true],
    ['member', false],
  ] as const)('is offered to a project %s: %s', async (role, shown) => {
    stubFetch({ 'GET projects/p1/labels': () => json(200, labelsFixture) });
    renderWithProviders(
      <QueryClientProvider client={queryClient}>
        <div data-testid="host">
          <ImportButton project={projectFixture({ role })} />
        </div>
      </QueryClientProvider>,
    );
    await screen.findByTestId('host');
    expect(screen.queryByTestId('import-open') !== null).toBe(shown);
  });
});
