import { Button, HStack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Resource } from '../../../../contract/apiMarket';
import { Alert } from '../../../theme/parts/alert';
import { projectHref } from '../../../../contract/projectRoutes';
import { formatKoreanTime } from '../../../utils/formatKoreanTime';
import { ExportDialog } from './ExportDialog';
import { marketApi, marketKeys } from './marketApi';
import { usePrice } from './marketFormat';

/** For a buyer: when it was bought and for how much, where it went, and the action that brings it into a project. */
export function BuyerPanel({ resource }: { resource: Resource }) {
  const { t } = useTranslation('market');
  const price = usePrice();
  const purchases = useQuery({ queryKey: marketKeys.purchases, queryFn: marketApi.purchases });
  const purchase = purchases.data?.items.find((p) => p.resource.id === resource.id) ?? null;
  const [exporting, setExporting] = useState(false);
  if (!purchase) return null;
  return (
    <Alert.Root status="success" data-testid="resource-bought">
      <Alert.Content>
        <Alert.Title>
          {t('item.bought', { date: formatKoreanTime(purchase.purchasedAt), price: price(purchase.price) })}
        </Alert.Title>
        <Alert.Description>
          {purchase.exports.length === 0 ? (
            t('purchases.noExports')
          ) : (
            <HStack gap="2" wrap="wrap">
              <Text as="span">{t('item.exportedTo')}</Text>
              {purchase.exports.map((e) => (
                <Link key={`${e.projectId}-${e.at}`} href={projectHref(e.projectId)}>
                  <Text as="span" color="fg.info" textDecoration="underline">
                    {e.projectTitle}
                  </Text>
                </Link>
              ))}
            </HStack>
          )}
        </Alert.Description>
        <Button
          mt="3"
          size="sm"
          colorPalette="brand"
          alignSelf="start"
          onClick={() => setExporting(true)}
          data-testid="resource-export"
        >
          {t(resource.kind === 'model' ? 'export.add' : 'export.button')}
        </Button>
      </Alert.Content>
      <ExportDialog
        key={exporting ? 'open' : 'closed'}
        purchase={exporting ? purchase : null}
        onClose={() => setExporting(false)}
      />
    </Alert.Root>
  );
}
