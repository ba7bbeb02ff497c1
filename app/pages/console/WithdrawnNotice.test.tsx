import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders';
import { WITHDRAWN_FLAG, WithdrawnNotice } from './WithdrawnNotice';

beforeEach(() => sessionStorage.clear());

describe('WithdrawnNotice', () => {
  it('says once that the account was deleted, then forgets it', async () => {
    sessionStorage.setItem(WITHDRAWN_FLAG, '1');
    const first = renderWithProviders(<WithdrawnNotice />, { locale: 'en' });
    const notice = await screen.findByTestId('withdrawn-notice');
    expect(notice.textContent).toContain('Your account has been deleted.');
    expect(sessionStorage.getItem(WITHDRAWN_FLAG)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('withdrawn-notice')).toBeNull();
    first.unmount();

    renderWithProviders(<WithdrawnNotice />, { locale: 'en' });
    expect(screen.queryByTestId('withdrawn-notice')).toBeNull();
  });
});
