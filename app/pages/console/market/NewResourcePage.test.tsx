import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { paths } from '../../../../contract/routes';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { signedInConsoleTests } from '../../../test/signedInConsoleTests';
import { apiError, json, stubFetch, type StubCall } from '../../../test/stubFetch';
import { ConsoleScope } from '../ConsoleScope';
import { resourceFixture } from '../../../test/resourceFixture';
import { sessionAnswers, sourcesFixture } from './marketTestData';
import NewResourcePage from './NewResourcePage';

signedInConsoleTests();

const page = (
  <ConsoleScope>
    <Route path={paths.consoleMarketNew}>
      <NewResourcePage />
    </Route>
    <Route path={paths.consoleMarketItem}>
      {(params: { resourceId: string }) => <div data-testid="at-item">{params.resourceId}</div>}
    </Route>
  </ConsoleScope>
);

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);

function stub(over: Record<string, (call: StubCall) => Response> = {}) {
  return stubFetch({
    ...sessionAnswers(),
    'GET resources/sources': () => json(200, sourcesFixture()),
    ...over,
  });
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

async function fillDataset() {
  const project = (await screen.findByTestId('resource-project')) as HTMLSelectElement;
  fireEvent.change(project, { target: { value: 'p1' } });
  type('resource-name', 'Bolts 2026');
  type('resource-description', 'Bolts on a belt, lit from above.');
  type('resource-price', '15000');
  await userEvent.click(screen.getByTestId('resource-field-manufacture'));
}

describe('NewResourcePage', () => {
  it('explains that only projects where the user is admin can be posted, with a way to the projects', async () => {
    stub({ 'GET resources/sources': () => json(200, { projects: [] }) });
    renderWithProviders(page, { locale: 'en', path: '/console/market/new' });
    const empty = await screen.findByTestId('resource-no-projects');
    expect(empty.textContent).toContain('You are not admin of any project.');
    expect(within(empty).getByRole('link', { name: 'Go to projects' }).getAttribute('href')).toBe('/console');
  });

  it('shows the name rules as the seller types, and every rule on submit without sending', async () => {
    const calls = stub();
    renderWithProviders(page, { locale: 'en', path: '/console/market/new' });
    await screen.findByTestId('resource-form');
    type('resource-name', ' Bolts');
    expect(screen.getByTestId('resource-name-error').textContent).toBe('Cannot start with blanks.');
    type('resource-name', 'Bolts!');
    expect(screen.getByTestId('resource-name-error').textContent).toBe('It cannot be done with special characters.');
    type('resource-name', 'B'.repeat(21));
    expect(screen.getByTestId('resource-name-error').textContent).toBe('Exceeded 20 characters.');
    type('resource-name', '볼트 Bolts 20');
    expect(screen.queryByTestId('resource-name-error')).toBeNull();
    type('resource-description', 'x'.repeat(101));
    expect(screen.getByTestId('resource-description-error').textContent).toBe('Exceeded 100 characters.');
    type('resource-price', '12.5');
    expect(screen.getByTestId('resource-price-error').textContent).toBe('Please enter a valid number.');
    type('resource-price', '0');
    expect(screen.getByTestId('resource-price-shown').textContent).toBe('Free');
    type('resource-price', '1,500');
    expect(screen.getByTestId('resource-price-shown').textContent).toBe('₩1,500');

    fireEvent.click(screen.getByTestId('resource-submit'));
    expect(screen.getByTestId('resource-fields-error').textContent).toBe('Choose at least one field of use.');
    expect(screen.getAllByText('Please enter a value.').length).toBeGreaterThan(0);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('offers a model choice with posted models disabled and the format fixed to TF.js; a posted dataset is flagged', async () => {
    stub();
    renderWithProviders(page, { locale: 'en', path: '/console/market/new?project=p1&model=m2' });
    const model = (await screen.findByTestId('resource-model')) as HTMLSelectElement;
    expect(model.value).toBe('m2');
    const posted = [...model.options].find((o) => o.value === 'm1')!;
    expect(posted.disabled).toBe(true);
    expect(posted.textContent).toContain('(already posted)');
    expect(screen.getByTestId('resource-format-fixed').textContent).toContain('TF.js');
    expect(screen.queryByTestId('resource-format')).toBeNull();

    fireEvent.change(screen.getByTestId('resource-kind'), { target: { value: 'dataset' } });
    expect((screen.getByTestId('resource-format') as HTMLSelectElement).value).toBe('voc');
    fireEvent.change(screen.getByTestId('resource-project'), { target: { value: 'p2' } });
    expect(screen.getByTestId('resource-dataset-facts').textContent).toContain('already on the market');
  });

  it('refuses a cover that is not an image before anything is sent, keeping the good ones', async () => {
    stub();
    renderWithProviders(page, { locale: 'en', path: '/console/market/new' });
    await screen.findByTestId('resource-form');
    fireEvent.change(screen.getByTestId('cover-input'), {
      target: {
        files: [
          new File([PNG], 'front.png', { type: 'image/png' }),
          new File(['hello'], 'notes.png', { type: 'image/png' }),
        ],
      },
    });
    const refused = await screen.findByTestId('cover-refused');
    expect(refused.textContent).toContain('Cover images must be png, jpeg, bmp or jpg, each under 10 MB, at most 5.');
    expect(refused.textContent).toContain('notes.png');
    expect(screen.getAllByTestId('cover-item')).toHaveLength(1);
  });

  it('posts data and covers as one multipart request, says so, and opens the new resource', async () => {
    const calls = stub({ 'POST resources': () => json(201, resourceFixture({ id: 'r7', approval: 'checking' })) });
    renderWithProviders(page, { locale: 'en', path: '/console/market/new' });
    await fillDataset();
    fireEvent.change(screen.getByTestId('cover-input'), {
      target: { files: [new File([PNG], 'a.png'), new File([PNG], 'b.png')] },
    });
    await waitFor(() => expect(screen.getAllByTestId('cover-item')).toHaveLength(2));
    // The second becomes the main cover.
    fireEvent.click(screen.getByRole('button', { name: 'Move cover 2 earlier' }));
    await userEvent.click(screen.getByTestId('resource-public'));
    fireEvent.click(screen.getByTestId('resource-submit'));
    expect((await screen.findByTestId('at-item')).textContent).toBe('r7');
    expect(await screen.findByText('Post complete.')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST')!;
    const form = post.body as FormData;
    expect(JSON.parse(form.get('data') as string)).toEqual({
      projectId: 'p1',
      kind: 'dataset',
      name: 'Bolts 2026',
      description: 'Bolts on a belt, lit from above.',
      price: 15000,
      format: 'voc',
      fields: ['manufacture'],
      visibility: 'private',
    });
    expect((form.getAll('covers') as File[]).map((f) => f.name)).toEqual(['b.png', 'a.png']);
  });

  it('shows the server refusal with its reason in Korean and keeps everything typed', async () => {
    stub({ 'POST resources': () => apiError(409, 'resource_already_posted') });
    renderWithProviders(page, { locale: 'ko', path: '/console/market/new' });
    await fillDataset();
    fireEvent.click(screen.getByTestId('resource-submit'));
    const error = await screen.findByTestId('resource-form-error');
    expect(error.textContent).toContain('리소스 생성 중 오류가 발생했습니다.');
    expect(error.textContent).toContain('이미 업로드된 리소스는 다시 게시할 수 없습니다.');
    expect((screen.getByTestId('resource-name') as HTMLInputElement).value).toBe('Bolts 2026');
    expect((screen.getByTestId('resource-price') as HTMLInputElement).value).toBe('15000');
  });
});
