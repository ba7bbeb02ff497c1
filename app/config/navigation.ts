import { href, INFO_TITLES, paths, SOLUTION_NAMES } from '../../contract/routes';
import { env } from './env';

/** One header/footer link: `key` is an i18n key in the `common` namespace. */
export interface NavLink {
  key: string;
  href: string;
  /** Opens in a new tab (the external guide site). */
  external?: boolean;
}

export interface NavMenu {
  key: string;
  links: NavLink[];
}

/** The four header menus of the spec: Introduction, Solution, Pricing, Customer support. */
export const headerMenus: NavMenu[] = [
  {
    key: 'nav.introduction',
    links: INFO_TITLES.map((title) => ({ key: `nav.info.${title}`, href: href.infoDetail(title) })),
  },
  {
    key: 'nav.solution',
    links: SOLUTION_NAMES.map((name) => ({ key: `nav.solutions.${name}`, href: href.solutionDetail(name) })),
  },
  { key: 'nav.pricing', links: [{ key: 'nav.pricing', href: paths.pricing }] },
  {
    key: 'nav.support',
    links: [
      { key: 'nav.supportLinks.notice', href: paths.supportNotice },
      { key: 'nav.supportLinks.faq', href: paths.supportFaq },
      { key: 'nav.supportLinks.policy', href: paths.supportPolicy },
      { key: 'nav.supportLinks.privacy', href: paths.supportPrivacy },
      { key: 'nav.supportLinks.guide', href: env.guideUrl, external: true },
    ],
  },
];

/** Footer groups: the header menus plus the market resources. */
export const footerGroups: NavMenu[] = [
  headerMenus[0]!,
  headerMenus[1]!,
  {
    key: 'nav.resources',
    links: [
      { key: 'nav.resourceLinks.dataset', href: href.resources('dataset') },
      { key: 'nav.resourceLinks.model', href: href.resources('model') },
      { key: 'nav.pricing', href: paths.pricing },
    ],
  },
  headerMenus[3]!,
];
