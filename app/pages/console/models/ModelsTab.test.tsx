import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import { paths } from '../../../../contract/routes';
import type { ModelCheckResult } from '../../../../workers/modelCheck/modelFit';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { signedInConsoleTests } from '../../../test/signedInConsoleTests';
import { json, stubFetch, type StubCall } from '../../../test/stubFetch';
import { stubXhr } from '../../../test/stubXhr';
import ProjectPage from '../projects/ProjectPage';
import { labelsFixture, me, projectFixture } from '../projects/projectsTestData';
import { modelFixture, trainingFixture } from '../training/trainingTestData';
import { dispositionFileName } from './modelsApi';

/** What the (mocked) model-check worker answers, and what it was asked. */
const worker = vi.hoisted(() => ({
  answer: null as ModelCheckResult | null,
  asked: [] as { labelNames: readonly string[]; task: string | null }[],
}));
vi.mock('../../../../workers/clients', () => ({
  modelCheckWorker: () => ({
    remote: {
      check: async (_file: Blob, target: { labelNames: readonly string[]; task: string | null }) => {
        worker.asked.push(target);
        // No answer set: the worker failed to run the check.
        if (!worker.answer) throw new Error('no backend');
        return worker.answer;
      },
    },
    terminate: () => undefined,
  }),
}));

signedInConsoleTests();
afterEach(() => {
  worker.answer = null;
  worker.asked = [];
  vi.restoreAllMocks();
});

const page = (
  <Route path={paths.consoleProject}>
    <ProjectPage />
  </Route>
);

function stub(over: Record<string, (call: StubCall) => Response> = {}, role: 'admin' | 'member' = 'admin') {
  return stubFetch({
    'GET auth/user': () => json(200, me),
    'GET projects/p1': () => json(200, projectFixture({ role })),
    'GET projects/p1/labels': () => json(200, labelsFixture),
    'GET projects/p1/trainings': () => json(200, { items: [trainingFixture({ number: 4 })] }),
    'GET projects/p1/models': () =>
      json(200, {
        items: [
          modelFixture({ assist: true }),
          modelFixture({
            id: 'm2',
            tag: null,
            task: 'classification',
            network: 'classifier-compact',
            metrics: { accuracy: 0.95 },
            trainingId: null,
            source: 'uploaded',
          }),
        ],
      }),
    ...over,
  });
}

const zipFile = () => new File([new Uint8Array([80, 75, 3, 4, 1, 2, 3])], 'model.zip', { type: 'application/zip' });

async function openUpload() {
  fireEvent.click(await screen.findByTestId('model-upload-open'));
  const dialog = await screen.findByTestId('model-upload');
  fireEvent.change(within(dialog).getByTestId('model-upload-file'), { target: { files: [zipFile()] } });
  return dialog;
}

