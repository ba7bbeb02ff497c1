import { Box, Button, Skeleton, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import type { Order, OrderStatus } from '../../../contract/apiPayments';
import { marketHref } from '../../../contract/marketRoutes';
import { paths } from '../../../contract/routes';
import { isApiRequestError } from '../../api/ApiRequestError';
import { EmptyState } from '../../components/EmptyState';
import { PageContainer } from '../../components/PageContainer';
import { PageTitle } from '../../components/PageTitle';
import { useLocale } from '../../i18n/useLocale';
import { ApiErrorText } from './checkout/ApiErrorText';
import { checkoutApi } from './checkout/checkoutApi';
import { formatWon } from '../../utils/formatWon';
import { formatKst } from './checkout/checkoutFormat';
import { TestModeBanner } from './checkout/TestModeBanner';
import { ConsoleScope } from './ConsoleScope';
import { PayDetails, type PayDetail } from './PayDetails';
import { parsePayResult, type PayResult } from './payResult';

interface Outcome {
  /** The order as the server has it after this visit (null: it could not be read). */
  order: Order | null;
  /** Why the confirmation or failure report was refused (the order is then shown as it stands). */
  error: unknown;
}

/**
 * Settles the return with the server: confirm a payment, record a failure, or read the order.
 * Harmless to repeat (a reload): the server answers a settled order unchanged.
 */
async function settle(result: PayResult): Promise<Outcome> {
  try {
    if (result.kind === 'confirm') {
      const { paymentKey, orderId, amount } = result;
      return { order: await checkoutApi.confirm({ paymentKey, orderId, amount }), error: null };
    }
    if (result.kind === 'failure')
      return { order: await checkoutApi.fail(result.orderId, result.code, result.message), error: null };
    return { order: await checkoutApi.get(result.orderId), error: null };
  } catch (error) {
    if (!isApiRequestError(error) || result.kind === 'order') return { order: null, error };
    const order = await checkoutApi.get(result.orderId).catch(() => null);
    return { order, error };
  }
}

const MARK: Record<OrderStatus, { sign: string; bg: string; color: string }> = {
  DONE: { sign: '✓', bg: 'green.100', color: 'green.700' },
  FAILED: { sign: '!', bg: 'red.100', color: 'red.700' },
  CANCELED: { sign: '↺', bg: 'gray.100', color: 'gray.700' },
  READY: { sign: '…', bg: 'orange.100', color: 'orange.700' },
};

function StatusMark({ status }: { status: OrderStatus }) {
  const mark = MARK[status];
  return (
    <Box
      aria-hidden="true"
      w="16"
      h="16"
      rounded="full"
      display="grid"
      placeItems="center"
      fontSize="3xl"
      fontWeight="700"
      bg={mark.bg}
      color={mark.color}
    >
      {mark.sign}
    </Box>
  );
}

function useDetails(order: Order): PayDetail[] {
  const { t } = useTranslation('checkout');
  const { locale } = useLocale();
  const rows: PayDetail[] = [
    { label: t('result.orderName'), value: order.orderName, testId: 'pay-order-name' },
    { label: t('result.orderId'), value: order.orderId, testId: 'pay-order-id' },
    { label: t('result.amount'), value: formatWon(order.amount, locale), testId: 'pay-amount' },
    { label: t('result.status'), value: t(`status.${order.status}`), testId: 'pay-status' },
  ];
  if (order.method) rows.push({ label: t('result.method'), value: order.method, testId: 'pay-method' });
  if (order.approvedAt)
    rows.push({ label: t('result.approvedAt'), value: formatKst(order.approvedAt), testId: 'pay-approved-at' });
  if (order.canceledAt)
    rows.push({ label: t('result.canceledAt'), value: formatKst(order.canceledAt), testId: 'pay-canceled-at' });
  const reason = order.failureMessage || order.failureCode;
  if ((order.status === 'FAILED' || order.status === 'CANCELED') && reason)
    rows.push({ label: t('result.reason'), value: reason, testId: 'pay-reason' });
  return rows;
}

/** Where to go from here: the bought thing when paid, another try when not. */
function NextSteps({ order }: { order: Order }) {
  const { t } = useTranslation('checkout');
  const retry =
    order.kind === 'resource' && order.resourceId
      ? marketHref.checkoutResource(order.resourceId)
      : order.plan && order.billing
        ? marketHref.checkoutPlan(order.plan, order.billing, order.account ?? undefined)
        : paths.pricing;
  const owned = order.kind === 'resource' ? marketHref.tab('purchases') : paths.consoleBilling;
  const ownedText = order.kind === 'resource' ? t('next.purchases') : t('next.billing');
  return (
    <Stack direction={{ base: 'column', sm: 'row' }} gap="3" w={{ base: 'full', sm: 'auto' }}>
      {order.status === 'DONE' ? (
        <Button asChild colorPalette="brand" size="lg" data-testid="pay-next">
          <Link href={owned}>{ownedText}</Link>
        </Button>
      ) : order.status === 'CANCELED' ? (
        <Button asChild variant="outline" size="lg" data-testid="pay-next">
          <Link href={owned}>{ownedText}</Link>
        </Button>
      ) : (
        <Button asChild colorPalette="brand" size="lg" data-testid="pay-next">
          <Link href={retry}>{t('next.retry')}</Link>
        </Button>
      )}
      {order.status !== 'DONE' && (
        <Button asChild variant="outline" size="lg">
          <Link href={paths.support}>{t('next.support')}</Link>
        </Button>
      )}
    </Stack>
  );
}

function Result({ outcome }: { outcome: Outcome }) {
  const { t } = useTranslation('checkout');
  const { order, error } = outcome;
  if (!order)
    return (
      <Stack gap="4" maxW="xl" mx="auto" data-testid="pay-result" data-status="unknown">
        <PageTitle title={t('result.unknown.title')} mb="0" align="center" justify="center" textAlign="center" />
        <ApiErrorText error={error} testId="pay-error" />
      </Stack>
    );
  return <OrderResult order={order} error={error} />;
}

function OrderResult({ order, error }: { order: Order; error: unknown }) {
  const { t } = useTranslation('checkout');
  const rows = useDetails(order);
  return (
    <Stack
      gap="6"
      align="center"
      textAlign="center"
      maxW="xl"
      mx="auto"
      data-testid="pay-result"
      data-status={order.status}
    >
      {order.provider === 'test' && <TestModeBanner />}
      <StatusMark status={order.status} />
      <PageTitle
        title={t(`result.${order.status}.title`)}
        description={t(`result.${order.status}.body`)}
        mb="0"
        align="center"
        justify="center"
      />
      {error !== null && <ApiErrorText error={error} testId="pay-error" />}
      <PayDetails title={t('result.details')} rows={rows} />
      <NextSteps order={order} />
    </Stack>
  );
}

function NoPayment() {
  const { t } = useTranslation('checkout');
  return (
    <Stack gap="2" maxW="xl" mx="auto" data-testid="pay-none">
      <PageTitle title={t('result.none.title')} mb="0" align="center" justify="center" textAlign="center" />
      <EmptyState
        message={t('result.none.message')}
        hint={t('result.none.hint')}
        action={
          <Button asChild colorPalette="brand" mt="2">
            <Link href={paths.pricing}>{t('next.pricing')}</Link>
          </Button>
        }
      />
    </Stack>
  );
}

function Settling({ result }: { result: PayResult }) {
  const outcome = useQuery({
    queryKey: ['pay-result', result],
    queryFn: () => settle(result),
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  if (outcome.isPending) return <Skeleton h="60" maxW="xl" mx="auto" borderRadius="l3" data-testid="pay-settling" />;
  return <Result outcome={outcome.data ?? { order: null, error: outcome.error }} />;
}

/**
 * /console/admin/pay: where the payment window sends the buyer back (Toss's successUrl and
 * failUrl, and the built-in test window). The server settles the order — it never trusts the
 * amount in the address — and the page says what happened in plain words.
 */
export default function PayResultPage() {
  const search = useSearch();
  const result = useMemo(() => parsePayResult(search), [search]);
  return (
    <ConsoleScope>
      <PageContainer>
        <Box py={{ base: '4', md: '10' }}>{result ? <Settling result={result} /> : <NoPayment />}</Box>
      </PageContainer>
    </ConsoleScope>
  );
}
