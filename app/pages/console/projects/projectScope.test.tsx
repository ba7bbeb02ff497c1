import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { signedInConsoleTests } from '../../../test/signedInConsoleTests';
import { json, stubFetch, type StubHandler } from '../../../test/stubFetch';
import ConsoleHomePage from '../ConsoleHomePage';
import { orgFixture } from '../organization/organizationTestData';
import { me, projectFixture } from './projectsTestData';

signedInConsoleTests();

/** The stubbed API plus the full URLs asked (stubFetch keys calls by path, without the query). */
function stub(handlers: Record<string, StubHandler>) {
  const calls = stubFetch({ 'GET auth/user': () => json(200, me), ...handlers });
  const inner = globalThis.fetch;
  const urls: string[] = [];
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
    urls.push(input);
    return inner(input, init);
  });
  return { calls, urls };
}

describe('projects of the current organization', () => {
  it('lists Personal by default and marks projects shared from organizations the user is not in', async () => {
    const { urls } = stub({
      'GET orgs': () => json(200, []),
      'GET projects': () => json(200, [projectFixture(), projectFixture({ id: 'p2', organizationId: 'other' })]),
    });
    renderWithProviders(<ConsoleHomePage />, { path: '/console', locale: 'en' });
    const cards = await screen.findAllByTestId('project-card');
    expect(within(cards[0]!).queryByTestId('project-shared')).toBeNull();
    expect(within(cards[1]!).getByTestId('project-shared').textContent).toBe('Shared with you');
    expect(screen.getByTestId('project-scope').textContent).toBe('Your personal projects');
    expect(urls.some((u) => u.endsWith('/projects?organization=personal'))).toBe(true);
  });

  it('lists the current organization’s projects and creates the next one there', async () => {
    localStorage.setItem('current-organization:u1', 'o1');
    const { calls, urls } = stub({
      'GET orgs': () => json(200, [orgFixture({ role: 'admin' })]),
      'GET projects': () => json(200, [projectFixture({ organizationId: 'o1' })]),
      'POST projects': () => json(201, projectFixture({ id: 'new1', organizationId: 'o1' })),
    });
    renderWithProviders(<ConsoleHomePage />, { path: '/console', locale: 'en' });
    expect(await screen.findAllByTestId('project-card')).toHaveLength(1);
    expect(screen.getByTestId('project-scope').textContent).toBe('Projects in Vision Team');
    expect(urls.some((u) => u.endsWith('/projects?organization=o1'))).toBe(true);
    // Never the list of an organization before it is known to be the user's.
    expect(urls.some((u) => u.endsWith('/projects?organization=personal'))).toBe(false);
    fireEvent.click(screen.getByTestId('project-create-open'));
    const dialog = await screen.findByTestId('project-create');
    expect(within(dialog).getByTestId('project-create-where').textContent).toBe(
      'The project is created in Vision Team; its members will see it.',
    );
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Project name/ }), { target: { value: 'Line 2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ organizationId: 'o1' }));
  });

  it('a plain member of the organization is told who creates projects there', async () => {
    localStorage.setItem('current-organization:u1', 'o1');
    stub({
      'GET orgs': () => json(200, [orgFixture({ role: 'member' })]),
      'GET projects': () => json(200, []),
    });
    renderWithProviders(<ConsoleHomePage />, { path: '/console', locale: 'en' });
    expect((await screen.findByTestId('project-create-not-allowed')).textContent).toContain(
      'Only owners and admins of Vision Team',
    );
    expect((screen.getByTestId('project-create-open') as HTMLButtonElement).disabled).toBe(true);
  });
});
