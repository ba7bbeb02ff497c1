import { Button, Heading, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { BATCH_SIZES, INPUT_SIZES } from '../../../../../contract/apiTraining';
import { Field } from '../../../../theme/parts/field';
import { NativeSelect } from '../../../../theme/parts/nativeSelect';
import { CheckRow } from './ChoiceCard';
import type { StepProps } from './stepProps';
import { baseModelOf, hyperDefaults, taskOfSubtype } from './wizardForm';

const AUGMENTATIONS = ['flip', 'shift', 'brightness'] as const;

/** Step 5: training settings (iterations 1–100, augmentation) and hyperparameters (batch, learning rate, input size). */
export function SettingsStep({ form, update, errors, project, ctx }: StepProps) {
  const { t } = useTranslation(['training', 'validation']);
  const base = baseModelOf(form, ctx.models);
  const aug = form.augmentation;
  return (
    <Stack gap="6">
      <Stack gap="4">
        <Heading as="h3" size="sm">
          {t('settings.trainingTitle')}
        </Heading>
        <Field.Root invalid={!!errors.iterations} maxW="xs">
          <Field.Label>{t('settings.iterations')}</Field.Label>
          <Input
            name="iterations"
            type="number"
            min={1}
            max={100}
            step={1}
            inputMode="numeric"
            value={form.iterations}
            onChange={(e) => update({ iterations: e.currentTarget.value })}
          />
          {errors.iterations ? (
            <Field.ErrorText data-testid="iterations-error">{t(errors.iterations)}</Field.ErrorText>
          ) : (
            <Field.HelperText>{t('settings.iterationsHint')}</Field.HelperText>
          )}
        </Field.Root>
        <Stack gap="2">
          <CheckRow
            checked={aug.enabled}
            onChange={(enabled) => update({ augmentation: { ...aug, enabled } })}
            testId="augmentation"
          >
            <Text as="span" fontWeight="600">
              {t('settings.augmentation')}
            </Text>
          </CheckRow>
          <Text fontSize="sm" color="fg.muted">
            {t('settings.augmentationHint')}
          </Text>
          <Stack gap="1" ps="6">
            {AUGMENTATIONS.map((kind) => (
              <CheckRow
                key={kind}
                checked={aug[kind]}
                disabled={!aug.enabled}
                onChange={(on) => update({ augmentation: { ...aug, [kind]: on } })}
                testId={`augmentation-${kind}`}
              >
                {t(`settings.${kind}`)}
              </CheckRow>
            ))}
          </Stack>
        </Stack>
      </Stack>
      <Stack gap="4">
        <Heading as="h3" size="sm">
          {t('settings.hyperTitle')}
        </Heading>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          <Field.Root invalid={!!errors.batchSize}>
            <Field.Label>{t('settings.batchSize')}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                name="batchSize"
                value={String(form.batchSize)}
                onChange={(e) => update({ batchSize: Number(e.currentTarget.value) })}
              >
                {BATCH_SIZES.map((size) => (
                  <option key={size} value={size}>
                    {size}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root invalid={!!errors.learningRate}>
            <Field.Label>{t('settings.learningRate')}</Field.Label>
            <Input
              name="learningRate"
              inputMode="decimal"
              value={form.learningRate}
              onChange={(e) => update({ learningRate: e.currentTarget.value })}
            />
            {errors.learningRate ? (
              <Field.ErrorText data-testid="learning-rate-error">{t(errors.learningRate)}</Field.ErrorText>
            ) : (
              <Field.HelperText>{t('settings.learningRateHint')}</Field.HelperText>
            )}
          </Field.Root>
          <Field.Root invalid={!!errors.inputSize} disabled={base !== null && base.inputSize === form.inputSize}>
            <Field.Label>{t('settings.inputSize')}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                name="inputSize"
                value={String(form.inputSize)}
                onChange={(e) => update({ inputSize: Number(e.currentTarget.value) })}
              >
                {INPUT_SIZES.map((size) => (
                  <option key={size} value={size}>
                    {size}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            {errors.inputSize ? (
              <Field.ErrorText>{t(errors.inputSize)}</Field.ErrorText>
            ) : (
              <Field.HelperText>{t(base ? 'settings.inputSizeFromModel' : 'settings.inputSizeHint')}</Field.HelperText>
            )}
          </Field.Root>
        </SimpleGrid>
      </Stack>
      <Button
        alignSelf="start"
        size="xs"
        variant="ghost"
        onClick={() => {
          const defaults = hyperDefaults(taskOfSubtype(project.subtype));
          update(base ? { ...defaults, inputSize: base.inputSize } : defaults);
        }}
        data-testid="settings-defaults"
      >
        {t('settings.defaults')}
      </Button>
    </Stack>
  );
}
