import { Button, Link as ChakraLink, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { paths } from '../../../../contract/routes';
import { PageContainer } from '../../../components/PageContainer';
import { PageTitle } from '../../../components/PageTitle';
import { useLocale } from '../../../i18n/useLocale';
import { ApiErrorText } from './ApiErrorText';
import { checkoutApi, checkoutKeys } from './checkoutApi';
import { formatWon } from '../../../utils/formatWon';
import { OrderLines } from './OrderLines';
import { payResultHref } from './startPayment';
import { TestModeBanner } from './TestModeBanner';

/** Where the window returns, as Toss's window would: the result page with the provider's query. */
function returnHref(query: Record<string, string>): string {
  return `${paths.consolePay}?${new URLSearchParams(query).toString()}`;
}

/**
 * /console/checkout/test/:orderId: the built-in test provider's payment window. It approves or
 * cancels like Toss's window and returns to the result page with the same query, so the
 * confirmation that follows is the real one; no money moves.
 */
export function TestPaymentWindow({ orderId }: { orderId: string }) {
  const { t } = useTranslation('checkout');
  const { locale } = useLocale();
  const [, navigate] = useLocation();
  const order = useQuery({ queryKey: checkoutKeys.order(orderId), queryFn: () => checkoutApi.get(orderId) });
  const approve = useMutation({
    mutationFn: () => checkoutApi.approveTest(orderId),
    onSuccess: ({ paymentKey }) =>
      navigate(returnHref({ paymentKey, orderId, amount: String(order.data!.amount), paymentType: 'NORMAL' })),
  });
  const cancel = () =>
    navigate(returnHref({ code: 'PAY_PROCESS_CANCELED', message: t('testWindow.canceledMessage'), orderId }));

  let body;
  if (order.isPending) body = <Skeleton h="40" borderRadius="l3" />;
  else if (order.isError) body = <ApiErrorText error={order.error} testId="test-window-error" />;
  else {
    const ready = order.data.status === 'READY';
    body = (
      <Stack gap="5">
        <OrderLines
          title={t('testWindow.order')}
          lines={[
            { label: t('summary.item'), value: order.data.orderName, testId: 'test-window-name' },
            {
              label: t('summary.total'),
              value: formatWon(order.data.amount, locale),
              testId: 'test-window-amount',
              total: true,
            },
          ]}
        />
        {ready ? (
          <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
            <Button
              colorPalette="brand"
              size="lg"
              onClick={() => approve.mutate()}
              loading={approve.isPending}
              data-testid="test-window-pay"
            >
              {t('testWindow.pay')}
            </Button>
            <Button
              variant="outline"
              size="lg"
              onClick={cancel}
              disabled={approve.isPending}
              data-testid="test-window-cancel"
            >
              {t('testWindow.cancel')}
            </Button>
          </Stack>
        ) : (
          <Stack gap="1" data-testid="test-window-settled">
            <Text>{t('testWindow.notReady', { status: t(`status.${order.data.status}`) })}</Text>
            <ChakraLink asChild color="brand.600" fontWeight="600">
              <Link href={payResultHref(orderId)}>{t('testWindow.toResult')}</Link>
            </ChakraLink>
          </Stack>
        )}
        {approve.isError && <ApiErrorText error={approve.error} testId="test-window-approve-error" />}
      </Stack>
    );
  }
  return (
    <PageContainer>
      <Stack gap="6" maxW="xl" mx="auto" data-testid="test-window">
        <PageTitle title={t('testWindow.title')} description={t('testWindow.description')} mb="0" />
        <TestModeBanner />
        {body}
      </Stack>
    </PageContainer>
  );
}
