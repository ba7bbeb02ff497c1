import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders';
import PayResultPage from './PayResultPage';
import { parsePayResult } from './payResult';

const PATH = '/console/admin/pay';

describe('PayResultPage', () => {
  it('shows a successful payment with order id, plan and amount in won', () => {
    renderWithProviders(<PayResultPage />, { path: `${PATH}?status=success&orderId=A1&amount=59000&plan=pro` });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('결제가 완료되었습니다');
    expect(screen.getByTestId('pay-order-id').textContent).toBe('A1');
    expect(screen.getByTestId('pay-plan').textContent).toBe('pro');
    expect(screen.getByTestId('pay-amount').textContent).toBe(
      new Intl.NumberFormat('ko', { style: 'currency', currency: 'KRW' }).format(59000),
    );
    expect(screen.getByTestId('pay-amount').textContent).toContain('59,000');
    expect(screen.getByRole('link', { name: '콘솔로 이동' })).toBeTruthy();
    expect(document.title).toContain('결제가 완료되었습니다');
  });

  it('formats the amount in the English page locale', () => {
    renderWithProviders(<PayResultPage />, { locale: 'en', path: `${PATH}?status=success&orderId=A1&amount=1234567` });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Payment complete');
    expect(screen.getByTestId('pay-amount').textContent).toBe(
      new Intl.NumberFormat('en', { style: 'currency', currency: 'KRW' }).format(1234567),
    );
    expect(screen.queryByTestId('pay-plan')).toBeNull();
  });

  it('shows a failure with its reason and links to pricing and support', () => {
    renderWithProviders(<PayResultPage />, {
      path: `${PATH}?status=fail&orderId=A2&message=${encodeURIComponent('카드 한도 초과')}`,
    });
    expect(screen.getByTestId('pay-result').dataset.status).toBe('fail');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('결제에 실패했습니다');
    expect(screen.getByTestId('pay-reason').textContent).toBe('카드 한도 초과');
    expect(screen.getByRole('link', { name: '요금제 보기' }).getAttribute('href')).toBe('/pricing');
    expect(screen.getByRole('link', { name: '고객지원 문의' }).getAttribute('href')).toBe('/support');
  });

  it('shows a cancelled payment', () => {
    renderWithProviders(<PayResultPage />, { path: `${PATH}?status=cancel` });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('결제가 취소되었습니다');
    expect(screen.queryByTestId('pay-reason')).toBeNull();
  });

  it('says there is no payment information without a query', () => {
    renderWithProviders(<PayResultPage />, { path: PATH });
    expect(screen.getByTestId('pay-none')).toBeTruthy();
    expect(screen.getByText('결제 정보가 없습니다.')).toBeTruthy();
    expect(screen.getByRole('link', { name: '요금제 보기' }).getAttribute('href')).toBe('/pricing');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it.each([
    ['a negative amount', 'status=success&orderId=A1&amount=-5'],
    ['a decimal amount', 'status=success&orderId=A1&amount=1.5'],
    ['a non-numeric amount', 'status=success&orderId=A1&amount=abc'],
    ['a missing order id', 'status=success&amount=59000'],
    ['an unknown status', 'status=done&orderId=A1&amount=59000'],
    ['a malformed order id', 'status=success&orderId=%3Cscript%3E&amount=1'],
  ])('treats %s as no payment information', (_, query) => {
    renderWithProviders(<PayResultPage />, { path: `${PATH}?${query}` });
    expect(screen.getByTestId('pay-none')).toBeTruthy();
    expect(screen.queryByTestId('pay-result')).toBeNull();
  });
});

describe('parsePayResult', () => {
  it('accepts zero and ignores unknown parameters', () => {
    expect(parsePayResult('?status=success&orderId=A-1_b&amount=0&paymentKey=xyz')).toEqual({
      status: 'success',
      orderId: 'A-1_b',
      amount: 0,
    });
  });
  it('rejects leading zeros and over-long messages', () => {
    expect(parsePayResult('status=success&orderId=A1&amount=0100')).toBeNull();
    expect(parsePayResult(`status=fail&message=${'x'.repeat(201)}`)).toBeNull();
  });
});
