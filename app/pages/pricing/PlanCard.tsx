import { Badge, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { marketHref } from '../../../contract/marketRoutes';
import { paths } from '../../../contract/routes';
import { loginHref } from '../../api/loginRedirect';
import { useLocale } from '../../i18n/useLocale';
import { auth } from '../../state/auth';
import { Card } from '../../theme/parts/card';
import { List } from '../../theme/parts/list';
import { CheckIcon } from './CheckIcon';
import { formatWon } from '../../utils/formatWon';
import { HIGHLIGHT_IDS, priceFor, type Billing, type Plan } from './plans';

/**
 * Where a plan's button leads: Enterprise to support; Free to the console; Standard and Pro to
 * checkout under the billing period shown. A signed-out visitor signs in first and comes back there.
 */
export function planCta(plan: Plan, billing: Billing, signedIn: boolean): string {
  if (plan.id === 'enterprise') return paths.support;
  const target = plan.id === 'free' ? paths.console : marketHref.checkoutPlan(plan.id, billing);
  return signedIn ? target : loginHref(target);
}

/** One plan: who it is for, its price under the chosen billing period, highlights and a call to action. */
export function PlanCard({ plan, billing }: { plan: Plan; billing: Billing }) {
  const { t } = useTranslation('pricing');
  const { locale } = useLocale();
  const { loggedIn } = useSnapshot(auth);
  const price = priceFor(plan, billing);
  const won = (amount: number) => formatWon(amount, locale);

  let note: string;
  if (!price) note = t('price.contactNote');
  else if (price.billed === 0) note = t('price.free');
  else if (billing === 'yearly')
    note = t('price.billedYearly', { amount: won(price.billed), saving: won(price.saving) });
  else note = t('price.billedMonthly', { amount: won(price.billed) });

  return (
    <Card.Root
      variant="outline"
      borderWidth={plan.featured ? '2px' : '1px'}
      borderColor={plan.featured ? 'brand.600' : 'border'}
      shadow={plan.featured ? 'md' : 'none'}
      data-testid={`plan-${plan.id}`}
    >
      <Card.Header gap="2">
        <HStack justify="space-between" gap="2" minH="6">
          <Heading as="h3" size="xl">
            {t(`plans.${plan.id}.name`)}
          </Heading>
          {plan.featured && (
            <Badge colorPalette="brand" variant="solid">
              {t('featured')}
            </Badge>
          )}
        </HStack>
        <Text color="fg.muted" fontSize="sm" minH={{ xl: '10' }}>
          {t(`plans.${plan.id}.audience`)}
        </Text>
      </Card.Header>
      <Card.Body gap="5">
        <Stack gap="1">
          <Text fontSize="3xl" fontWeight="800" letterSpacing="-0.02em" lineHeight="1.2">
            {price ? won(price.perMonth) : t('price.contact')}
            {price && price.perMonth > 0 && (
              <Text as="span" fontSize="md" fontWeight="500" color="fg.muted" ms="1">
                {t('price.perMonth')}
              </Text>
            )}
          </Text>
          <Text fontSize="sm" color="fg.muted" minH={{ xl: '10' }}>
            {note}
          </Text>
        </Stack>
        <Stack gap="2">
          <Text fontSize="sm" fontWeight="700">
            {t('includes')}
          </Text>
          <List.Root variant="plain" gap="2" fontSize="sm">
            {HIGHLIGHT_IDS.map((id) => (
              <List.Item key={id} alignItems="flex-start" gap="2">
                <CheckIcon mt="0.5" />
                {t(`plans.${plan.id}.highlights.${id}`)}
              </List.Item>
            ))}
          </List.Root>
        </Stack>
      </Card.Body>
      <Card.Footer>
        <Button
          asChild
          w="full"
          size="lg"
          colorPalette="brand"
          variant={plan.featured || plan.id === 'enterprise' ? 'solid' : 'outline'}
        >
          <Link href={planCta(plan, billing, loggedIn)}>{t(`plans.${plan.id}.cta`)}</Link>
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}
