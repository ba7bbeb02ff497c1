import { Button, Skeleton } from '@chakra-ui/react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { href } from '../../../../contract/routes';
import { errorCodeOf } from '../../../api/ApiRequestError';
import { EmptyState } from '../../../components/EmptyState';

/** A list that could not be loaded, with the server's reason. */
function LoadFailed({ error }: { error: unknown }) {
  const { t } = useTranslation(['market', 'errors']);
  return <EmptyState message={t('loadFailed')} hint={t(`errors:${errorCodeOf(error)}`)} />;
}

/** An empty list of things found on the market (bookmarks, purchases), with the way there. */
export function ToMarketEmpty({ tab }: { tab: 'bookmarks' | 'purchases' }) {
  const { t } = useTranslation('market');
  return (
    <EmptyState
      data-testid={`market-${tab}-empty`}
      message={t(`${tab}.empty`)}
      hint={t(`${tab}.emptyHint`)}
      action={
        <Button asChild variant="outline">
          <Link href={href.resources()}>{t('toMarket')}</Link>
        </Button>
      }
    />
  );
}

/**
 * Where a tab of My resources stands before its table: what to show while the list loads, when it
 * failed or when it is empty (`shown`), else its `items`. A result rather than a component, so the
 * tab goes on with typed rows.
 */
export function listStage<T>(
  query: UseQueryResult<{ items: T[] }>,
  empty: ReactElement,
): { shown: ReactElement } | { items: T[] } {
  if (query.isPending) return { shown: <Skeleton h="32" /> };
  if (query.isError) return { shown: <LoadFailed error={query.error} /> };
  return query.data.items.length === 0 ? { shown: empty } : { items: query.data.items };
}
