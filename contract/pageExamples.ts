import { edgePointHref, webPointHref } from './deployRoutes';
import { projectHref, projectImageHref, trainingHref } from './projectRoutes';
import { marketHref } from './marketRoutes';
import { href, INFO_TITLES, paths, RESOURCE_KINDS, SOLUTION_NAMES, type PathName } from './routes';

/*
 * Addresses of every page, made by the href builders: the tests check that each one is matched
 * by its own page's pattern and shown by the app's page table, and the browser tests visit the
 * public ones. Tests only: the app never loads this file.
 */

/** Example addresses (locale-free) of each page of `paths`; a path without parameters is its own example. */
export const PAGE_EXAMPLES: Record<PathName, readonly string[]> = {
  home: [paths.home],
  info: [paths.info],
  infoDeprecated: [paths.infoDeprecated],
  infoDetail: INFO_TITLES.map(href.infoDetail),
  login: [paths.login],
  loginAuth: ['/login/auth', href.loginAuth('abc123')],
  loginReset: ['/login/reset', href.loginReset('abc123')],
  loginSignup: [paths.loginSignup],
  pricing: [paths.pricing],
  solution: [paths.solution],
  solutionDetail: SOLUTION_NAMES.map(href.solutionDetail),
  support: [paths.support],
  supportFaq: [paths.supportFaq],
  supportNotice: [paths.supportNotice],
  supportNoticeEdit: [paths.supportNoticeEdit],
  supportNoticeDetail: [href.noticeDetail(1)],
  supportPolicy: [paths.supportPolicy],
  supportPrivacy: [paths.supportPrivacy],
  supportDocs: [paths.supportDocs],
  supportSearch: [href.search('라벨')],
  resourceDetail: [href.resourceDetail(1)],
  resources: [href.resources(), ...RESOURCE_KINDS.map(href.resources)],
  docs: [paths.docs],
  console: [paths.console],
  consoleSettings: [paths.consoleSettings],
  consoleOrganization: [paths.consoleOrganization],
  consoleProjectImage: [projectImageHref('p1', 'i1')],
  consoleProjectTraining: [trainingHref('p1', 'new'), trainingHref('p1', 't1')],
  consoleProject: [
    projectHref('p1'),
    projectHref('p1', 'settings'),
    projectHref('p1', 'training'),
    projectHref('p1', 'models'),
  ],
  consoleEdge: [paths.consoleEdge],
  consoleEdgePoint: [edgePointHref('p1', 'e1')],
  consoleWebPoints: [paths.consoleWebPoints],
  consoleWebPoint: [webPointHref('p1', 'w1')],
  consoleDeploymentNew: [paths.consoleDeploymentNew],
  consoleMarketNew: [paths.consoleMarketNew],
  consoleMarketItem: [marketHref.item('r1')],
  consoleMarket: [marketHref.tab(), marketHref.tab('purchases')],
  consoleMarketReview: [paths.consoleMarketReview],
  consoleAdminOrders: [paths.consoleAdminOrders],
  consoleCheckout: [marketHref.checkoutResource('r1')],
  consoleTestPayment: [marketHref.testPayment('order_123456')],
  consoleBilling: [paths.consoleBilling],
  consoleUser: [href.consoleUser('kim@example.com')],
  consolePay: [paths.consolePay],
};

/** Console pages that need a signed-in user (the payment result page does not: the payment service sends users back there). */
export const SIGNED_IN_PAGES: readonly PathName[] = [
  'console',
  'consoleSettings',
  'consoleOrganization',
  'consoleProjectImage',
  'consoleProjectTraining',
  'consoleProject',
  'consoleEdge',
  'consoleEdgePoint',
  'consoleWebPoints',
  'consoleWebPoint',
  'consoleDeploymentNew',
  'consoleMarketNew',
  'consoleMarketItem',
  'consoleMarket',
  'consoleMarketReview',
  'consoleAdminOrders',
  'consoleCheckout',
  'consoleTestPayment',
  'consoleBilling',
  'consoleUser',
];

/** The addresses of every page anyone may open, in `paths` order. */
export function publicPageExamples(): string[] {
  return (Object.keys(PAGE_EXAMPLES) as PathName[])
    .filter((name) => !SIGNED_IN_PAGES.includes(name))
    .flatMap((name) => PAGE_EXAMPLES[name]);
}
