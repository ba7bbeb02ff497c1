import { Button, Link as ChakraLink, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link, useLocation, useSearch } from 'wouter';
import { resourceSchema, type Resource } from '../../../../contract/apiMarket';
import type { OrderCreate } from '../../../../contract/apiPayments';
import { marketHref } from '../../../../contract/marketRoutes';
import { planCharge } from '../../../../contract/plans';
import { href, paths } from '../../../../contract/routes';
import { apiFetch } from '../../../api/apiFetch';
import { errorCodeOf } from '../../../api/ApiRequestError';
import { EmptyState } from '../../../components/EmptyState';
import { PageContainer } from '../../../components/PageContainer';
import { PageTitle } from '../../../components/PageTitle';
import { useLocale } from '../../../i18n/useLocale';
import { auth } from '../../../state/auth';
import { organization } from '../../../state/organization';
import { useOrganizations } from '../organization/useCurrentOrganization';
import { AccountSelect, manageable } from './AccountSelect';
import { ApiErrorText } from './ApiErrorText';
import { checkoutApi, checkoutKeys, usePaymentConfig } from './checkoutApi';
import { formatWon } from '../../../utils/formatWon';
import { formatKst } from './checkoutFormat';
import { parseCheckoutQuery, type CheckoutItem } from './checkoutQuery';
import { OrderLines, type OrderLine } from './OrderLines';
import { PaymentWindowError, startPayment } from './startPayment';
import { TestModeBanner } from './TestModeBanner';

function useResource(resourceId: string | null) {
  return useQuery({
    queryKey: ['market', 'resource', resourceId],
    queryFn: () => apiFetch(`market/resources/${encodeURIComponent(resourceId!)}`, { schema: resourceSchema }),
    enabled: resourceId !== null,
  });
}

/** The account's plan now, so the buyer sees what the payment changes (or extends). */
function CurrentPlan({ account }: { account: string }) {
  const { t } = useTranslation('checkout');
  const billing = useQuery({ queryKey: checkoutKeys.billing(account), queryFn: () => checkoutApi.billing(account) });
  if (!billing.data) return null;
  const { plan, renewsAt } = billing.data;
  return (
    <Text fontSize="sm" color="fg.muted" data-testid="checkout-current-plan">
      {renewsAt
        ? t('checkout.currentPlanUntil', { plan: t(`plans.${plan}`), date: formatKst(renewsAt) })
        : t('checkout.currentPlan', { plan: t(`plans.${plan}`) })}
    </Text>
  );
}

function resourceLines(resource: Resource, t: (key: string) => string, won: (n: number) => string): OrderLine[] {
  return [
    { label: t('summary.item'), value: resource.name, testId: 'checkout-name' },
    { label: t('summary.kind'), value: t(`kinds.${resource.kind}`), testId: 'checkout-kind' },
    { label: t('summary.seller'), value: resource.seller.name, testId: 'checkout-seller' },
    { label: t('summary.totalVatIncluded'), value: won(resource.price), testId: 'checkout-total', total: true },
  ];
}

/** Why a resource cannot be bought here (owned already, or one's own), with where to go instead. */
function ResourceBlock({ resource }: { resource: Resource }) {
  const { t } = useTranslation('checkout');
  if (resource.purchased)
    return (
      <Stack gap="1" data-testid="checkout-owned">
        <Text>{t('checkout.alreadyOwned')}</Text>
        <ChakraLink asChild color="brand.600" fontWeight="600">
          <Link href={marketHref.tab('purchases')}>{t('next.purchases')}</Link>
        </ChakraLink>
      </Stack>
    );
  return <Text data-testid="checkout-mine">{t('checkout.ownResource')}</Text>;
}

