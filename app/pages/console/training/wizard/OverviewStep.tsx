import { Box, Grid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { formatLearningRate, formatDuration } from '../trainingFormat';
import { modelName } from './PretrainedStep';
import type { StepProps } from './stepProps';
import { estimateFor, trainerOf } from './trainingEstimate';
import { chosenLabels, splitOf } from './wizardForm';

/** Step 8: everything chosen, the counts and the estimate, before Start. */
export function OverviewStep({ form, ctx, labels, preview, project }: StepProps) {
  const { t, i18n } = useTranslation(['training', 'models']);
  const split = splitOf(form, project);
  const chosen = chosenLabels(form, ctx.labelIds);
  const counts = preview.data?.splitCounts;
  const model =
    form.pretrained.kind === 'model'
      ? ctx.models.find((m) => m.id === (form.pretrained as { modelId: string }).modelId)
      : null;
  const trainer = ctx.trainers ? trainerOf(form, ctx.trainers) : null;
  const estimate = estimateFor(trainer, form, preview);
  const aug = form.augmentation;
  const rows: [string, string][] = [
    [t('overview.split'), split ? t('overview.splitValue', { ...split, mode: t(`splitTypes.${split.mode}`) }) : '—'],
    [
      t('overview.datasets'),
      counts && preview.data
        ? t('overview.datasetsValue', { images: preview.data.images, labels: chosen.length, ...counts }) +
          `\n${labels
            .filter((l) => chosen.includes(l.id))
            .map((l) => l.name)
            .join(', ')}`
        : '…',
    ],
    [
      t('overview.pretrained'),
      form.pretrained.kind === 'backbone' ? t('pretrained.backbone') : model ? modelName(model, t, i18n.language) : '—',
    ],
    [t('overview.network'), form.network ? t(`networks.${form.network}`) : '—'],
    [
      t('overview.settings'),
      t('overview.settingsValue', {
        iterations: form.iterations,
        batchSize: form.batchSize,
        learningRate: Number.isFinite(Number(form.learningRate))
          ? formatLearningRate(Number(form.learningRate))
          : form.learningRate,
        inputSize: form.inputSize,
      }),
    ],
    [
      t('overview.augmentation'),
      aug.enabled
        ? (['flip', 'shift', 'brightness'] as const)
            .filter((k) => aug[k])
            .map((k) => t(`settings.${k}`))
            .join(', ') || t('overview.augmentationOff')
        : t('overview.augmentationOff'),
    ],
    [t('overview.tag'), form.modelTag.trim() || t('overview.noTag')],
    [t('overview.server'), form.trainerId === 'auto' ? t('server.auto') : (trainer?.name ?? form.trainerId)],
    [t('overview.estimate'), estimate === null ? '—' : formatDuration(estimate, t)],
  ];
  return (
    <Stack gap="4">
      <Text color="fg.muted">{t('overview.description')}</Text>
      <Grid
        as="dl"
        templateColumns={{ base: '1fr', sm: 'minmax(8rem, max-content) 1fr' }}
        columnGap="6"
        rowGap="2"
        data-testid="wizard-overview"
      >
        {rows.map(([term, value]) => (
          <Box key={term} display="contents">
            <Text as="dt" fontWeight="600" color="fg.muted" fontSize="sm">
              {term}
            </Text>
            <Text as="dd" whiteSpace="pre-line" mb={{ base: '2', sm: '0' }} overflowWrap="anywhere">
              {value}
            </Text>
          </Box>
        ))}
      </Grid>
    </Stack>
  );
}
