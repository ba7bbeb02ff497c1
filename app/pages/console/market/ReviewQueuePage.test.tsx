import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { paths } from '../../../../contract/routes';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { signedInConsoleTests } from '../../../test/signedInConsoleTests';
import { json, stubFetch } from '../../../test/stubFetch';
import MarketConsolePage from './MarketConsolePage';
import { resourceFixture } from '../../../test/resourceFixture';
import { modelResourceFixture, sessionAnswers } from './marketTestData';

signedInConsoleTests();

const page = (
  <Route path={paths.consoleMarketReview}>
    <MarketConsolePage />
  </Route>
);

const waiting = [
  resourceFixture({
    id: 'r1',
    approval: 'pending',
    mine: false,
    seller: { id: 'u2', name: 'Lee' },
    samples: [
      {
        index: 0,
        width: 640,
        height: 480,
        annotations: [
          { label: 'bolt', color: '#ff0000', box: { x: 10, y: 20, width: 100, height: 50 } },
          { label: 'bolt', color: '#ff0000', box: { x: 200, y: 220, width: 80, height: 40 } },
        ],
      },
    ],
  }),
  modelResourceFixture({ id: 'r2', approval: 'pending', mine: false }),
];

function stub(admin: boolean) {
  return stubFetch({
    ...sessionAnswers(admin),
    'GET admin/resources': () => json(200, { items: waiting }),
    'POST admin/resources/r1/review': (call) =>
      json(200, {
        ...waiting[0],
        approval: (call.body as { decision: string }).decision === 'approve' ? 'approved' : 'rejected',
      }),
    'POST admin/resources/r2/review': () => json(200, { ...waiting[1], approval: 'rejected' }),
  });
}

describe('Review queue', () => {
  it('tells anyone but a platform admin they have no permission, asking nothing', async () => {
    const calls = stub(false);
    renderWithProviders(page, { locale: 'en', path: '/console/admin/resources' });
    expect((await screen.findByTestId('review-forbidden')).textContent).toContain('Only platform administrators');
    expect(calls.some((c) => c.path === 'admin/resources')).toBe(false);
  });

  it('shows each waiting resource with its samples drawn with boxes and its metrics, and approves one', async () => {
    const calls = stub(true);
    renderWithProviders(page, { locale: 'en', path: '/console/admin/resources' });
    const items = await screen.findAllByTestId('review-item');
    expect(items).toHaveLength(2);
    const sample = within(items[0]!).getByTestId('sample-image');
    expect(within(sample).getAllByTestId('sample-box')).toHaveLength(2);
    expect(within(sample).getAllByTestId('sample-box')[0]!.querySelector('rect')!.getAttribute('x')).toBe('10');
    expect(sample.querySelector('svg')!.getAttribute('viewBox')).toBe('0 0 640 480');
    expect(within(items[1]!).getByTestId('resource-metric-map50').textContent).toBe('81.3%');
    fireEvent.click(within(items[0]!).getByTestId('review-approve'));
    expect(await screen.findByText('Bolts is approved.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ decision: 'approve' });
  });

  it('rejects only with a reason of at most 200 characters', async () => {
    const calls = stub(true);
    renderWithProviders(page, { locale: 'ko', path: '/console/admin/resources' });
    const items = await screen.findAllByTestId('review-item');
    fireEvent.click(within(items[1]!).getByTestId('review-reject'));
    const reason = await screen.findByTestId('review-reason');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '반려' }));
    expect((await screen.findByTestId('review-reason-error')).textContent).toBe('값을 입력해주세요.');
    fireEvent.change(reason, { target: { value: 'x'.repeat(201) } });
    expect(screen.getByTestId('review-reason-error').textContent).toBe('200자 초과되었습니다.');
    fireEvent.change(reason, { target: { value: ' 표지 이미지가 흐립니다. ' } });
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '반려' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        decision: 'reject',
        reason: '표지 이미지가 흐립니다.',
      }),
    );
  });
});
