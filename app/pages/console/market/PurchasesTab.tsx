import { Badge, Button, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Purchase } from '../../../../contract/apiMarket';
import { marketHref } from '../../../../contract/marketRoutes';
import { projectHref } from '../../../../contract/projectRoutes';
import { ScrollingTable } from '../../../components/ScrollingTable';
import { Table } from '../../../theme/parts/table';
import { formatKoreanTime } from '../../../utils/formatKoreanTime';
import { ExportDialog } from './ExportDialog';
import { listStage, ToMarketEmpty } from './listStage';
import { marketApi, marketKeys } from './marketApi';
import { usePrice } from './marketFormat';

const COLUMNS = ['name', 'kind', 'seller', 'price', 'purchasedAt', 'exports', 'actions'] as const;

/** What I bought: the price paid, when, where it went, and the action that brings it into a project. */
export function PurchasesTab() {
  const { t } = useTranslation(['market', 'errors']);
  const price = usePrice();
  const purchases = useQuery({ queryKey: marketKeys.purchases, queryFn: marketApi.purchases });
  const [exporting, setExporting] = useState<Purchase | null>(null);
  const stage = listStage(purchases, <ToMarketEmpty tab="purchases" />);
  if ('shown' in stage) return stage.shown;
  return (
    <>
      <ScrollingTable
        label={t('tabs.purchases')}
        headers={COLUMNS.map((c) => t(`purchases.columns.${c}`))}
        minW="880px"
        data-testid="market-purchases"
      >
        {stage.items.map((purchase) => {
          const { resource } = purchase;
          const last = purchase.exports[0];
          return (
            <Table.Row key={purchase.id} data-testid="market-purchase-row" data-purchase={purchase.id}>
              <Table.Cell fontWeight="600">
                <Link href={marketHref.item(resource.id)}>{resource.name}</Link>
              </Table.Cell>
              <Table.Cell>
                <Badge variant="outline">{t(`kinds.${resource.kind}`)}</Badge>
              </Table.Cell>
              <Table.Cell>{resource.seller.name}</Table.Cell>
              <Table.Cell whiteSpace="nowrap" data-testid="market-purchase-price">
                {price(purchase.price)}
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">{formatKoreanTime(purchase.purchasedAt)}</Table.Cell>
              <Table.Cell data-testid="market-purchase-exports">
                {last ? (
                  <Stack gap="0">
                    <Link href={projectHref(last.projectId)}>
                      <Text as="span" color="fg.info" textDecoration="underline">
                        {last.projectTitle}
                      </Text>
                    </Link>
                    {purchase.exports.length > 1 && (
                      <Text fontSize="xs" color="fg.muted">
                        {t('purchases.moreExports', { count: purchase.exports.length - 1 })}
                      </Text>
                    )}
                  </Stack>
                ) : (
                  <Text color="fg.muted">{t('purchases.noExports')}</Text>
                )}
              </Table.Cell>
              <Table.Cell>
                <Button
                  size="xs"
                  colorPalette="brand"
                  variant="outline"
                  onClick={() => setExporting(purchase)}
                  data-testid="market-purchase-export"
                >
                  {t(resource.kind === 'model' ? 'export.add' : 'export.button')}
                </Button>
              </Table.Cell>
            </Table.Row>
          );
        })}
      </ScrollingTable>
      <ExportDialog key={exporting?.id ?? 'none'} purchase={exporting} onClose={() => setExporting(null)} />
    </>
  );
}
