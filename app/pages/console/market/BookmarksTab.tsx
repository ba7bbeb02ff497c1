import { Badge, Button } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { href } from '../../../../contract/routes';
import { errorCodeOf } from '../../../api/ApiRequestError';
import { ScrollingTable } from '../../../components/ScrollingTable';
import { Table } from '../../../theme/parts/table';
import { toaster } from '../toaster';
import { listStage, ToMarketEmpty } from './listStage';
import { marketApi, marketKeys } from './marketApi';
import { usePrice } from './marketFormat';

const COLUMNS = ['name', 'kind', 'seller', 'price', 'actions'] as const;

/** Resources I bookmarked on the market, each linking to its market page. */
export function BookmarksTab() {
  const { t } = useTranslation(['market', 'errors']);
  const client = useQueryClient();
  const price = usePrice();
  const bookmarks = useQuery({ queryKey: marketKeys.bookmarks, queryFn: marketApi.bookmarks });
  const remove = useMutation({
    mutationFn: (id: string) => marketApi.unbookmark(id),
    onSuccess: () => {
      toaster.create({ type: 'success', title: t('bookmarks.removed') });
      void client.invalidateQueries({ queryKey: marketKeys.bookmarks });
    },
    onError: (error) =>
      toaster.create({
        type: 'error',
        title: t('bookmarks.removeFailed'),
        description: t(`errors:${errorCodeOf(error)}`),
      }),
  });
  const stage = listStage(bookmarks, <ToMarketEmpty tab="bookmarks" />);
  if ('shown' in stage) return stage.shown;
  return (
    <ScrollingTable
      label={t('tabs.bookmarks')}
      headers={COLUMNS.map((c) => t(`bookmarks.columns.${c}`))}
      minW="640px"
      data-testid="market-bookmarks"
    >
      {stage.items.map((resource) => (
        <Table.Row key={resource.id} data-testid="market-bookmark-row" data-resource={resource.id}>
          <Table.Cell fontWeight="600">
            <Link href={href.resourceDetail(resource.id)}>{resource.name}</Link>
          </Table.Cell>
          <Table.Cell>
            <Badge variant="outline">{t(`kinds.${resource.kind}`)}</Badge>
          </Table.Cell>
          <Table.Cell>{resource.seller.name}</Table.Cell>
          <Table.Cell whiteSpace="nowrap">{price(resource.price)}</Table.Cell>
          <Table.Cell>
            <Button
              size="xs"
              variant="ghost"
              loading={remove.isPending && remove.variables === resource.id}
              onClick={() => remove.mutate(resource.id)}
              aria-label={t('bookmarks.removeOf', { name: resource.name })}
              data-testid="market-bookmark-remove"
            >
              {t('bookmarks.remove')}
            </Button>
          </Table.Cell>
        </Table.Row>
      ))}
    </ScrollingTable>
  );
}
