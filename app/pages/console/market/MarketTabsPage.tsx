import { Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useRoute } from 'wouter';
import { MARKET_TABS, marketHref, type MarketTab } from '../../../../contract/marketRoutes';
import { paths } from '../../../../contract/routes';
import { PageContainer } from '../../../components/PageContainer';
import { PageTitle } from '../../../components/PageTitle';
import { AppTabs } from '../../../components/Tabs';
import { NotFoundPage } from '../../../errors/ErrorPage';
import { useIsAdmin } from '../../support/adminScope';
import { BookmarksTab } from './BookmarksTab';
import { MineTab } from './MineTab';
import { PurchasesTab } from './PurchasesTab';
import { SalesTab } from './SalesTab';

function isTab(value: string | undefined): value is MarketTab {
  return (MARKET_TABS as readonly string[]).includes(value ?? '');
}

/** /console/market/:tab?: my resources, bookmarks, purchases and sales as tabs kept in the URL. */
export default function MarketTabsPage() {
  const { t } = useTranslation('market');
  const [, params] = useRoute(paths.consoleMarket);
  const [, navigate] = useLocation();
  const admin = useIsAdmin();
  const tab = params?.tab;
  if (tab !== undefined && !isTab(tab)) return <NotFoundPage />;
  const current: MarketTab = tab ?? 'mine';
  return (
    <PageContainer>
      <PageTitle
        title={t('title')}
        description={t('description')}
        actions={
          <>
            {admin && (
              <Button asChild variant="outline" data-testid="market-review-link">
                <Link href={paths.consoleMarketReview}>{t('review.title')}</Link>
              </Button>
            )}
            <Button asChild colorPalette="brand" data-testid="market-new">
              <Link href={marketHref.newResource()}>{t('post')}</Link>
            </Button>
          </>
        }
      />
      <AppTabs
        label={t('tabsLabel')}
        items={MARKET_TABS.map((name) => ({ name, text: t(`tabs.${name}`) }))}
        value={current}
        onChange={(name) => navigate(marketHref.tab(name))}
      >
        {(name) =>
          name === 'mine' ? (
            <MineTab />
          ) : name === 'bookmarks' ? (
            <BookmarksTab />
          ) : name === 'purchases' ? (
            <PurchasesTab />
          ) : (
            <SalesTab />
          )
        }
      </AppTabs>
    </PageContainer>
  );
}