describe('models tab', () => {
  it('lists each model with its task, network, metrics, source and the assist mark', async () => {
    stub();
    renderWithProviders(page, { path: '/console/projects/p1/models', locale: 'en' });
    const rows = await screen.findAllByTestId('model-row');
    expect(rows).toHaveLength(2);
    const first = rows[0]!;
    expect(within(first).getByTestId('model-tag').textContent).toBe('v1');
    expect(within(first).getByTestId('model-assist').textContent).toBe('Assist AI');
    expect(within(first).getByTestId('model-metrics').textContent).toBe('mAP@0.5 71.0%mAP@[.5:.95] 42.0%');
    expect(first.textContent).toContain('Object detection');
    expect(first.textContent).toContain('Compact detector');
    expect(first.textContent).toContain('256 px');
    expect(first.textContent).toContain('3.05 MB');
    const source = within(first).getByTestId('model-source');
    expect(source.textContent).toContain('Training #4');
    expect(source.querySelector('a')!.getAttribute('href')).toBe('/console/projects/p1/trainings/t1');
    const second = rows[1]!;
    expect(within(second).getByTestId('model-tag').textContent).toBe('(no tag)');
    expect(within(second).getByTestId('model-metrics').textContent).toBe('Accuracy 95.0%');
    expect(within(second).getByTestId('model-source').textContent).toBe('Uploaded');
    // An admin posts a model to the market from its row: the post form opens with the project and model chosen.
    expect(within(second).getByTestId('model-post').getAttribute('href')).toBe(
      '/console/market/new?project=p1&model=m2',
    );
  });

  it('downloads the zip under the name the server gives', async () => {
    const calls = stub({
      'GET projects/p1/models/m1/download': () =>
        new Response(new Uint8Array([80, 75]), {
          status: 200,
          headers: {
            'Content-Type': 'application/zip',
            'Content-Disposition': `attachment; filename="model.zip"; filename*=UTF-8''%EB%B6%88%EB%9F%89_v1.zip`,
          },
        }),
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }));
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderWithProviders(page, { path: '/console/projects/p1/models' });
    fireEvent.click((await screen.findAllByTestId('model-download'))[0]!);
    await waitFor(() => expect(saved).toEqual(['불량_v1.zip']));
    const call = calls.find((c) => c.path === 'projects/p1/models/m1/download')!;
    expect(new Headers(call.headers as HeadersInit).get('Authorization')).toBe('Bearer A1');
  });

  it('renames a tag (at most 20 characters), switches the assist model, and deletes after a confirmation', async () => {
    const calls = stub({
      'PUT projects/p1/models/m2': (call) =>
        json(200, modelFixture({ id: 'm2', tag: (call.body as { tag: string }).tag })),
      'PUT projects/p1/assist-model': () => json(200, { model: null }),
      'DELETE projects/p1/models/m2': () => new Response(null, { status: 204 }),
    });
    renderWithProviders(page, { path: '/console/projects/p1/models' });
    const rows = await screen.findAllByTestId('model-row');
    fireEvent.click(within(rows[1]!).getByTestId('model-rename'));
    const dialog = await screen.findByTestId('model-tag-dialog');
    const input = within(dialog).getByRole('textbox');
    fireEvent.change(input, { target: { value: 'x'.repeat(21) } });
    expect(within(dialog).getByTestId('model-tag-error').textContent).toBe('20자 초과되었습니다.');
    fireEvent.change(input, { target: { value: ' 야간 ' } });
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.path === 'projects/p1/models/m2')).toBe(true));
    expect(calls.find((c) => c.path === 'projects/p1/models/m2')!.body).toEqual({ tag: '야간' });

    fireEvent.click(within(rows[1]!).getByTestId('model-assist-toggle'));
    await waitFor(() => expect(calls.some((c) => c.path === 'projects/p1/assist-model')).toBe(true));
    expect(calls.find((c) => c.path === 'projects/p1/assist-model')!.body).toEqual({ modelId: 'm2' });

    fireEvent.click(within(rows[1]!).getByTestId('model-delete'));
    expect((await screen.findByTestId('model-delete-confirm')).textContent).toContain('(태그 없음)');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: '삭제' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.path === 'projects/p1/models/m2')).toBe(true),
    );
  });

  it('leaves deleting and posting to the market to admins', async () => {
    stub({}, 'member');
    renderWithProviders(page, { path: '/console/projects/p1/models' });
    await screen.findAllByTestId('model-row');
    expect(screen.queryByTestId('model-delete')).toBeNull();
    expect(screen.queryByTestId('model-post')).toBeNull();
  });

  it('refuses a zip the worker check refuses, with the explanation and the code', async () => {
    worker.answer = { ok: false, code: 'model_labels_unknown', detail: 'bird, fish' };
    const calls = stub();
    const sent = stubXhr({ status: 201, body: modelFixture() });
    renderWithProviders(page, { path: '/console/projects/p1/models', locale: 'en' });
    const dialog = await openUpload();
    const error = await within(dialog).findByTestId('model-upload-error');
    expect(error.textContent).toContain('Failed to upload model.');
    expect(error.textContent).toContain('The manifest names labels this project does not have: bird, fish');
    expect(within(dialog).getByTestId('model-upload-code').textContent).toBe('Error code: model_labels_unknown');
    expect(worker.asked).toEqual([{ task: 'detection', labelNames: ['cat', 'dog'] }]);
    expect(sent).toHaveLength(0);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('uploads a checked zip with its tag and progress; a server refusal shows its model code', async () => {
    worker.answer = {
      ok: true,
      task: 'detection',
      network: 'detector-compact',
      inputSize: 256,
      labels: ['cat'],
      tag: 'from-zip',
    };
    stub();
    const sent = stubXhr({
      status: 400,
      body: { error: { code: 'model_invalid', message: 'x', modelError: 'model_weights_invalid' } },
    });
    renderWithProviders(page, { path: '/console/projects/p1/models' });
    const dialog = await openUpload();
    expect((await within(dialog).findByTestId('model-upload-summary')).textContent).toBe(
      '객체 검출 모델, 라벨 1개, 입력 256 px.',
    );
    const tag = within(dialog).getByRole('textbox');
    expect((tag as HTMLInputElement).value).toBe('from-zip');
    fireEvent.change(tag, { target: { value: '야간 v2' } });
    fireEvent.click(screen.getByRole('button', { name: '업로드' }));
    const error = await within(dialog).findByTestId('model-upload-error');
    expect(error.textContent).toContain('모델 업로드에 실패했습니다.');
    expect(error.textContent).toContain('가중치가 model.json과 맞지 않거나');
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.url).toBe('/api/projects/p1/models?tag=%EC%95%BC%EA%B0%84%20v2');
    expect(sent[0]!.headers['Content-Type']).toBe('application/zip');
  });

  it('a successful upload closes the dialog with Upload is complete.', async () => {
    worker.answer = {
      ok: true,
      task: 'detection',
      network: 'detector-compact',
      inputSize: 256,
      labels: ['cat'],
      tag: null,
    };
    stub();
    stubXhr({ status: 201, body: modelFixture({ id: 'm9' }) });
    renderWithProviders(page, { path: '/console/projects/p1/models', locale: 'en' });
    const dialog = await openUpload();
    await within(dialog).findByTestId('model-upload-summary');
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Upload is complete.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('model-upload')).toBeNull());
  });
});

