import { Button, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../../theme/parts/field';
import { ChoiceCard, StepMessage } from './ChoiceCard';
import type { StepProps } from './stepProps';
import { randomSeed } from './wizardForm';

const PARTS = ['train', 'validation', 'test'] as const;

/** Live counts of usable images per split, from the preview. */
export function SplitCounts({ preview }: Pick<StepProps, 'preview'>) {
  const { t } = useTranslation('training');
  if (preview.failed)
    return (
      <Text fontSize="sm" color="fg.error" data-testid="split-counts">
        {t('split.previewFailed')}
      </Text>
    );
  if (!preview.data || preview.pending)
    return (
      <Text fontSize="sm" color="fg.muted" data-testid="split-counts">
        {t('split.counting')}
      </Text>
    );
  return (
    <Text fontSize="sm" data-testid="split-counts">
      {t('split.counts', preview.data.splitCounts)}
    </Text>
  );
}

/** Step 1: the project's split, or ratios of this training's own (sum 100) with a re-roll of the seed. */
export function SplitStep({ form, update, errors, project, preview }: StepProps) {
  const { t } = useTranslation(['training', 'validation']);
  const custom = form.split.mode === 'custom';
  const setSplit = (patch: Partial<StepProps['form']['split']>) => update({ split: { ...form.split, ...patch } });
  return (
    <Stack gap="4">
      <Text color="fg.muted">{t('split.description')}</Text>
      <ChoiceCard
        name="split-mode"
        value="project"
        checked={!custom}
        title={t('split.project', project.split)}
        onChoose={() =>
          setSplit({
            mode: 'project',
            train: String(project.split.train),
            validation: String(project.split.validation),
            test: String(project.split.test),
            seed: project.split.seed,
          })
        }
        testId="split-project"
      />
      <ChoiceCard
        name="split-mode"
        value="custom"
        checked={custom}
        title={t('split.custom')}
        onChoose={() => setSplit({ mode: 'custom' })}
        testId="split-custom"
      >
        {custom && (
          <Stack gap="3" mt="2">
            <SimpleGrid columns={3} gap="3" maxW="md" alignItems="end">
              {PARTS.map((part) => (
                <Field.Root key={part} invalid={!!errors[part] || !!errors.sum}>
                  <Field.Label>{t(`split.${part}`)}</Field.Label>
                  <Input
                    name={`split-${part}`}
                    type="number"
                    min={part === 'train' ? 1 : 0}
                    max={100}
                    inputMode="numeric"
                    value={form.split[part]}
                    onChange={(e) => setSplit({ [part]: e.currentTarget.value })}
                  />
                  {errors[part] && <Field.ErrorText>{t(errors[part])}</Field.ErrorText>}
                </Field.Root>
              ))}
            </SimpleGrid>
          </Stack>
        )}
      </ChoiceCard>
      {errors.sum && <StepMessage message={t(errors.sum)} />}
      <HStack gap="3" wrap="wrap">
        <Text fontSize="sm" color="fg.muted" data-testid="wizard-seed">
          {t('split.seed', { seed: form.split.seed })}
        </Text>
        <Button
          size="xs"
          variant="outline"
          data-testid="split-reroll"
          onClick={() =>
            // The project's split has the project's seed: a re-roll makes this training's own.
            setSplit({ mode: 'custom', seed: randomSeed() })
          }
        >
          {t('split.reroll')}
        </Button>
      </HStack>
      <SplitCounts preview={preview} />
    </Stack>
  );
}
