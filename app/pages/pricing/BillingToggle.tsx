import { Badge, HStack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SegmentGroup } from '../../theme/parts/segmentGroup';
import { BILLINGS, type Billing } from './plans';

function isBilling(value: string | null): value is Billing {
  return value === 'monthly' || value === 'yearly';
}

/** Monthly / yearly switch of the plan prices (yearly: two months free). */
export function BillingToggle({ value, onChange }: { value: Billing; onChange: (billing: Billing) => void }) {
  const { t } = useTranslation('pricing');
  const labelId = useId();
  return (
    <HStack gap="3" flexWrap="wrap">
      <Text id={labelId} fontWeight="600" fontSize="sm">
        {t('billing.label')}
      </Text>
      <SegmentGroup.Root
        aria-labelledby={labelId}
        size="md"
        value={value}
        onValueChange={(details) => {
          if (isBilling(details.value)) onChange(details.value);
        }}
      >
        <SegmentGroup.Indicator />
        {BILLINGS.map((billing) => (
          <SegmentGroup.Item key={billing} value={billing} px="4">
            <SegmentGroup.ItemText>{t(`billing.${billing}`)}</SegmentGroup.ItemText>
            <SegmentGroup.ItemHiddenInput />
          </SegmentGroup.Item>
        ))}
      </SegmentGroup.Root>
      <Badge colorPalette="green" variant="subtle" size="md">
        {t('billing.yearlyBadge')}
      </Badge>
    </HStack>
  );
}
