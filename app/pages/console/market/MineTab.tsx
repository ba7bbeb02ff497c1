import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Resource } from '../../../../contract/apiMarket';
import { marketHref } from '../../../../contract/marketRoutes';
import { href } from '../../../../contract/routes';
import { EmptyState } from '../../../components/EmptyState';
import { ScrollingTable } from '../../../components/ScrollingTable';
import { Switch } from '../../../theme/parts/switch';
import { Table } from '../../../theme/parts/table';
import { formatKoreanTime } from '../../../utils/formatKoreanTime';
import { ApprovalBadge } from './ApprovalBadge';
import { DeleteResourceDialog } from './DeleteResourceDialog';
import { listStage } from './listStage';
import { useMyResources } from './marketApi';
import { usePrice } from './marketFormat';
import { useResourceUpdate } from './useResourceUpdate';

const COLUMNS = ['name', 'kind', 'approval', 'public', 'price', 'sales', 'createdAt', 'actions'] as const;

/** My posted resources in every state, asked again while one is being checked. */
export function MineTab() {
  const { t, i18n } = useTranslation(['market', 'errors']);
  const mine = useMyResources();
  const update = useResourceUpdate();
  const price = usePrice();
  const [removing, setRemoving] = useState<Resource | null>(null);
  const stage = listStage(
    mine,
    <EmptyState
      data-testid="market-mine-empty"
      message={t('mine.empty')}
      hint={t('mine.emptyHint')}
      action={
        <Button asChild colorPalette="brand">
          <Link href={marketHref.newResource()}>{t('post')}</Link>
        </Button>
      }
    />,
  );
  if ('shown' in stage) return stage.shown;
  const { items } = stage;
  return (
    <Stack gap="3">
      {items.some((r) => r.approval === 'checking') && (
        <Text fontSize="sm" color="fg.muted" data-testid="market-checking-hint">
          {t('mine.checkingHint')}
        </Text>
      )}
      <ScrollingTable
        label={t('tabs.mine')}
        headers={COLUMNS.map((c) => t(`mine.columns.${c}`))}
        minW="960px"
        data-testid="market-mine"
      >
        {items.map((resource) => (
          <Table.Row key={resource.id} data-testid="market-mine-row" data-resource={resource.id}>
            <Table.Cell fontWeight="600">
              <Link href={marketHref.item(resource.id)}>{resource.name}</Link>
            </Table.Cell>
            <Table.Cell>
              <Badge variant="outline">{t(`kinds.${resource.kind}`)}</Badge>
            </Table.Cell>
            <Table.Cell>
              <ApprovalBadge resource={resource} />
            </Table.Cell>
            <Table.Cell>
              <Switch.Root
                checked={resource.visibility === 'public'}
                disabled={update.isPending}
                onCheckedChange={(e) =>
                  update.mutate({ id: resource.id, body: { visibility: e.checked ? 'public' : 'private' } })
                }
                colorPalette="brand"
                size="sm"
                data-testid="market-mine-public"
              >
                <Switch.HiddenInput aria-label={t('mine.publicOf', { name: resource.name })} />
                <Switch.Control />
                <Switch.Label fontSize="xs">{t(`visibility.${resource.visibility}`)}</Switch.Label>
              </Switch.Root>
            </Table.Cell>
            <Table.Cell whiteSpace="nowrap">{price(resource.price)}</Table.Cell>
            <Table.Cell textAlign="end" data-testid="market-mine-sales">
              {resource.purchases.toLocaleString(i18n.language)}
            </Table.Cell>
            <Table.Cell whiteSpace="nowrap">{formatKoreanTime(resource.createdAt)}</Table.Cell>
            <Table.Cell>
              <HStack gap="1">
                <Button asChild size="xs" variant="outline">
                  <Link href={marketHref.item(resource.id)}>{t('mine.open')}</Link>
                </Button>
                {resource.approval === 'approved' && resource.visibility === 'public' && (
                  <Button asChild size="xs" variant="ghost" data-testid="market-mine-public-page">
                    <Link href={href.resourceDetail(resource.id)}>{t('mine.publicPage')}</Link>
                  </Button>
                )}
                <Button
                  size="xs"
                  variant="ghost"
                  colorPalette="red"
                  onClick={() => setRemoving(resource)}
                  data-testid="market-mine-delete"
                >
                  {t('delete.button')}
                </Button>
              </HStack>
            </Table.Cell>
          </Table.Row>
        ))}
      </ScrollingTable>
      <DeleteResourceDialog resource={removing} onClose={() => setRemoving(null)} />
    </Stack>
  );
}
