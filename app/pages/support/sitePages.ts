import { href, paths } from '../../../contract/routes';
import { headerMenus } from '../../config/navigation';
import { collectSitePages, type SearchablePage } from './searchSite';

/**
 * Pages the support search finds by title: the header menus plus the menu landing pages,
 * pricing, support and market pages. Keys carry their namespace (`common:` or `support:`).
 */
const EXTRA_PAGES: ReadonlyArray<{ key: string; href: string; sectionKey?: string }> = [
  { key: 'common:nav.introduction', href: paths.info },
  { key: 'common:nav.solution', href: paths.solution },
  { key: 'common:nav.pricing', href: paths.pricing },
  { key: 'common:nav.support', href: paths.support },
  { key: 'support:docs.title', href: paths.supportDocs, sectionKey: 'common:nav.support' },
  { key: 'common:nav.resources', href: href.resources() },
  { key: 'common:nav.resourceLinks.dataset', href: href.resources('dataset'), sectionKey: 'common:nav.resources' },
  { key: 'common:nav.resourceLinks.model', href: href.resources('model'), sectionKey: 'common:nav.resources' },
];

const MENUS = headerMenus.map((menu) => ({
  key: `common:${menu.key}`,
  links: menu.links.map((link) => ({ ...link, key: `common:${link.key}` })),
}));

/** The searchable pages, translated by a `t` that knows the `common` and `support` namespaces. */
export function sitePages(translate: (key: string) => string): SearchablePage[] {
  return collectSitePages(MENUS, EXTRA_PAGES, translate);
}
