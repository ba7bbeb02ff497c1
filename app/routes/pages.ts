import type { ComponentType } from 'react';
import { matchPage, type PathName } from '../../contract/routes';
import { lazyPage } from '../errors/lazyPage';

type Loader = () => Promise<{ default: ComponentType<object> }>;

/** Chunk loaders, one per page; the shell (header, footer, router) is all that pages share. */
const load = {
  Landing: () => import('../pages/landing/LandingPage'),
  Info: () => import('../pages/info/InfoPage'),
  InfoDetail: () => import('../pages/info/InfoDetailPage'),
  InfoDeprecated: () => import('../pages/info/InfoDeprecatedPage'),
  Solution: () => import('../pages/solution/SolutionPage'),
  SolutionDetail: () => import('../pages/solution/SolutionDetailPage'),
  Pricing: () => import('../pages/pricing/PricingPage'),
  Support: () => import('../pages/support/SupportPage'),
  Faq: () => import('../pages/support/FaqPage'),
  NoticeList: () => import('../pages/support/NoticeListPage'),
  NoticeEdit: () => import('../pages/support/NoticeEditPage'),
  NoticeDetail: () => import('../pages/support/NoticeDetailPage'),
  Policy: () => import('../pages/support/PolicyPage'),
  Privacy: () => import('../pages/support/PrivacyPage'),
  SupportDocs: () => import('../pages/support/SupportDocsPage'),
  Search: () => import('../pages/support/SearchPage'),
  Resources: () => import('../pages/resources/ResourcesPage'),
  ResourceDetail: () => import('../pages/resources/ResourceDetailPage'),
  Docs: () => import('../pages/docs/DocsPage'),
  Login: () => import('../pages/auth/LoginPage'),
  LoginAuth: () => import('../pages/auth/LoginAuthPage'),
  LoginReset: () => import('../pages/auth/LoginResetPage'),
  Signup: () => import('../pages/auth/SignupPage'),
  ConsoleHome: () => import('../pages/console/ConsoleHomePage'),
  ConsoleSettings: () => import('../pages/console/SettingsPage'),
  ConsoleOrganization: () => import('../pages/console/organization/OrganizationPage'),
  ConsoleUser: () => import('../pages/console/UserPage'),
  ConsoleProject: () => import('../pages/console/projects/ProjectPage'),
  ConsolePay: () => import('../pages/console/PayResultPage'),
  ConsoleDeploy: () => import('../pages/console/deploy/DeployPage'),
  ConsoleMarket: () => import('../pages/console/market/MarketConsolePage'),
  ConsoleCheckout: () => import('../pages/console/checkout/CheckoutPage'),
} satisfies Record<string, Loader>;

export type PageName = keyof typeof load;

/** The page table: what each path of contract/routes.ts shows (the router and the prefetch read it). */
export const PAGE_OF_PATH: Record<PathName, PageName> = {
  home: 'Landing',
  info: 'Info',
  infoDeprecated: 'InfoDeprecated',
  infoDetail: 'InfoDetail',
  login: 'Login',
  loginAuth: 'LoginAuth',
  loginReset: 'LoginReset',
  loginSignup: 'Signup',
  pricing: 'Pricing',
  solution: 'Solution',
  solutionDetail: 'SolutionDetail',
  support: 'Support',
  supportFaq: 'Faq',
  supportNotice: 'NoticeList',
  supportNoticeEdit: 'NoticeEdit',
  supportNoticeDetail: 'NoticeDetail',
  supportPolicy: 'Policy',
  supportPrivacy: 'Privacy',
  supportDocs: 'SupportDocs',
  supportSearch: 'Search',
  resourceDetail: 'ResourceDetail',
  resources: 'Resources',
  docs: 'Docs',
  console: 'ConsoleHome',
  consoleSettings: 'ConsoleSettings',
  consoleOrganization: 'ConsoleOrganization',
  // The image viewer loads from the project page's chunk (ProjectPage.tsx), which keeps its loader out of the landing entry.
  consoleProjectImage: 'ConsoleProject',
  consoleProjectTraining: 'ConsoleProject',
  consoleProject: 'ConsoleProject',
  consoleEdge: 'ConsoleDeploy',
  consoleEdgePoint: 'ConsoleDeploy',
  consoleWebPoints: 'ConsoleDeploy',
  consoleWebPoint: 'ConsoleDeploy',
  consoleDeploymentNew: 'ConsoleDeploy',
  consoleMarketNew: 'ConsoleMarket',
  consoleMarketItem: 'ConsoleMarket',
  consoleMarket: 'ConsoleMarket',
  consoleMarketReview: 'ConsoleMarket',
  consoleAdminOrders: 'ConsoleCheckout',
  consoleCheckout: 'ConsoleCheckout',
  consoleTestPayment: 'ConsoleCheckout',
  consoleBilling: 'ConsoleCheckout',
  consoleUser: 'ConsoleUser',
  consolePay: 'ConsolePay',
};

/** Every page but the landing page also needs the form and text recipes (theme/pageRecipes.ts). */
function withPageRecipes(loader: Loader): Loader {
  return () => Promise.all([loader(), import('../theme/pageRecipes')]).then(([page]) => page);
}

export const pages = Object.fromEntries(
  Object.entries(load).map(([name, loader]) => [name, lazyPage(name === 'Landing' ? loader : withPageRecipes(loader))]),
) as unknown as Record<PageName, ReturnType<typeof lazyPage>>;

/**
 * Dev pages (the engine lab, the shared components): only in the dev server and in `VITE_LAB=1` builds (the browser
 * tests build with it). In production builds the condition is a constant false, so the lab's
 * chunk (engine, renderer, workers) is not even emitted.
 */
export const LAB_ENABLED: boolean = import.meta.env.DEV || import.meta.env.VITE_LAB === '1';
export const LAB_ENGINE_PATH = '/lab/engine';
export const LAB_COMPONENTS_PATH = '/lab/components';
export const labPages = LAB_ENABLED
  ? {
      EngineLab: lazyPage(withPageRecipes(() => import('../pages/lab/EngineLabPage'))),
      ComponentsLab: lazyPage(withPageRecipes(() => import('../pages/lab/ComponentsLabPage'))),
    }
  : null;

/** The chunk of the page at a locale-free pathname (no query), for prefetch on link intent; null when none. */
export function pageLoaderOf(pathname: string): Loader | null {
  const name = matchPage(pathname);
  return name ? load[PAGE_OF_PATH[name]] : null;
}
