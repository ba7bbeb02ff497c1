import { Flex, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PLAN_LIMIT_KINDS, type BillingInfo, type PlanLimitKind } from '../../../../contract/apiPayments';
import { Progress } from '../../../theme/parts/progress';
import { formatBytes } from '../../../utils/formatBytes';

function amountText(kind: PlanLimitKind, value: number, t: (key: string, o?: Record<string, unknown>) => string) {
  if (kind === 'storage') return formatBytes(value, 1);
  if (kind === 'trainingHours') return t('usage.hours', { value: Math.round(value * 10) / 10 });
  return String(value);
}

/** Each limit of the plan against what the account uses now; 'unlimited' where the plan sets none. */
export function UsageBars({ billing }: { billing: BillingInfo }) {
  const { t } = useTranslation('checkout');
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="5" data-testid="usage">
      {PLAN_LIMIT_KINDS.map((kind) => {
        const used = billing.usage[kind] ?? 0;
        const limit = billing.limits[kind] ?? null;
        const ratio = limit === null ? 0 : limit === 0 ? (used > 0 ? 1 : 0) : Math.min(1, used / limit);
        const palette = limit !== null && (used >= limit ? 'red' : ratio >= 0.8 ? 'orange' : 'brand');
        return (
          <Stack key={kind} gap="2" data-testid={`usage-${kind}`} data-full={limit !== null && used >= limit}>
            <Flex justify="space-between" gap="3" wrap="wrap">
              <Text fontWeight="600">{t(`usage.kinds.${kind}`)}</Text>
              <Text color="fg.muted" data-testid="usage-text">
                {limit === null
                  ? t('usage.ofUnlimited', { used: amountText(kind, used, t) })
                  : t('usage.of', { used: amountText(kind, used, t), limit: amountText(kind, limit, t) })}
              </Text>
            </Flex>
            {limit !== null && (
              <Progress.Root
                value={Math.round(ratio * 100)}
                size="sm"
                colorPalette={palette || 'brand'}
                aria-label={t(`usage.kinds.${kind}`)}
              >
                <Progress.Track>
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
            )}
          </Stack>
        );
      })}
    </SimpleGrid>
  );
}
