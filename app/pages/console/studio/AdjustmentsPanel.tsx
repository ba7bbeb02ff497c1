import { Button, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_ADJUSTMENTS, type Adjustments } from '../../../../engine';
import { Switch } from '../../../theme/parts/switch';

const SLIDERS = [
  { name: 'contrast', min: 0, max: 3, step: 0.05 },
  { name: 'brightness', min: -1, max: 1, step: 0.02 },
  { name: 'gamma', min: 0.2, max: 3, step: 0.05 },
] as const;

export interface AdjustmentsPanelProps {
  value: Adjustments;
  onChange: (change: Partial<Adjustments>) => void;
}

/** Contrast, brightness, gamma and invert (remembered per user and project by the caller), and a reset. */
export function AdjustmentsPanel({ value, onChange }: AdjustmentsPanelProps) {
  const { t } = useTranslation('studio');
  return (
    <HStack
      wrap="wrap"
      gap="4"
      px="3"
      py="1.5"
      borderBottomWidth="1px"
      flexShrink={0}
      fontSize="xs"
      data-testid="studio-adjustments"
    >
      {SLIDERS.map(({ name, min, max, step }) => (
        <HStack as="label" key={name} gap="2">
          <Text>{t(`adjust.${name}`)}</Text>
          <input
            type="range"
            min={min}
            max={max}
            step={step}
            value={value[name]}
            data-testid={`viewer-${name}`}
            onChange={(e) => onChange({ [name]: Number(e.target.value) })}
          />
          <Text w="8" fontVariantNumeric="tabular-nums" color="fg.muted">
            {value[name].toFixed(2)}
          </Text>
        </HStack>
      ))}
      <Switch.Root
        size="sm"
        checked={value.invert}
        onCheckedChange={(e) => onChange({ invert: e.checked })}
        data-testid="viewer-invert"
      >
        <Switch.HiddenInput />
        <Switch.Control />
        <Switch.Label>{t('adjust.invert')}</Switch.Label>
      </Switch.Root>
      <Button
        size="2xs"
        variant="ghost"
        onClick={() => onChange({ ...DEFAULT_ADJUSTMENTS })}
        data-testid="adjust-reset"
      >
        {t('adjust.reset')}
      </Button>
    </HStack>
  );
}
