import { Badge, Link as ChakraLink, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Order, OrderStatus } from '../../../../contract/apiPayments';
import { ScrollingTable } from '../../../components/ScrollingTable';
import { useLocale } from '../../../i18n/useLocale';
import { Table } from '../../../theme/parts/table';
import { formatWon } from '../../../utils/formatWon';
import { formatKst } from './checkoutFormat';
import { payResultHref } from './startPayment';

export const STATUS_PALETTE: Record<OrderStatus, string> = {
  READY: 'orange',
  DONE: 'green',
  FAILED: 'red',
  CANCELED: 'gray',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation('checkout');
  return (
    <Badge colorPalette={STATUS_PALETTE[status]} data-testid="order-status">
      {t(`status.${status}`)}
    </Badge>
  );
}

/**
 * Orders, newest first: name (opening the order's result page), amount, status, date and method;
 * `buyer` adds who paid (admins' list), `action` a last cell per row (admins' refund).
 */
export function OrderTable({
  label,
  orders,
  buyer,
  action,
  testId,
}: {
  label: string;
  orders: readonly Order[];
  buyer?: boolean;
  action?: (order: Order) => ReactNode;
  testId: string;
}) {
  const { t } = useTranslation('checkout');
  const { locale } = useLocale();
  const headers = [
    t('orders.name'),
    ...(buyer ? [t('orders.buyer')] : []),
    t('orders.amount'),
    t('orders.status'),
    t('orders.date'),
    t('orders.method'),
    ...(action ? [t('orders.action')] : []),
  ];
  return (
    <ScrollingTable label={label} headers={headers} minW={buyer ? '960px' : '720px'} data-testid={testId}>
      {orders.map((order) => (
        <Table.Row key={order.orderId} data-testid="order-row" data-order={order.orderId} data-status={order.status}>
          <Table.Cell fontWeight="600">
            <ChakraLink asChild>
              <Link href={payResultHref(order.orderId)}>{order.orderName}</Link>
            </ChakraLink>
            {order.provider === 'test' && (
              <Text as="span" ms="2" fontSize="xs" color="fg.muted">
                {t('orders.test')}
              </Text>
            )}
          </Table.Cell>
          {buyer && (
            <Table.Cell>
              {order.buyer.name}
              <Text fontSize="xs" color="fg.muted">
                {order.buyer.email}
              </Text>
            </Table.Cell>
          )}
          <Table.Cell textAlign="end" whiteSpace="nowrap" data-testid="order-amount">
            {formatWon(order.amount, locale)}
          </Table.Cell>
          <Table.Cell>
            <OrderStatusBadge status={order.status} />
            {order.status === 'CANCELED' && order.failureMessage && (
              <Text fontSize="xs" color="fg.muted" maxW="48">
                {order.failureMessage}
              </Text>
            )}
          </Table.Cell>
          <Table.Cell whiteSpace="nowrap">{formatKst(order.approvedAt ?? order.createdAt)}</Table.Cell>
          <Table.Cell>{order.method ?? '—'}</Table.Cell>
          {action && <Table.Cell>{action(order)}</Table.Cell>}
        </Table.Row>
      ))}
    </ScrollingTable>
  );
}
