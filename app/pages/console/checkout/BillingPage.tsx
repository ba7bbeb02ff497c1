import { Button, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { marketHref } from '../../../../contract/marketRoutes';
import { BILLINGS, planCharge, type Billing, type PlanId } from '../../../../contract/plans';
import { paths } from '../../../../contract/routes';
import { EmptyState } from '../../../components/EmptyState';
import { PageContainer } from '../../../components/PageContainer';
import { PageTitle } from '../../../components/PageTitle';
import { useLocale } from '../../../i18n/useLocale';
import { auth } from '../../../state/auth';
import { organization } from '../../../state/organization';
import { useOrganizations } from '../organization/useCurrentOrganization';
import { AccountSelect } from './AccountSelect';
import { ApiErrorText } from './ApiErrorText';
import { checkoutApi, checkoutKeys, usePaymentConfig } from './checkoutApi';
import { formatWon } from '../../../utils/formatWon';
import { formatKst } from './checkoutFormat';
import { OrderTable } from './OrderTable';
import { TestModeBanner } from './TestModeBanner';
import { UsageBars } from './UsageBars';

const BUYABLE: readonly PlanId[] = ['standard', 'pro'];

function Section({ title, children, testId }: { title: string; children: React.ReactNode; testId?: string }) {
  return (
    <Stack as="section" gap="4" borderWidth="1px" rounded="xl" p={{ base: '4', md: '6' }} data-testid={testId}>
      <Heading as="h2" size="md">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

function PlanSection({ account }: { account: string }) {
  const { t } = useTranslation('checkout');
  const { locale } = useLocale();
  const [period, setPeriod] = useState<Billing>('monthly');
  const billing = useQuery({ queryKey: checkoutKeys.billing(account), queryFn: () => checkoutApi.billing(account) });
  if (billing.isPending) return <Skeleton h="60" borderRadius="l3" />;
  if (billing.isError) return <ApiErrorText error={billing.error} testId="billing-error" />;
  const info = billing.data;
  return (
    <Stack gap="6">
      <Section title={t('billing.current')} testId="billing-plan">
        <HStack gap="3" wrap="wrap">
          <Text fontSize="2xl" fontWeight="800" data-testid="billing-plan-name">
            {t(`plans.${info.plan}`)}
          </Text>
          {info.billing && <Text color="fg.muted">{t(`billings.${info.billing}`)}</Text>}
        </HStack>
        <Text color="fg.muted" data-testid="billing-renewal">
          {info.renewsAt ? t('billing.renewsAt', { date: formatKst(info.renewsAt) }) : t('billing.freeForever')}
        </Text>
        <UsageBars billing={info} />
      </Section>
      <Section title={t('billing.change')} testId="billing-change">
        <HStack gap="2" role="radiogroup" aria-label={t('billing.period')}>
          {BILLINGS.map((b) => (
            <Button
              key={b}
              size="sm"
              role="radio"
              aria-checked={period === b}
              variant={period === b ? 'solid' : 'outline'}
              colorPalette="brand"
              onClick={() => setPeriod(b)}
            >
              {t(`billings.${b}`)}
            </Button>
          ))}
        </HStack>
        <Stack direction={{ base: 'column', md: 'row' }} gap="3" wrap="wrap">
          {BUYABLE.map((plan) => {
            const charge = planCharge(plan, period)!;
            const label =
              plan === info.plan
                ? t('billing.renew', { plan: t(`plans.${plan}`) })
                : t('billing.choose', { plan: t(`plans.${plan}`) });
            return info.canManage ? (
              <Button key={plan} asChild colorPalette="brand" variant="outline" data-testid={`billing-choose-${plan}`}>
                <Link href={marketHref.checkoutPlan(plan, period, account)}>
                  {label} · {formatWon(charge.amount, locale)}
                </Link>
              </Button>
            ) : (
              <Button key={plan} disabled colorPalette="brand" variant="outline" data-testid={`billing-choose-${plan}`}>
                {label} · {formatWon(charge.amount, locale)}
              </Button>
            );
          })}
          <Button asChild variant="ghost">
            <Link href={paths.support}>{t('billing.enterprise')}</Link>
          </Button>
        </Stack>
        <Text fontSize="sm" color="fg.muted" data-testid="billing-manage-note">
          {info.canManage ? t('billing.vatNote') : t('billing.cannotManage')}
        </Text>
      </Section>
    </Stack>
  );
}

function History() {
  const { t } = useTranslation('checkout');
  const orders = useQuery({ queryKey: checkoutKeys.orders, queryFn: checkoutApi.list });
  return (
    <Section title={t('billing.history')}>
      {orders.isPending ? (
        <Skeleton h="24" borderRadius="l3" />
      ) : orders.isError ? (
        <ApiErrorText error={orders.error} />
      ) : orders.data.items.length === 0 ? (
        <EmptyState message={t('billing.noOrders')} py="6" />
      ) : (
        <OrderTable label={t('billing.history')} orders={orders.data.items} testId="billing-orders" />
      )}
    </Section>
  );
}

/** /console/billing: the plan of an account, its renewal and usage, plan changes and my orders. */
export function BillingPage() {
  const { t } = useTranslation('checkout');
  const { currentOrganizationId } = useSnapshot(organization);
  const admin = useSnapshot(auth).user?.scope.includes('admin') ?? false;
  const orgs = useOrganizations();
  const config = usePaymentConfig();
  const [chosen, setChosen] = useState<string | null>(null);
  const wanted = chosen ?? currentOrganizationId ?? 'personal';
  const account = wanted === 'personal' || orgs.data?.some((org) => org.id === wanted) ? wanted : 'personal';
  return (
    <PageContainer>
      <PageTitle
        title={t('billing.title')}
        description={t('billing.description')}
        actions={
          admin && (
            <Button asChild variant="outline" data-testid="billing-admin-orders">
              <Link href={paths.consoleAdminOrders}>{t('billing.adminOrders')}</Link>
            </Button>
          )
        }
      />
      <Stack gap="6" data-testid="billing">
        {config.data?.provider === 'test' && <TestModeBanner />}
        <AccountSelect
          value={account}
          organizations={orgs.data ?? []}
          onChange={setChosen}
          label={t('account.label')}
          testId="billing-account"
        />
        {orgs.isPending && wanted !== 'personal' ? (
          <Skeleton h="60" />
        ) : (
          <PlanSection key={account} account={account} />
        )}
        <History />
      </Stack>
    </PageContainer>
  );
}
