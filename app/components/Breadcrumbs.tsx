import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { Breadcrumb } from '../theme/parts/breadcrumb';
import { useLocale } from '../i18n/useLocale';

/** Translation of each known path segment (namespace `common`, key `crumbs.<segment>`). */
const SEGMENT_KEYS: Record<string, string> = {
  info: 'nav.introduction',
  solution: 'nav.solution',
  support: 'nav.support',
  dataset: 'nav.info.dataset',
  label: 'nav.info.label',
  training: 'nav.info.training',
  test: 'nav.info.test',
  deploy: 'nav.info.deploy',
  vision: 'nav.solutions.vision',
  tools: 'nav.solutions.tools',
  chamber: 'nav.solutions.chamber',
  notice: 'nav.supportLinks.notice',
  faq: 'nav.supportLinks.faq',
  policy: 'nav.supportLinks.policy',
  privacy: 'nav.supportLinks.privacy',
  docs: 'crumbs.docs',
  search: 'crumbs.search',
  edit: 'crumbs.edit',
  index_deprecated: 'crumbs.indexDeprecated',
};

export interface Crumb {
  href: string;
  label: string;
}

/** Crumbs from the path segments: each prefix of the path is one crumb, home first. */
export function crumbsFor(path: string, label: (segment: string) => string): Crumb[] {
  const segments = path.split('/').filter(Boolean);
  return segments.map((segment, i) => ({
    href: `/${segments.slice(0, i + 1).join('/')}`,
    label: label(decodeURIComponent(segment)),
  }));
}

/**
 * Breadcrumb of the info, solution and support pages, built from the path. `current` replaces
 * the label of the last segment (e.g. a notice's title instead of its id).
 */
export function Breadcrumbs({ current }: { current?: string }) {
  const { t } = useTranslation('common');
  const { homeHref } = useLocale();
  const [location] = useLocation();
  const crumbs = crumbsFor(location, (segment) => (SEGMENT_KEYS[segment] ? t(SEGMENT_KEYS[segment]) : segment));
  const last = crumbs.length - 1;
  return (
    <Breadcrumb.Root aria-label={t('breadcrumb.label')} size="sm" mb="4" data-testid="breadcrumbs">
      <Breadcrumb.List>
        <Breadcrumb.Item>
          <Breadcrumb.Link asChild>
            <Link href={homeHref}>{t('breadcrumb.home')}</Link>
          </Breadcrumb.Link>
        </Breadcrumb.Item>
        {crumbs.map((crumb, i) => (
          <Fragment key={crumb.href}>
            <Breadcrumb.Separator />
            <Breadcrumb.Item>
              {i === last ? (
                <Breadcrumb.CurrentLink>{current ?? crumb.label}</Breadcrumb.CurrentLink>
              ) : (
                <Breadcrumb.Link asChild>
                  <Link href={crumb.href}>{crumb.label}</Link>
                </Breadcrumb.Link>
              )}
            </Breadcrumb.Item>
          </Fragment>
        ))}
      </Breadcrumb.List>
    </Breadcrumb.Root>
  );
}
