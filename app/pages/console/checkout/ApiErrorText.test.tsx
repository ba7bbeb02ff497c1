import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PLAN_LIMIT_KINDS } from '../../../../contract/apiPayments';
import en from '../../../../locales/en/errors.json';
import ko from '../../../../locales/ko/errors.json';
import { apiFetch } from '../../../api/apiFetch';
import { apiErrorKey } from '../../../api/apiErrorKey';
import { ApiRequestError } from '../../../api/ApiRequestError';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { apiError, stubFetch } from '../../../test/stubFetch';
import { ApiErrorText } from './ApiErrorText';

afterEach(() => vi.unstubAllGlobals());

async function failure(body: Response): Promise<unknown> {
  stubFetch({ 'POST projects': () => body });
  return apiFetch('projects', { method: 'POST', body: {}, auth: false }).catch((error: unknown) => error);
}

describe('plan limit messages', () => {
  it.each(PLAN_LIMIT_KINDS)('names the %s limit in Korean and English', (kind) => {
    expect(ko.planLimit[kind]).toMatch(/\S/);
    expect(en.planLimit[kind]).toMatch(/\S/);
    expect(ko.planLimit[kind]).not.toBe(ko.plan_limit);
  });

  it('reads which limit from the error body and links to the plan page', async () => {
    const error = await failure(apiError(403, 'plan_limit', { limit: 'edgePoints', plan: 'free' }));
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).planLimit).toEqual({ limit: 'edgePoints', plan: 'free' });
    expect(apiErrorKey(error)).toBe('errors:planLimit.edgePoints');
    renderWithProviders(<ApiErrorText error={error} testId="e" />);
    expect(screen.getByTestId('e').textContent).toContain(ko.planLimit.edgePoints);
    expect(screen.getByTestId('plan-limit-link').getAttribute('href')).toBe('/console/billing');
  });

  it('falls back to the general text without a limit, and shows no plan link for other errors', async () => {
    expect(apiErrorKey(await failure(apiError(403, 'plan_limit')))).toBe('errors:plan_limit');
    const other = await failure(apiError(403, 'forbidden'));
    renderWithProviders(<ApiErrorText error={other} testId="e" />, { locale: 'en' });
    expect(screen.getByTestId('e').textContent).toBe(en.forbidden);
    expect(screen.queryByTestId('plan-limit-link')).toBeNull();
    expect(apiErrorKey(new Error('boom'))).toBe('errors:internal');
  });
});
