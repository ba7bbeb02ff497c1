import { Box, Grid, HStack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Training } from '../../../../../contract/apiTraining';
import type { LabelMap } from './labelMap';
import { LabelName } from './LabelName';

function Row({ name, children }: { name: string; children: ReactNode }) {
  return (
    <>
      <Text color="fg.muted">{name}</Text>
      <Box>{children}</Box>
    </>
  );
}

/** The settings the training ran with, folded away until asked for. */
export function TrainingSettingsView({ training, labels }: { training: Training; labels: LabelMap }) {
  const { t } = useTranslation('trainingResults');
  const { split, pretrained, hyperparameters: h } = training.settings;
  const aug = h.augmentation;
  const augmentations = (['flip', 'shift', 'brightness'] as const).filter((k) => aug[k]);
  return (
    <Box as="details" borderWidth="1px" borderRadius="l2" px="4" py="2" data-testid="training-settings">
      <Box as="summary" cursor="pointer" fontWeight="600" py="1">
        {t('settings.title')}
      </Box>
      <Grid templateColumns="minmax(8rem, max-content) 1fr" columnGap="6" rowGap="2" py="3" fontSize="sm">
        <Row name={t('settings.split')}>
          {t(`settings.splitMode.${split.mode}`)} · {split.train} / {split.validation} / {split.test}
          {split.mode === 'custom' ? ` · ${t('settings.seed', { seed: split.seed })}` : ''}
        </Row>
        <Row name={t('settings.labels')}>
          <HStack gap="3" wrap="wrap">
            {training.settings.labelIds.map((id) => (
              <LabelName key={id} labels={labels} labelId={id} />
            ))}
          </HStack>
        </Row>
        <Row name={t('settings.pretrained')}>
          {pretrained.kind === 'backbone'
            ? t('settings.backbone', { name: 'MobileNetV2' })
            : t('settings.previousModel', { id: pretrained.modelId })}
        </Row>
        <Row name={t('settings.network')}>{t(`networks.${training.network}`)}</Row>
        <Row name={t('settings.iterations')}>{h.iterations}</Row>
        <Row name={t('settings.batchSize')}>{h.batchSize}</Row>
        <Row name={t('settings.learningRate')}>{h.learningRate}</Row>
        <Row name={t('settings.inputSize')}>
          {h.inputSize} × {h.inputSize}
        </Row>
        <Row name={t('settings.augmentation')}>
          {aug.enabled && augmentations.length > 0
            ? augmentations.map((k) => t(`settings.augment.${k}`)).join(', ')
            : t('settings.off')}
        </Row>
        <Row name={t('settings.modelTag')}>{training.modelTag ?? '—'}</Row>
        <Row name={t('settings.trainer')}>
          {training.trainerId ?? (training.settings.trainerId === 'auto' ? t('settings.anyTrainer') : '—')}
        </Row>
      </Grid>
    </Box>
  );
}
