import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../api/queryClient';
import { setLoggedIn } from '../../../state/auth';
import { organization, setCurrentOrganization } from '../../../state/organization';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { signedInConsoleTests } from '../../../test/signedInConsoleTests';
import { json, stubFetch } from '../../../test/stubFetch';
import { me } from '../projects/projectsTestData';
import { ConsoleToaster } from '../toaster';
import { OrganizationSwitcher } from './OrganizationSwitcher';
import { orgFixture } from './organizationTestData';

signedInConsoleTests();

const orgs = [orgFixture(), orgFixture({ id: 'o2', name: 'Field Crew', role: 'member' })];

beforeEach(() => setLoggedIn({ ...me, scope: ['user'] }));

function renderSwitcher() {
  return renderWithProviders(
    <QueryClientProvider client={queryClient}>
      <OrganizationSwitcher />
      <ConsoleToaster />
    </QueryClientProvider>,
    { locale: 'en', path: '/console' },
  );
}

async function openMenu() {
  fireEvent.click(await screen.findByTestId('org-switcher'));
  return screen.findByTestId('org-switcher-menu');
}

describe('OrganizationSwitcher', () => {
  it('shows Personal, the user’s organizations with their role, the current one ticked', async () => {
    stubFetch({ 'GET orgs': () => json(200, orgs) });
    setCurrentOrganization('o2');
    renderSwitcher();
    await waitFor(() => expect(screen.getByTestId('org-switcher-current').textContent).toBe('Field Crew'));
    const menu = await openMenu();
    const options = within(menu).getAllByRole('menuitemradio');
    expect(options.map((o) => o.textContent)).toEqual(['Personal', 'Vision TeamOwner', 'Field CrewMember']);
    expect(options.map((o) => o.getAttribute('aria-checked'))).toEqual(['false', 'false', 'true']);
    expect(within(menu).getByTestId('org-switcher-manage').getAttribute('href')).toBe('/console/organization');
  });

  it('switches and remembers the choice for this user', async () => {
    stubFetch({ 'GET orgs': () => json(200, orgs) });
    renderSwitcher();
    expect((await screen.findByTestId('org-switcher-current')).textContent).toBe('Personal');
    const menu = await openMenu();
    fireEvent.click(within(menu).getByText('Vision Team'));
    await waitFor(() => expect(organization.currentOrganizationId).toBe('o1'));
    expect(localStorage.getItem('current-organization:u1')).toBe('o1');
    await waitFor(() => expect(screen.getByTestId('org-switcher-current').textContent).toBe('Vision Team'));
  });

  it('creates an organization from the menu and switches to it', async () => {
    const created = orgFixture({ id: 'o3', name: 'New Lab', memberCount: 1 });
    const calls = stubFetch({
      'GET orgs': () => json(200, calls.some((c) => c.method === 'POST') ? [...orgs, created] : orgs),
      'POST orgs': () => json(201, created),
    });
    renderSwitcher();
    const menu = await openMenu();
    fireEvent.click(within(menu).getByTestId('org-switcher-create'));
    const dialog = await screen.findByTestId('org-create');
    // Empty, then too long: clear messages, nothing sent.
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect((await within(dialog).findByTestId('org-name-error')).textContent).toBe('Please enter a value.');
    fireEvent.change(within(dialog).getByTestId('org-create-name'), { target: { value: 'x'.repeat(41) } });
    expect(within(dialog).getByTestId('org-name-error').textContent).toBe('Exceeded 40 characters.');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByTestId('org-create-name'), { target: { value: '  New Lab ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(organization.currentOrganizationId).toBe('o3'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'New Lab' });
    await waitFor(() => expect(screen.getByTestId('org-switcher-current').textContent).toBe('New Lab'));
  });
});
