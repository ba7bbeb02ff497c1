import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Route, Switch } from 'wouter';
import { projectFixture } from '../../pages/console/projects/projectsTestData';
import { PERSIST_KEY } from '../../state/persistUi';
import { initialUiState, ui } from '../../state/ui';
import { auth } from '../../state/auth';
import { renderWithProviders } from '../../test/renderWithProviders';
import { signedInConsoleTests } from '../../test/signedInConsoleTests';
import { json, stubFetch } from '../../test/stubFetch';
import { testUser } from '../../test/testUser';
import ConsoleLayout from './ConsoleLayout';

signedInConsoleTests();

const user = testUser({ name: 'Kim Label', email: 'kim@maru.ai' });

async function renderLayout(path: string, handlers: Parameters<typeof stubFetch>[0] = {}) {
  Object.assign(ui, { miniNav: initialUiState().miniNav });
  const calls = stubFetch({
    'GET auth/user': () => json(200, user),
    'POST auth/logout': () => json(204),
    'GET orgs': () => json(200, []),
    ...handlers,
  });
  // As in the app, the home page is outside the console layout.
  const view = renderWithProviders(
    <Switch>
      <Route path="/">
        <p>home page</p>
      </Route>
      <Route>
        <ConsoleLayout>
          <p>page body</p>
        </ConsoleLayout>
      </Route>
    </Switch>,
    { path, locale: 'en' },
  );
  await screen.findByText('page body');
  return { ...view, calls };
}

const sideNav = () => within(screen.getByTestId('console-sidebar'));

/**
 * The drawer's button, shown below 1024 px. happy-dom applies every @media rule whatever the width,
 * so the button counts as hidden here; the widths themselves are checked in the browser
 * (e2e/consoleLayout.spec.ts).
 */
function drawerButton() {
  const button = screen.getByTestId('console-nav-toggle');
  expect(button.getAttribute('aria-label')).toBe('Open navigation');
  return button;
}

describe('console layout', () => {
  it('shows the page with the navigation built from the list, the header and no footer', async () => {
    await renderLayout('/console');
    const nav = sideNav().getByRole('navigation', { name: 'Console navigation' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Projects', '/console'],
      ['Edge points', '/console/edge'],
      ['Web points', '/console/web-points'],
      ['My resources', '/console/market'],
      ['Organization', '/console/organization'],
      ['Plan & billing', '/console/billing'],
      ['My settings', '/console/settings'],
      ['My profile', '/console/user/kim%40maru.ai'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Projects' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('main').textContent).toBe('page body');
    const header = within(screen.getByTestId('console-header'));
    expect(header.getByTestId('org-switcher')).toBeTruthy();
    expect(header.getByRole('link', { name: 'Maru AI home' }).getAttribute('href')).toBe('/en');
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(screen.getByRole('link', { name: 'Skip to content' }).getAttribute('href')).toBe('#main');
  });

  it("inside a project lists its tabs with the project's name and marks the current one", async () => {
    await renderLayout('/console/projects/p1/settings', {
      'GET projects/p1': () => json(200, projectFixture({ title: 'Line 1 defects' })),
    });
    const nav = sideNav();
    expect(await nav.findByTestId('nav-project-name')).toHaveProperty('textContent', 'Line 1 defects');
    expect(nav.getByRole('link', { name: 'Settings' }).getAttribute('aria-current')).toBe('page');
    expect(nav.getByRole('link', { name: 'Dataset' }).getAttribute('aria-current')).toBeNull();
    expect(nav.getByRole('link', { name: 'Dataset' }).getAttribute('href')).toBe('/console/projects/p1');
    expect(nav.getByRole('link', { name: 'Projects' }).getAttribute('aria-current')).toBeNull();
    expect(nav.getByTestId('nav-projects').dataset.mark).toBe('section');
  });

  it('collapses to icons and keeps the choice in localStorage; expanding brings the names back', async () => {
    await renderLayout('/console/settings');
    const toggle = screen.getByRole('button', { name: 'Collapse navigation' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(toggle);
    expect(screen.getByTestId('console-sidebar').dataset.mini).toBe('true');
    // Icons only: the names are the links' accessible names, no longer their text.
    const settings = sideNav().getByRole('link', { name: 'My settings' });
    expect(settings.textContent).toBe('');
    expect(settings.getAttribute('aria-current')).toBe('page');
    await waitFor(() => expect(JSON.parse(localStorage.getItem(PERSIST_KEY) ?? '{}')).toMatchObject({ miniNav: true }));
    await userEvent.click(screen.getByRole('button', { name: 'Expand navigation' }));
    expect(sideNav().getByRole('link', { name: 'My settings' }).textContent).toBe('My settings');
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(PERSIST_KEY) ?? '{}')).toMatchObject({ miniNav: false }),
    );
  });

  it('the menu button opens the navigation as a drawer, which its close button closes', async () => {
    await renderLayout('/console');
    const button = drawerButton();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(button);
    const drawer = await screen.findByRole('dialog', { name: 'Console' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(within(drawer).getByRole('link', { name: 'My settings' })).toBeTruthy();
    // Escape, the focus trap and the focus given back are checked in the browser
    // (e2e/consoleLayout.spec.ts): happy-dom lays nothing out and applies every @media rule, so
    // neither the drawer's links nor the menu button count as focusable here.
    await userEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Console' })).toBeNull());
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('following an entry in the drawer navigates and closes the drawer', async () => {
    const { location } = await renderLayout('/console');
    await userEvent.click(drawerButton());
    const drawer = await screen.findByRole('dialog', { name: 'Console' });
    fireEvent.click(within(drawer).getByRole('link', { name: 'My settings' }));
    expect(location.history?.at(-1)).toBe('/console/settings');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Console' })).toBeNull());
  });

  it('the avatar menu names the user, links to their pages and logs out to the home page', async () => {
    const { location, calls } = await renderLayout('/console/settings');
    await userEvent.click(screen.getByRole('button', { name: 'Account menu: Kim Label' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('kim@maru.ai')).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'My profile' }).getAttribute('href')).toBe(
      '/console/user/kim%40maru.ai',
    );
    expect(within(menu).getByRole('menuitemradio', { name: 'English' }).getAttribute('aria-checked')).toBe('true');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(auth.loggedIn).toBe(false));
    expect(location.history?.at(-1)).toBe('/');
    expect(screen.getByText('home page')).toBeTruthy();
    await waitFor(() => expect(calls.find((c) => c.path === 'auth/logout')?.body).toEqual({ refreshToken: 'R1' }));
  });

  it('the language entry opens the same page in the other locale', async () => {
    const { location } = await renderLayout('/console/settings');
    await userEvent.click(screen.getByRole('button', { name: 'Account menu: Kim Label' }));
    await userEvent.click(await screen.findByRole('menuitemradio', { name: '한국어' }));
    // The test router has no locale base: the English address without its prefix is the Korean one.
    expect(location.history?.at(-1)).toBe('/console/settings');
    expect(document.cookie).toContain('i18n_redirected=ko');
  });
});
