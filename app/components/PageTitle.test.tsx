import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/renderWithProviders';
import { PageTitle } from './PageTitle';

describe('PageTitle', () => {
  it('renders one h1 and sets the document title with the Korean suffix', async () => {
    renderWithProviders(<PageTitle title="공지사항" description="새 소식" />);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('공지사항');
    expect(screen.getByText('새 소식')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('공지사항 | AI 관리 플랫폼'));
  });

  it('uses the English suffix and shows actions', async () => {
    renderWithProviders(<PageTitle title="Notice" actions={<button type="button">Write</button>} />, { locale: 'en' });
    expect(screen.getByRole('button', { name: 'Write' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Notice | AI management platform'));
  });

  it('follows a title change', async () => {
    const { rerender } = renderWithProviders(<PageTitle title="FAQ" />, { locale: 'en' });
    await waitFor(() => expect(document.title).toBe('FAQ | AI management platform'));
    rerender(<PageTitle title="Privacy policy" />);
    await waitFor(() => expect(document.title).toBe('Privacy policy | AI management platform'));
  });
});
