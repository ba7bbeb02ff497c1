import { useQuery } from '@tanstack/react-query';
import {
  billingSchema,
  orderListSchema,
  orderSchema,
  paymentConfigSchema,
  testApprovalSchema,
  type OrderCreate,
  type OrderStatus,
  type PaymentConfirm,
} from '../../../../contract/apiPayments';
import { apiFetch } from '../../../api/apiFetch';

const order = (orderId: string) => `orders/${encodeURIComponent(orderId)}`;

/** The orders and payments API of contract/apiPayments.ts, one function per call. */
export const checkoutApi = {
  config: () => apiFetch('payments/config', { schema: paymentConfigSchema, auth: false }),
  create: (body: OrderCreate) => apiFetch('orders', { method: 'POST', body, schema: orderSchema }),
  list: () => apiFetch('orders', { schema: orderListSchema }),
  get: (orderId: string) => apiFetch(order(orderId), { schema: orderSchema }),
  confirm: (body: PaymentConfirm) => apiFetch('payments/confirm', { method: 'POST', body, schema: orderSchema }),
  fail: (orderId: string, code: string, message: string) =>
    apiFetch(`${order(orderId)}/failure`, { method: 'POST', body: { code, message }, schema: orderSchema }),
  approveTest: (orderId: string) =>
    apiFetch(`payments/test/${encodeURIComponent(orderId)}/approve`, { method: 'POST', schema: testApprovalSchema }),
  billing: (account: string) =>
    apiFetch(`billing?organization=${encodeURIComponent(account)}`, { schema: billingSchema }),
  adminList: (status: OrderStatus | null) =>
    apiFetch(status ? `admin/orders?status=${status}` : 'admin/orders', { schema: orderListSchema }),
  cancel: (orderId: string, reason: string) =>
    apiFetch(`admin/${order(orderId)}/cancel`, { method: 'POST', body: { reason }, schema: orderSchema }),
};

export const checkoutKeys = {
  config: ['payments', 'config'] as const,
  orders: ['orders'] as const,
  order: (orderId: string) => ['orders', orderId] as const,
  billing: (account: string) => ['billing', account] as const,
  adminOrders: (status: OrderStatus | null) => ['admin', 'orders', status ?? 'all'] as const,
};

/** Which provider takes payments here (Toss, or the built-in test provider). */
export function usePaymentConfig() {
  return useQuery({ queryKey: checkoutKeys.config, queryFn: checkoutApi.config, staleTime: 5 * 60_000 });
}