function CheckoutForm({ item }: { item: CheckoutItem }) {
  const { t } = useTranslation('checkout');
  const { locale } = useLocale();
  const [, navigate] = useLocation();
  const user = useSnapshot(auth).user;
  const { currentOrganizationId } = useSnapshot(organization);
  const config = usePaymentConfig();
  const resource = useResource(item.kind === 'resource' ? item.resourceId : null);
  const orgs = useOrganizations();
  const accounts = manageable(orgs.data);
  const [chosenAccount, setAccount] = useState<string | null>(null);
  const won = (n: number) => formatWon(n, locale);

  // The query's account, else the console's current organization when the user manages it, else personal.
  const wanted = chosenAccount ?? (item.kind === 'plan' ? item.account : null) ?? currentOrganizationId ?? 'personal';
  const account = wanted === 'personal' || accounts.some((org) => org.id === wanted) ? wanted : 'personal';

  const pay = useMutation({
    mutationFn: async () => {
      const body: OrderCreate =
        item.kind === 'resource'
          ? { kind: 'resource', resourceId: item.resourceId }
          : { kind: 'plan', plan: item.plan, billing: item.billing, account };
      const order = await checkoutApi.create(body);
      const buyer = { id: user?.id ?? order.buyer.id, name: user?.name ?? order.buyer.name, email: user?.email ?? '' };
      return startPayment(order, config.data!, buyer, locale);
    },
    onSuccess: (next) => {
      if (next) navigate(next);
    },
  });

  if (config.isPending || resource.isLoading || orgs.isPending) return <Skeleton h="60" borderRadius="l3" />;
  if (config.isError) return <ApiErrorText error={config.error} testId="checkout-load-error" />;
  if (resource.isError)
    return (
      <EmptyState
        data-testid="checkout-missing"
        message={t(errorCodeOf(resource.error) === 'not_found' ? 'checkout.resourceMissing' : 'checkout.loadFailed')}
        action={
          <Button asChild colorPalette="brand" mt="2">
            <Link href={href.resources()}>{t('next.market')}</Link>
          </Button>
        }
      />
    );

  let lines: OrderLine[];
  let amount: number;
  if (item.kind === 'resource') {
    lines = resourceLines(resource.data!, t, won);
    amount = resource.data!.price;
  } else {
    const charge = planCharge(item.plan, item.billing)!;
    amount = charge.amount;
    lines = [
      { label: t('summary.plan'), value: t(`plans.${item.plan}`), testId: 'checkout-name' },
      { label: t('summary.period'), value: t(`billings.${item.billing}`), testId: 'checkout-period' },
      { label: t('summary.supply'), value: won(charge.supply), testId: 'checkout-supply' },
      { label: t('summary.vat'), value: won(charge.vat), testId: 'checkout-vat' },
      { label: t('summary.total'), value: won(charge.amount), testId: 'checkout-total', total: true },
    ];
  }
  const blocked =
    item.kind === 'resource' && (resource.data!.purchased || resource.data!.mine) ? (
      <ResourceBlock resource={resource.data!} />
    ) : null;
  const windowError = pay.error instanceof PaymentWindowError ? pay.error : null;

  return (
    <Stack gap="6" maxW="2xl" data-testid="checkout" data-provider={config.data.provider}>
      {config.data.provider === 'test' && <TestModeBanner />}
      <OrderLines title={t('summary.title')} lines={lines} />
      {item.kind === 'plan' && (
        <AccountSelect
          value={account}
          organizations={accounts}
          onChange={setAccount}
          label={t('account.label')}
          hint={t('account.hint')}
          testId="checkout-account"
        />
      )}
      {item.kind === 'plan' && <CurrentPlan account={account} />}
      {blocked ?? (
        <Stack gap="3" align="flex-start">
          <Text fontSize="sm" color="fg.muted" data-testid="checkout-provider">
            {amount === 0 ? t('checkout.freeNote') : t(`provider.${config.data.provider}`)}
          </Text>
          <Button
            colorPalette="brand"
            size="lg"
            onClick={() => pay.mutate()}
            loading={pay.isPending}
            data-testid="checkout-pay"
          >
            {amount === 0 ? t('checkout.getFree') : t('checkout.pay', { amount: won(amount) })}
          </Button>
          {windowError && (
            <Text color="fg.error" role="alert" data-testid="checkout-window-error">
              {t('checkout.windowError', { message: windowError.message, code: windowError.code })}
            </Text>
          )}
          {pay.isError && !windowError && <ApiErrorText error={pay.error} testId="checkout-error" />}
          {pay.isError && errorCodeOf(pay.error) === 'already_purchased' && (
            <ChakraLink asChild color="brand.600" fontWeight="600">
              <Link href={marketHref.tab('purchases')}>{t('next.purchases')}</Link>
            </ChakraLink>
          )}
        </Stack>
      )}
    </Stack>
  );
}

/** /console/checkout?resource=… | ?plan=&billing=&account=: what is bought, for whom, and Pay. */
export function CheckoutView() {
  const { t } = useTranslation('checkout');
  const search = useSearch();
  const item = parseCheckoutQuery(search);
  return (
    <PageContainer>
      <PageTitle title={t('checkout.title')} description={t('checkout.description')} />
      {item ? (
        <CheckoutForm item={item} />
      ) : (
        <EmptyState
          data-testid="checkout-nothing"
          message={t('checkout.nothing')}
          action={
            <Stack direction="row" gap="3" mt="2">
              <Button asChild colorPalette="brand">
                <Link href={paths.pricing}>{t('next.pricing')}</Link>
              </Button>
              <Button asChild variant="outline">
                <Link href={href.resources()}>{t('next.market')}</Link>
              </Button>
            </Stack>
          }
        />
      )}
    </PageContainer>
  );
}
