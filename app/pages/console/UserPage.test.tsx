import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { href, paths } from '../../../contract/routes';
import { renderWithProviders } from '../../test/renderWithProviders';
import { emailFromParam } from './emailFromParam';
import UserPage from './UserPage';

const page = <Route path={paths.consoleUser}><UserPage /></Route>;

describe('UserPage', () => {
  it('shows the decoded e-mail with an initial and the profile empty state', () => {
    renderWithProviders(page, { path: href.consoleUser('kim.doyun@maru.ai') });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('kim.doyun@maru.ai');
    expect(screen.getByTestId('user-initial').textContent).toBe('K');
    expect(screen.getByTestId('empty-state')).toBeTruthy();
  });

  it('shows "user not found" for something that is not an e-mail', () => {
    renderWithProviders(page, { path: '/console/user/nobody' });
    expect(screen.getByTestId('user-not-found')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('decodes the parameter safely', () => {
    expect(emailFromParam('a%40b.co')).toBe('a@b.co');
    expect(emailFromParam('%E0%A4%A')).toBeNull();
    expect(emailFromParam(undefined)).toBeNull();
  });
});
