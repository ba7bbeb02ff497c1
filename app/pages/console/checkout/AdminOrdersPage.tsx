import { Button, Skeleton, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { ORDER_STATUSES, type Order, type OrderStatus } from '../../../../contract/apiPayments';
import { EmptyState } from '../../../components/EmptyState';
import { PageContainer } from '../../../components/PageContainer';
import { PageTitle } from '../../../components/PageTitle';
import { auth } from '../../../state/auth';
import { Field } from '../../../theme/parts/field';
import { NativeSelect } from '../../../theme/parts/nativeSelect';
import { ApiErrorText } from './ApiErrorText';
import { CancelOrderDialog } from './CancelOrderDialog';
import { checkoutApi, checkoutKeys } from './checkoutApi';
import { OrderTable } from './OrderTable';

function Orders() {
  const { t } = useTranslation('checkout');
  const [status, setStatus] = useState<OrderStatus | null>(null);
  const [canceling, setCanceling] = useState<Order | null>(null);
  const orders = useQuery({ queryKey: checkoutKeys.adminOrders(status), queryFn: () => checkoutApi.adminList(status) });
  return (
    <Stack gap="5">
      <Field.Root maxW="xs">
        <Field.Label>{t('admin.filter')}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            value={status ?? ''}
            onChange={(e) => setStatus((e.currentTarget.value || null) as OrderStatus | null)}
            data-testid="admin-orders-status"
          >
            <option value="">{t('admin.all')}</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      {orders.isPending ? (
        <Skeleton h="40" borderRadius="l3" />
      ) : orders.isError ? (
        <ApiErrorText error={orders.error} testId="admin-orders-error" />
      ) : orders.data.items.length === 0 ? (
        <EmptyState message={t('admin.empty')} data-testid="admin-orders-empty" />
      ) : (
        <OrderTable
          label={t('admin.title')}
          orders={orders.data.items}
          buyer
          testId="admin-orders"
          action={(order) =>
            order.status === 'DONE' ? (
              <Button
                size="xs"
                variant="outline"
                colorPalette="red"
                onClick={() => setCanceling(order)}
                data-testid="order-cancel"
              >
                {t('admin.cancel')}
              </Button>
            ) : null
          }
        />
      )}
      <CancelOrderDialog order={canceling} onClose={() => setCanceling(null)} />
    </Stack>
  );
}

/** /console/admin/orders: every order for platform admins, with refunds; others are told they may not. */
export function AdminOrdersPage() {
  const { t } = useTranslation('checkout');
  const admin = useSnapshot(auth).user?.scope.includes('admin') ?? false;
  return (
    <PageContainer>
      <PageTitle title={t('admin.title')} description={t('admin.description')} />
      {admin ? <Orders /> : <EmptyState data-testid="admin-orders-forbidden" message={t('admin.forbidden')} />}
    </PageContainer>
  );
}
