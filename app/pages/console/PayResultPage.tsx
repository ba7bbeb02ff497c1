import { Box, Button, Stack } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { paths } from '../../../contract/routes';
import { EmptyState } from '../../components/EmptyState';
import { PageContainer } from '../../components/PageContainer';
import { PageTitle } from '../../components/PageTitle';
import { env } from '../../config/env';
import { useLocale } from '../../i18n/useLocale';
import { PayDetails, type PayDetail } from './PayDetails';
import { parsePayResult, type PayResult } from './payResult';

function StatusMark({ success }: { success: boolean }) {
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
      bg={success ? 'green.100' : 'red.100'}
      color={success ? 'green.700' : 'red.700'}
    >
      {success ? '✓' : '!'}
    </Box>
  );
}

function useDetails(result: PayResult): PayDetail[] {
  const { t } = useTranslation('console');
  const { locale } = useLocale();
  const won = new Intl.NumberFormat(locale, { style: 'currency', currency: 'KRW' });
  const rows: PayDetail[] = [];
  if (result.orderId) rows.push({ label: t('pay.orderId'), value: result.orderId, testId: 'pay-order-id' });
  if (result.plan) rows.push({ label: t('pay.plan'), value: result.plan, testId: 'pay-plan' });
  if (result.amount !== undefined)
    rows.push({ label: t('pay.amount'), value: won.format(result.amount), testId: 'pay-amount' });
  if (result.status !== 'success' && result.message)
    rows.push({ label: t('pay.reason'), value: result.message, testId: 'pay-reason' });
  return rows;
}

function Result({ result }: { result: PayResult }) {
  const { t } = useTranslation('console');
  const rows = useDetails(result);
  const success = result.status === 'success';
  return (
    <Stack
      gap="6"
      align="center"
      textAlign="center"
      maxW="xl"
      mx="auto"
      data-testid="pay-result"
      data-status={result.status}
    >
      <StatusMark success={success} />
      <PageTitle
        title={t(`pay.${result.status}.title`)}
        description={t(`pay.${result.status}.body`)}
        mb="0"
        align="center"
        justify="center"
      />
      <PayDetails title={t('pay.details')} rows={rows} />
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3" w={{ base: 'full', sm: 'auto' }}>
        {success ? (
          <Button asChild colorPalette="brand" size="lg">
            <a href={env.consoleUrl}>{t('pay.toConsole')}</a>
          </Button>
        ) : (
          <>
            <Button asChild colorPalette="brand" size="lg">
              <Link href={paths.pricing}>{t('pay.toPricing')}</Link>
            </Button>
            <Button asChild variant="outline" size="lg">
              <Link href={paths.support}>{t('pay.support')}</Link>
            </Button>
          </>
        )}
      </Stack>
    </Stack>
  );
}

function NoPayment() {
  const { t } = useTranslation('console');
  return (
    <Stack gap="2" maxW="xl" mx="auto" data-testid="pay-none">
      <PageTitle title={t('pay.none.title')} mb="0" align="center" justify="center" textAlign="center" />
      <EmptyState
        message={t('pay.none.message')}
        hint={t('pay.none.hint')}
        action={
          <Button asChild colorPalette="brand" mt="2">
            <Link href={paths.pricing}>{t('pay.toPricing')}</Link>
          </Button>
        }
      />
    </Stack>
  );
}

/**
 * /console/admin/pay: where the payment service sends the user back. The result comes in the
 * query (status, orderId, amount, plan, message) and is checked before anything is shown.
 */
export default function PayResultPage() {
  const search = useSearch();
  const result = useMemo(() => parsePayResult(search), [search]);
  return (
    <PageContainer>
      <Box py={{ base: '4', md: '10' }}>{result ? <Result result={result} /> : <NoPayment />}</Box>
    </PageContainer>
  );
}
