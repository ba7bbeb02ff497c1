import { describe, expect, it } from 'vitest';
import {
  consoleNavItems,
  navContextOf,
  projectOfPath,
  resolveNav,
  type ConsoleNavItem,
  type NavEntry,
} from './consoleNavItems';

const EMAIL = 'kim@maru.ai';
const at = (path: string, email: string | null = EMAIL) => resolveNav(navContextOf(path, email));

function flatten(entries: NavEntry[]): NavEntry[] {
  return entries.flatMap((entry) => [entry, ...flatten(entry.children)]);
}
const marks = (entries: NavEntry[]) =>
  Object.fromEntries(
    flatten(entries)
      .filter((e) => e.mark)
      .map((e) => [e.key, e.mark]),
  );

describe('console navigation list', () => {
  it('lists projects, the deployment pages, my resources, organization, plan, my settings and the profile, in order, with their addresses', () => {
    const entries = at('/console');
    expect(entries.map((e) => [e.key, e.href, e.group])).toEqual([
      ['projects', '/console', 'work'],
      ['edge', '/console/edge', 'work'],
      ['webPoints', '/console/web-points', 'work'],
      ['market', '/console/market', 'work'],
      ['organization', '/console/organization', 'work'],
      ['billing', '/console/billing', 'account'],
      ['mySettings', '/console/settings', 'account'],
      ['profile', '/console/user/kim%40maru.ai', 'account'],
    ]);
    expect(marks(entries)).toEqual({ projects: 'page' });
  });

  it('leaves the profile out until the user is known', () => {
    expect(at('/console', null).map((e) => e.key)).toEqual([
      'projects',
      'edge',
      'webPoints',
      'market',
      'organization',
      'billing',
      'mySettings',
    ]);
  });

  it('inside a project lists its tabs under Projects and marks the shown one (trailing slash or not)', () => {
    const settings = at('/console/projects/p%201/settings/');
    const projects = settings.find((e) => e.key === 'projects');
    expect(projects?.children.map((e) => [e.key, e.href, e.icon])).toEqual([
      ['dataset', '/console/projects/p%201', 'dataset'],
      ['training', '/console/projects/p%201/training', 'training'],
      ['models', '/console/projects/p%201/models', 'models'],
      ['settings', '/console/projects/p%201/settings', 'projectSettings'],
    ]);
    expect(marks(settings)).toEqual({ projects: 'section', settings: 'page' });
    expect(marks(at('/console/projects/p1'))).toEqual({ projects: 'section', dataset: 'page' });
  });

  it('an image of the project keeps its dataset marked as the section, with no entry as the page', () => {
    const entries = at('/console/projects/p1/images/i9');
    expect(marks(entries)).toEqual({ projects: 'section', dataset: 'section' });
    expect(flatten(entries).filter((e) => e.mark === 'page')).toEqual([]);
  });

  it('marks the Training and Models tabs as pages, and a training or the wizard inside the Training tab', () => {
    expect(marks(at('/console/projects/p1/training'))).toEqual({ projects: 'section', training: 'page' });
    expect(marks(at('/console/projects/p1/models'))).toEqual({ projects: 'section', models: 'page' });
    for (const path of ['/console/projects/p1/trainings/t9', '/console/projects/p1/trainings/new']) {
      const entries = at(path);
      expect(marks(entries)).toEqual({ projects: 'section', training: 'section' });
      expect(flatten(entries).filter((e) => e.mark === 'page')).toEqual([]);
    }
  });

  it('marks My settings, the profile (encoded or not) and the organization pages', () => {
    expect(marks(at('/console/settings'))).toEqual({ mySettings: 'page' });
    expect(marks(at('/console/user/kim%40maru.ai'))).toEqual({ profile: 'page' });
    expect(marks(at('/console/user/kim@maru.ai'))).toEqual({ profile: 'page' });
    expect(marks(at('/console/user/other%40maru.ai'))).toEqual({});
    expect(marks(at('/console/organization'))).toEqual({ organization: 'page' });
    expect(marks(at('/console/organization/members'))).toEqual({ organization: 'section' });
  });

  it('reads the project and tab out of a path', () => {
    expect(projectOfPath('/console/projects/a%2Fb/settings')).toEqual({
      projectId: 'a/b',
      tab: 'settings',
      image: false,
      training: false,
    });
    expect(projectOfPath('/console/projects/p1/images/x')).toEqual({
      projectId: 'p1',
      tab: 'dataset',
      image: true,
      training: false,
    });
    expect(projectOfPath('/console/projects/p1/trainings/t1')).toEqual({
      projectId: 'p1',
      tab: 'training',
      image: false,
      training: true,
    });
    expect(projectOfPath('/console/projects/p1/models')?.tab).toBe('models');
    expect(projectOfPath('/console/settings')).toBeNull();
    expect(projectOfPath('/console/projects/%E0%A4%A/settings')?.projectId).toBe('%E0%A4%A');
  });

  it('a new feature joins the navigation by adding one row', () => {
    const training: ConsoleNavItem = {
      key: 'training',
      icon: 'dataset',
      group: 'work',
      href: () => '/console/training',
      isCurrent: (ctx) => ctx.path === '/console/training',
    };
    const entries = resolveNav(navContextOf('/console/training', EMAIL), [...consoleNavItems, training]);
    expect(entries.map((e) => e.key)).toContain('training');
    expect(marks(entries)).toEqual({ training: 'page' });
  });
});

describe('deployment entries', () => {
  it('marks Edge points on the list, and as the section on a point and on a new deployment', () => {
    expect(marks(at('/console/edge'))).toEqual({ edge: 'page' });
    expect(marks(at('/console/edge/p1/e1'))).toEqual({ edge: 'section' });
    expect(marks(at('/console/deployments/new'))).toEqual({ edge: 'section' });
    expect(marks(at('/console/web-points/p1/w1'))).toEqual({ webPoints: 'section' });
  });
});
