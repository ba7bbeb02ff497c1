/**
 * Route paths of the web client, shared by the app (router, links), the server (which paths are
 * real pages, so unknown ones answer 404) and the e2e tests. Paths are locale-free: English
 * pages live under the `/en` prefix (see `localizePath`).
 */

export const LOCALES = ['ko', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'ko';
export const LOCALE_COOKIE = 'i18n_redirected';
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** Info sub-pages: data management, labelling, AI training, analysis and testing, deployment. */
export const INFO_TITLES = ['dataset', 'label', 'training', 'test', 'deploy'] as const;
export type InfoTitle = (typeof INFO_TITLES)[number];

/** Solution pages: AI vision inspection, tool life prediction, chamber temperature management. */
export const SOLUTION_NAMES = ['vision', 'tools', 'chamber'] as const;
export type SolutionName = (typeof SOLUTION_NAMES)[number];

/** Market resource kinds shown under /resources/{resource}. */
export const RESOURCE_KINDS = ['dataset', 'model'] as const;
export type ResourceKind = (typeof RESOURCE_KINDS)[number];

/**
 * Every page of the client, in wouter's syntax (`:param`, `:param?`). Order matters where two
 * paths can match the same address (`/support/notice/edit`, `/resources/detail`): the more
 * specific one comes first, as the router and `matchPage` take the first match.
 */
export const paths = {
  home: '/',
  info: '/info',
  infoDeprecated: '/info/index_deprecated',
  infoDetail: '/info/:title',
  login: '/login',
  loginAuth: '/login/auth/:key?',
  loginReset: '/login/reset/:key?',
  loginSignup: '/login/signup',
  pricing: '/pricing',
  solution: '/solution',
  solutionDetail: '/solution/:name',
  support: '/support',
  supportFaq: '/support/faq',
  supportNotice: '/support/notice',
  supportNoticeEdit: '/support/notice/edit',
  supportNoticeDetail: '/support/notice/:notice',
  supportPolicy: '/support/policy',
  supportPrivacy: '/support/privacy',
  supportDocs: '/support/docs',
  supportSearch: '/support/search',
  resourceDetail: '/resources/detail/:item?',
  resources: '/resources/:resource?',
  docs: '/docs',
  console: '/console',
  consoleSettings: '/console/settings',
  /** The current organization: members, roles, invitations, transfer, delete. */
  consoleOrganization: '/console/organization',
  /** One image of a project in the image viewer (href: contract/projectRoutes.ts `projectImageHref`). */
  consoleProjectImage: '/console/projects/:projectId/images/:imageId',
  /** One training of a project ('new': the new-training wizard) (href: contract/projectRoutes.ts `trainingHref`). */
  consoleProjectTraining: '/console/projects/:projectId/trainings/:trainingId',
  /** A project; `tab` is one of PROJECT_TABS, 'dataset' the default (href: contract/projectRoutes.ts). */
  consoleProject: '/console/projects/:projectId/:tab?',
  /** Deployment (hrefs: contract/deployRoutes.ts): edge points, web points, a new deployment. */
  consoleEdge: '/console/edge',
  consoleEdgePoint: '/console/edge/:projectId/:pointId',
  consoleWebPoints: '/console/web-points',
  consoleWebPoint: '/console/web-points/:projectId/:pointId',
  consoleDeploymentNew: '/console/deployments/new',
  /** My resources (hrefs: contract/marketRoutes.ts): post a resource, one resource, the lists (`tab`: MARKET_TABS). */
  consoleMarketNew: '/console/market/new',
  consoleMarketItem: '/console/market/resources/:resourceId',
  consoleMarket: '/console/market/:tab?',
  /** Platform admins: the market's review queue, and orders with refunds. */
  consoleMarketReview: '/console/admin/resources',
  consoleAdminOrders: '/console/admin/orders',
  /** Checkout of a resource or a plan (query `resource=` or `plan=&billing=&account=`), the test provider's window, the plan. */
  consoleCheckout: '/console/checkout',
  consoleTestPayment: '/console/checkout/test/:orderId',
  consoleBilling: '/console/billing',
  consoleUser: '/console/user/:email',
  consolePay: '/console/admin/pay',
} as const;

export type PathName = keyof typeof paths;

/** href builders for the parameterised paths (locale-free). */
export const href = {
  infoDetail: (title: InfoTitle) => `/info/${title}`,
  solutionDetail: (name: SolutionName) => `/solution/${name}`,
  noticeDetail: (id: string | number) => `/support/notice/${encodeURIComponent(String(id))}`,
  search: (keyword: string) => `/support/search?keyword=${encodeURIComponent(keyword)}`,
  resources: (resource?: string) => (resource ? `/resources/${encodeURIComponent(resource)}` : '/resources'),
  resourceDetail: (item: string | number) => `/resources/detail/${encodeURIComponent(String(item))}`,
  consoleUser: (email: string) => `/console/user/${encodeURIComponent(email)}`,
  loginAuth: (key: string) => `/login/auth/${encodeURIComponent(key)}`,
  loginReset: (key: string) => `/login/reset/${encodeURIComponent(key)}`,
};

/** Split a pathname into its locale and the locale-free rest. */
export function splitLocale(pathname: string): { locale: Locale; path: string } {
  if (pathname === '/en' || pathname.startsWith('/en/')) {
    return { locale: 'en', path: pathname.slice(3) || '/' };
  }
  return { locale: DEFAULT_LOCALE, path: pathname || '/' };
}

/** Add the locale prefix to a locale-free path. */
export function localizePath(path: string, locale: Locale): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  if (locale === DEFAULT_LOCALE) return clean;
  return clean === '/' ? '/en' : `/en${clean}`;
}

/** Parameters whose pages exist only for some values: any other value is not a page (404). */
const PARAM_CHOICES: Partial<Record<PathName, Readonly<Record<string, readonly string[]>>>> = {
  infoDetail: { title: INFO_TITLES },
  solutionDetail: { name: SOLUTION_NAMES },
};

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The RegExp of a route path in wouter's syntax: `:param` is one segment, `:param?` an optional
 * one; a parameter named in `choices` takes only those values.
 */
export function pathPattern(path: string, choices: Readonly<Record<string, readonly string[]>> = {}): RegExp {
  if (path === '/') return /^\/$/;
  const body = path
    .split('/')
    .slice(1)
    .map((segment) => {
      const param = /^:(\w+)(\?)?$/.exec(segment);
      if (!param) return `/${escapeRegExp(segment)}`;
      const values = choices[param[1] ?? ''];
      const value = values ? `(?:${values.map(escapeRegExp).join('|')})` : '[^/]+';
      return param[2] ? `(?:/${value})?` : `/${value}`;
    })
    .join('');
  return new RegExp(`^${body}$`);
}

const PATH_NAMES = Object.keys(paths) as PathName[];

/** The pattern of each page path (locale-free pathnames, no query). */
export const PAGE_PATTERNS = Object.fromEntries(
  PATH_NAMES.map((name) => [name, pathPattern(paths[name], PARAM_CHOICES[name])]),
) as Record<PathName, RegExp>;

/** The page a locale-free pathname shows (a trailing slash is ignored), or null when it is none. */
export function matchPage(pathname: string): PathName | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PATH_NAMES.find((name) => PAGE_PATTERNS[name].test(path)) ?? null;
}

/**
 * Whether a locale-free pathname is a page of the client (including pages whose content is
 * decided later, such as a notice id). Used by the server to answer 404 for anything else.
 */
export function isKnownPage(pathname: string): boolean {
  return matchPage(pathname) !== null;
}
