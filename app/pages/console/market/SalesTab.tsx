import { Badge, HStack, Heading, Input, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { marketHref } from '../../../../contract/marketRoutes';
import { errorCodeOf } from '../../../api/ApiRequestError';
import { EmptyState } from '../../../components/EmptyState';
import { ScrollingTable } from '../../../components/ScrollingTable';
import { Field } from '../../../theme/parts/field';
import { NativeSelect } from '../../../theme/parts/nativeSelect';
import { Table } from '../../../theme/parts/table';
import { formatDateTime } from '../training/trainingFormat';
import { marketApi, marketKeys } from './marketApi';
import { useWon } from './marketFormat';
import { periodRange, SALES_PERIODS, type SalesPeriod } from './salesPeriod';

/** My sales in a period: the count and sum, totals per resource, and each sale. */
export function SalesTab() {
  const { t, i18n } = useTranslation(['market', 'errors']);
  const won = useWon();
  const [period, setPeriod] = useState<SalesPeriod>('thisMonth');
  const [custom, setCustom] = useState({ from: '', to: '' });
  const range = useMemo(() => periodRange(period, new Date(), custom), [period, custom]);
  const sales = useQuery({
    queryKey: marketKeys.sales(range?.from ?? null, range?.to ?? null),
    queryFn: () => marketApi.sales(range!.from, range!.to),
    enabled: range !== null,
  });
  const count = (n: number) => n.toLocaleString(i18n.language);

  return (
    <Stack gap="5">
      <HStack gap="4" align="end" wrap="wrap">
        <Field.Root maxW="56">
          <Field.Label>{t('sales.period')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={period}
              onChange={(e) => setPeriod(e.currentTarget.value as SalesPeriod)}
              data-testid="sales-period"
            >
              {SALES_PERIODS.map((p) => (
                <option key={p} value={p}>
                  {t(`sales.periods.${p}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        {period === 'custom' && (
          <>
            <Field.Root maxW="48">
              <Field.Label>{t('sales.from')}</Field.Label>
              <Input
                type="date"
                value={custom.from}
                onChange={(e) => {
                  const from = e.currentTarget.value;
                  setCustom((c) => ({ ...c, from }));
                }}
                data-testid="sales-from"
              />
            </Field.Root>
            <Field.Root maxW="48" invalid={!!custom.from && !!custom.to && custom.from > custom.to}>
              <Field.Label>{t('sales.to')}</Field.Label>
              <Input
                type="date"
                value={custom.to}
                onChange={(e) => {
                  const to = e.currentTarget.value;
                  setCustom((c) => ({ ...c, to }));
                }}
                data-testid="sales-to"
              />
              <Field.ErrorText>{t('sales.backwards')}</Field.ErrorText>
            </Field.Root>
          </>
        )}
      </HStack>
      {range === null ? (
        <Text color="fg.muted" data-testid="sales-choose">
          {t('sales.choose')}
        </Text>
      ) : sales.isPending ? (
        <Skeleton h="32" />
      ) : sales.isError ? (
        <EmptyState message={t('loadFailed')} hint={t(`errors:${errorCodeOf(sales.error)}`)} />
      ) : (
        <>
          <HStack gap="8" wrap="wrap">
            <Stack gap="0">
              <Text fontSize="sm" color="fg.muted">
                {t('sales.count')}
              </Text>
              <Text fontSize="2xl" fontWeight="700" data-testid="sales-count">
                {count(sales.data.count)}
              </Text>
            </Stack>
            <Stack gap="0">
              <Text fontSize="sm" color="fg.muted">
                {t('sales.total')}
              </Text>
              <Text fontSize="2xl" fontWeight="700" data-testid="sales-total">
                {won(sales.data.total)}
              </Text>
            </Stack>
          </HStack>
          {sales.data.sales.length === 0 ? (
            <EmptyState data-testid="sales-empty" message={t('sales.empty')} hint={t('sales.emptyHint')} />
          ) : (
            <>
              <Heading as="h3" size="sm">
                {t('sales.perResource')}
              </Heading>
              <ScrollingTable
                label={t('sales.perResource')}
                headers={[
                  t('sales.columns.name'),
                  t('sales.columns.kind'),
                  t('sales.columns.count'),
                  t('sales.columns.total'),
                ]}
                minW="560px"
                data-testid="sales-resources"
              >
                {sales.data.resources.map((r) => (
                  <Table.Row key={r.resourceId} data-testid="sales-resource-row">
                    <Table.Cell fontWeight="600">
                      <Link href={marketHref.item(r.resourceId)}>{r.name}</Link>
                    </Table.Cell>
                    <Table.Cell>
                      <Badge variant="outline">{t(`kinds.${r.kind}`)}</Badge>
                    </Table.Cell>
                    <Table.Cell textAlign="end">{count(r.count)}</Table.Cell>
                    <Table.Cell textAlign="end">{won(r.total)}</Table.Cell>
                  </Table.Row>
                ))}
              </ScrollingTable>
              <Heading as="h3" size="sm">
                {t('sales.each')}
              </Heading>
              <ScrollingTable
                label={t('sales.each')}
                headers={[
                  t('sales.columns.at'),
                  t('sales.columns.name'),
                  t('sales.columns.buyer'),
                  t('sales.columns.price'),
                ]}
                minW="560px"
                data-testid="sales-list"
              >
                {sales.data.sales.map((s) => (
                  <Table.Row key={s.purchaseId} data-testid="sales-row">
                    <Table.Cell whiteSpace="nowrap">{formatDateTime(s.at, i18n.language)}</Table.Cell>
                    <Table.Cell>{s.name}</Table.Cell>
                    <Table.Cell>{s.buyer}</Table.Cell>
                    <Table.Cell textAlign="end">{won(s.price)}</Table.Cell>
                  </Table.Row>
                ))}
              </ScrollingTable>
            </>
          )}
        </>
      )}
    </Stack>
  );
}
