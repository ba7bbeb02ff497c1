import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLoggedIn, setLoggedOut } from '../../state/auth';
import { testUser } from '../../test/testUser';
import { renderWithProviders } from '../../test/renderWithProviders';
import PricingPage from './PricingPage';
import { priceFor } from './plans';

describe('plan prices', () => {
  it('gives two months free on yearly billing', () => {
    expect(priceFor({ monthly: 99_000 }, 'monthly')).toEqual({ perMonth: 99_000, billed: 99_000, saving: 0 });
    expect(priceFor({ monthly: 99_000 }, 'yearly')).toEqual({ perMonth: 82_500, billed: 990_000, saving: 198_000 });
    expect(priceFor({ monthly: null }, 'yearly')).toBeNull();
  });
});

describe('PricingPage', () => {
  afterEach(() => setLoggedOut());

  it('shows four plans; signed out, their buttons sign in first and come back to checkout', () => {
    renderWithProviders(<PricingPage />, { path: '/pricing' });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const redirect = (id: string) => {
      const link = within(screen.getByTestId(`plan-${id}`))
        .getByRole('link')
        .getAttribute('href')!;
      expect(link.startsWith('/login?')).toBe(true);
      return new URLSearchParams(link.split('?')[1]).get('redirect');
    };
    expect(redirect('free')).toBe('/console');
    expect(redirect('standard')).toBe('/console/checkout?plan=standard&billing=monthly');
    expect(redirect('pro')).toBe('/console/checkout?plan=pro&billing=monthly');
    expect(
      within(screen.getByTestId('plan-enterprise')).getByRole('link', { name: '도입 문의하기' }).getAttribute('href'),
    ).toBe('/support');
    expect(screen.getByTestId('plan-standard').textContent).toContain('₩99,000');
  });

  it('leads a signed-in user to checkout under the billing period shown, and Free to the console', async () => {
    setLoggedIn(testUser());
    renderWithProviders(<PricingPage />, { path: '/pricing', locale: 'en' });
    const href = (id: string) =>
      within(screen.getByTestId(`plan-${id}`))
        .getByRole('link')
        .getAttribute('href');
    expect(href('standard')).toBe('/console/checkout?plan=standard&billing=monthly');
    fireEvent.click(screen.getByRole('radio', { name: 'Yearly' }));
    await waitFor(() => expect(href('pro')).toBe('/console/checkout?plan=pro&billing=yearly'));
    expect(href('free')).toBe('/console');
    expect(href('enterprise')).toBe('/support');
  });

  it('switches to yearly prices', async () => {
    renderWithProviders(<PricingPage />, { path: '/pricing', locale: 'en' });
    fireEvent.click(screen.getByRole('radio', { name: 'Yearly' }));
    const standard = screen.getByTestId('plan-standard');
    await waitFor(() => expect(standard.textContent).toContain('₩82,500'));
    expect(standard.textContent).toContain('₩990,000 billed once a year');
  });

  it('has a comparison table with a row per feature and a column per plan', () => {
    renderWithProviders(<PricingPage />, { path: '/pricing', locale: 'en' });
    const table = within(screen.getByTestId('plan-compare'));
    expect(table.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Feature',
      'Free',
      'Standard',
      'Pro',
      'Enterprise',
    ]);
    expect(table.getByRole('rowheader', { name: 'GPU training hours per month' })).toBeTruthy();
    expect(table.getAllByRole('rowheader')).toHaveLength(12);
  });
});