describe('model upload when the browser check cannot run', () => {
  it('still sends the zip, without a summary, and shows the server refusal', async () => {
    worker.answer = null;
    stub();
    const sent = stubXhr({
      status: 400,
      body: { error: { code: 'model_invalid', message: 'x', modelError: 'model_output_mismatch' } },
    });
    renderWithProviders(page, { path: '/console/projects/p1/models', locale: 'en' });
    const dialog = await openUpload();
    const send = await screen.findByRole('button', { name: 'Upload' });
    await waitFor(() => expect((send as HTMLButtonElement).disabled).toBe(false));
    expect(within(dialog).queryByTestId('model-upload-summary')).toBeNull();
    fireEvent.click(send);
    expect((await within(dialog).findByTestId('model-upload-code')).textContent).toBe(
      'Error code: model_output_mismatch',
    );
    expect(within(dialog).getByTestId('model-upload-error').textContent).toContain(
      "The network's output does not fit the manifest's task and labels.",
    );
    expect(sent).toHaveLength(1);
  });
});

describe('dispositionFileName', () => {
  it('prefers the UTF-8 name, then the plain one', () => {
    expect(dispositionFileName(`attachment; filename="a.zip"; filename*=UTF-8''%ED%95%9C.zip`)).toBe('한.zip');
    expect(dispositionFileName('attachment; filename="plain model.zip"')).toBe('plain model.zip');
    expect(dispositionFileName('attachment; filename=bare.zip')).toBe('bare.zip');
    expect(dispositionFileName(null)).toBeNull();
  });
});
