import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/renderWithProviders';
import { ErrorBoundary } from './ErrorBoundary';
import type * as ErrorPageModule from './ErrorPage';
import { HttpError } from './HttpError';

const failErrorPage = vi.hoisted(() => ({ on: false }));
vi.mock('./ErrorPage', async (importOriginal) => {
  const real = await importOriginal<typeof ErrorPageModule>();
  return {
    ...real,
    ErrorPage: (props: { status?: number }) => {
      if (failErrorPage.on) throw new Error('error page broke');
      return real.ErrorPage(props);
    },
  };
});

function Boom({ error }: { error: unknown }): never {
  throw error;
}

afterEach(() => {
  failErrorPage.on = false;
  document.documentElement.lang = 'ko';
});

describe('ErrorBoundary', () => {
  // React logs caught render errors; keep the test output readable.
  vi.spyOn(console, 'error').mockImplementation(() => {});

  it("shows the error page with the error's status", () => {
    renderWithProviders(
      <ErrorBoundary>
        <Boom error={new HttpError(403)} />
      </ErrorBoundary>,
    );
    expect(screen.getByTestId('error-page').getAttribute('data-status')).toBe('403');
    expect(screen.getByRole('link', { name: '홈으로' })).toBeTruthy();
  });

  it('defaults to 500 for errors without a status', () => {
    renderWithProviders(
      <ErrorBoundary>
        <Boom error={new Error('x')} />
      </ErrorBoundary>,
      { locale: 'en' },
    );
    expect(screen.getByTestId('error-page').getAttribute('data-status')).toBe('500');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('An error has occurred');
  });

  it('says so, with a home link, when the error page itself fails', () => {
    failErrorPage.on = true;
    document.documentElement.lang = 'en';
    renderWithProviders(
      <ErrorBoundary>
        <Boom error={new Error('x')} />
      </ErrorBoundary>,
      { locale: 'en' },
    );
    expect(screen.getByTestId('error-page-failure').textContent).toContain(
      'An error occurred while showing the error page',
    );
    expect(screen.getByRole('link', { name: 'Go home' }).getAttribute('href')).toBe('/en');
  });
});
