import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { hashBlob } from '../../../../workers/hash/hashBlob';
import { queryClient } from '../../../api/queryClient';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { signedInConsoleTests } from '../../../test/signedInConsoleTests';
import { json, stubFetch, type StubHandler } from '../../../test/stubFetch';
import { stubXhr } from '../../../test/stubXhr';
import { imageFixture, labelsFixture, projectFixture } from '../projects/projectsTestData';
import { UploadPanel } from './UploadPanel';

// The worker's hash, made on this thread: the same function, without the thread.
vi.mock('./hashFileOffThread', () => ({ hashFileOffThread: (file: Blob) => hashBlob(file) }));

signedInConsoleTests(8000);

const bytesOf = (text: string) => new TextEncoder().encode(text);
const sha = (text: string) => createHash('sha256').update(bytesOf(text)).digest('hex');
const png = (name: string, content: string) => new File([bytesOf(content)], name, { type: 'image/png' });

/** A server holding the bytes 'OLD' as 'old.png'; PUTs make images img1, img2, … in upload order. */
function render(states: StubHandler, locale: 'ko' | 'en' = 'en') {
  const calls = stubFetch({
    'GET projects/p1/labels': () => json(200, labelsFixture),
    'POST projects/p1/uploads/duplicates': (c) =>
      json(200, {
        matches: (c.body as { hashes: string[] }).hashes
          .filter((h) => h === sha('OLD'))
          .map((hash) => ({
            hash,
            imageId: 'old1',
            fileName: 'old.png',
            folder: 'set1',
            thumbnailUrl: null,
            count: 1,
          })),
      }),
    'POST projects/p1/uploads': (c) =>
      json(201, { uploadId: `up-${(c.body as { fileName: string }).fileName}`, labelId: null, unknownLabel: null }),
    'POST projects/p1/uploads/states': states,
  });
  let images = 0;
  const sent = stubXhr(() => {
    images += 1;
    return { status: 202, body: imageFixture({ id: `img${images}`, state: 'processing' }) };
  });
  renderWithProviders(
    <QueryClientProvider client={queryClient}>
      <UploadPanel project={projectFixture()} />
    </QueryClientProvider>,
    { locale },
  );
  return { calls, sent };
}

async function pick(...files: File[]) {
  const input = await screen.findByTestId('upload-files');
  await waitFor(() => expect((input as HTMLInputElement).disabled).toBe(false));
  fireEvent.change(input, { target: { files } });
}

const rowOf = (name: string) => screen.getAllByTestId('upload-row').find((r) => r.textContent?.includes(name))!;

describe('UploadPanel', () => {
  it('asks before sending a file the project already has, and follows the rest to ready', async () => {
    let looks = 0;
    const { calls, sent } = render((c) => {
      looks += 1;
      const ids = (c.body as { imageIds: string[] }).imageIds;
      return json(200, { images: ids.map((id) => ({ id, state: looks > 1 ? 'ready' : 'processing', error: null })) });
    });
    await pick(png('new.png', 'NEW'), png('again.png', 'OLD'));

    const dialog = await screen.findByTestId('duplicate-dialog');
    expect(within(dialog).getByTestId('duplicate-file').textContent).toBe('again.png');
    expect(within(dialog).getByTestId('duplicate-existing').textContent).toBe(
      "Same content as the image 'set1/old.png'.",
    );
    // One file waits for the answer; nothing of it has been sent.
    expect(rowOf('again.png').dataset.state).toBe('duplicate');
    fireEvent.click(within(dialog).getByTestId('duplicate-skip'));
    await waitFor(() => expect(screen.queryByTestId('duplicate-dialog')).toBeNull());
    expect(rowOf('again.png').dataset.state).toBe('skipped');

    await waitFor(() => expect(rowOf('new.png').dataset.state).toBe('ready'));
    expect(within(rowOf('new.png')).getByTestId('upload-row-state').textContent).toBe('Ready');
    expect(screen.getByTestId('upload-complete').textContent).toBe('Upload is complete.');
    expect(screen.getByTestId('upload-skipped').textContent).toBe('1 file already in the project was skipped.');
    expect(sent.map((s) => s.url)).toEqual([expect.stringMatching(/uploads\/up-new\.png$/)]);
    const statesAsked = calls.filter((c) => c.path === 'projects/p1/uploads/states').map((c) => c.body);
    expect(statesAsked[0]).toEqual({ imageIds: ['img1'] });

    fireEvent.click(screen.getByTestId('upload-clear'));
    expect(screen.queryByTestId('upload-row')).toBeNull();
  });

  it('keeps a duplicate when asked to, and shows why an image failed, with retry and dismiss', async () => {
    const { calls, sent } = render(
      (c) =>
        json(200, {
          images: (c.body as { imageIds: string[] }).imageIds.map((id) => ({
            id,
            state: 'failed',
            error: 'image_invalid',
          })),
        }),
      'ko',
    );
    await pick(png('again.png', 'OLD'));
    const dialog = await screen.findByTestId('duplicate-dialog');
    expect(within(dialog).getByTestId('duplicate-existing').textContent).toBe(
      "'set1/old.png' 이미지와 내용이 같습니다.",
    );
    fireEvent.click(within(dialog).getByTestId('duplicate-keep'));
    await waitFor(() => expect(rowOf('again.png').dataset.state).toBe('failed'));
    const row = rowOf('again.png');
    expect(within(row).getByTestId('upload-error').textContent).toBe('이미지 파일에 오류가 있는 것 같습니다.');
    expect(sent).toHaveLength(1);
    // A retry removes the failed image and sends the file again (the check is not asked again).
    fireEvent.click(within(row).getByText('다시 시도'));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['projects/p1/uploads/up-again.png']);
    expect(calls.filter((c) => c.path === 'projects/p1/uploads/duplicates')).toHaveLength(1);
    await waitFor(() => expect(rowOf('again.png').dataset.state).toBe('failed'));
    fireEvent.click(within(rowOf('again.png')).getByText('목록에서 빼기'));
    expect(screen.queryByTestId('upload-row')).toBeNull();
  });
});
