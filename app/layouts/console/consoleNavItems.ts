import { PROJECT_TABS, projectHref, type ProjectTab } from '../../../contract/projectRoutes';
import { marketHref } from '../../../contract/marketRoutes';
import { href, paths } from '../../../contract/routes';
import type { NavIconName } from './navIcons';

/** What the navigation knows of where the user is: the locale-free path and what it names. */
export interface NavContext {
  /** Locale-free pathname, as the router gives it (percent-encoded, no query). */
  path: string;
  /** The project the path is inside (a project page or one of its images), or null. */
  projectId: string | null;
  /** The signed-in user's e-mail (the profile entry), or null. */
  email: string | null;
}

/** One row of the console navigation. Texts are keys of the `consoleNav` namespace. */
export interface ConsoleNavItem {
  /** Text key, test id (`nav-<key>`) and React key. */
  key: string;
  icon: NavIconName;
  /** 'work' entries come first; 'account' entries sit apart at the end. */
  group: 'work' | 'account';
  /** Where the entry leads; null hides it (for example the profile before the user is known). */
  href: (ctx: NavContext) => string | null;
  /** The entry's own page is shown. */
  isCurrent: (ctx: NavContext) => boolean;
  /** A page below the entry is shown (the entry stays marked as the section). */
  contains?: (ctx: NavContext) => boolean;
  /** Sub-entries shown under the entry in this context. */
  children?: (ctx: NavContext) => ConsoleNavItem[];
}

const PROJECT_PATH = /^\/console\/projects\/([^/]+)(?:\/(.*))?$/;

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The project a locale-free console path is inside, and which of its tabs it shows: an image
 * belongs to the dataset, a training (or the new-training wizard) to the Training tab.
 */
export function projectOfPath(
  path: string,
): { projectId: string; tab: ProjectTab; image: boolean; training: boolean } | null {
  const match = PROJECT_PATH.exec(path.replace(/\/+$/, ''));
  if (!match?.[1]) return null;
  const rest = match[2] ?? '';
  const image = rest.startsWith('images/');
  const training = rest.startsWith('trainings/');
  const tab = training ? 'training' : (PROJECT_TABS.find((name) => name === rest) ?? 'dataset');
  return { projectId: safeDecode(match[1]), tab, image, training };
}

export function navContextOf(path: string, email: string | null): NavContext {
  return { path: path.replace(/(.)\/+$/, '$1'), projectId: projectOfPath(path)?.projectId ?? null, email };
}

const under = (prefix: string) => (ctx: NavContext) => ctx.path === prefix || ctx.path.startsWith(`${prefix}/`);

const TAB_ICONS: Record<ProjectTab, NavIconName> = {
  dataset: 'dataset',
  training: 'training',
  models: 'models',
  settings: 'projectSettings',
};

function projectTabItem(tab: ProjectTab): ConsoleNavItem {
  return {
    key: tab,
    icon: TAB_ICONS[tab],
    group: 'work',
    href: (ctx) => (ctx.projectId === null ? null : projectHref(ctx.projectId, tab)),
    isCurrent: (ctx) => {
      const at = projectOfPath(ctx.path);
      return at !== null && !at.image && !at.training && at.tab === tab;
    },
    // An image of the project is opened from its dataset; a training (and the wizard) from the Training tab.
    contains: (ctx) => {
      const at = projectOfPath(ctx.path);
      return (tab === 'dataset' && at?.image === true) || (tab === 'training' && at?.training === true);
    },
  };
}

/**
 * The console navigation, in order. A console feature adds its entry here (one row: text key,
 * icon, address, when it is current); the side navigation and the narrow-screen drawer both
 * render this list.
 */
export const consoleNavItems: readonly ConsoleNavItem[] = [
  {
    key: 'projects',
    icon: 'projects',
    group: 'work',
    href: () => paths.console,
    isCurrent: (ctx) => ctx.path === paths.console,
    contains: under('/console/projects'),
    children: (ctx) => (ctx.projectId === null ? [] : PROJECT_TABS.map(projectTabItem)),
  },
  {
    key: 'edge',
    icon: 'edge',
    group: 'work',
    href: () => paths.consoleEdge,
    isCurrent: (ctx) => ctx.path === paths.consoleEdge,
    // A new deployment is started from the edge list (or a model, a web point: it stays under Deployment).
    contains: (ctx) => under(paths.consoleEdge)(ctx) || under(paths.consoleDeploymentNew)(ctx),
  },
  {
    key: 'webPoints',
    icon: 'webPoints',
    group: 'work',
    href: () => paths.consoleWebPoints,
    isCurrent: (ctx) => ctx.path === paths.consoleWebPoints,
    contains: under(paths.consoleWebPoints),
  },
  {
    key: 'market',
    icon: 'market',
    group: 'work',
    href: () => marketHref.tab(),
    isCurrent: (ctx) => ctx.path === marketHref.tab(),
    contains: (ctx) => under('/console/market')(ctx) || under(paths.consoleMarketReview)(ctx),
  },
  {
    key: 'organization',
    icon: 'organization',
    group: 'work',
    href: () => paths.consoleOrganization,
    isCurrent: (ctx) => ctx.path === paths.consoleOrganization,
    contains: under(paths.consoleOrganization),
  },
  {
    key: 'billing',
    icon: 'billing',
    group: 'account',
    href: () => paths.consoleBilling,
    isCurrent: (ctx) => ctx.path === paths.consoleBilling,
    contains: (ctx) =>
      under(paths.consoleCheckout)(ctx) || ctx.path === paths.consolePay || under(paths.consoleAdminOrders)(ctx),
  },
  {
    key: 'mySettings',
    icon: 'mySettings',
    group: 'account',
    href: () => paths.consoleSettings,
    isCurrent: (ctx) => ctx.path === paths.consoleSettings,
  },
  {
    key: 'profile',
    icon: 'profile',
    group: 'account',
    href: (ctx) => (ctx.email ? href.consoleUser(ctx.email) : null),
    isCurrent: (ctx) => ctx.email !== null && safeDecode(ctx.path) === safeDecode(href.consoleUser(ctx.email)),
  },
];

/** An entry as shown: its address resolved and how it is marked ('page': aria-current). */
export interface NavEntry {
  key: string;
  icon: NavIconName;
  group: ConsoleNavItem['group'];
  href: string;
  mark: 'page' | 'section' | null;
  children: NavEntry[];
}

/** The entries of `items` in a context: hidden ones left out, exactly one marked 'page' at most. */
export function resolveNav(ctx: NavContext, items: readonly ConsoleNavItem[] = consoleNavItems): NavEntry[] {
  const entries: NavEntry[] = [];
  for (const item of items) {
    const target = item.href(ctx);
    if (target === null) continue;
    const children = resolveNav(ctx, item.children?.(ctx) ?? []);
    const childMarked = children.some((child) => child.mark !== null);
    const mark = item.isCurrent(ctx) ? 'page' : childMarked || item.contains?.(ctx) ? 'section' : null;
    entries.push({ key: item.key, icon: item.icon, group: item.group, href: target, mark, children });
  }
  return entries;
}
