import { Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { Resource } from '../../../contract/apiMarket';
import { formatMetric, shownMetrics } from './marketFormat';

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Stack gap="0" bg="bg.subtle" rounded="lg" p="4" data-testid={testId}>
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="lg" fontWeight="700">
        {value}
      </Text>
    </Stack>
  );
}

/** A model's network, input size and task, and its test metrics as training stored them. */
export function ModelFacts({ model }: { model: NonNullable<Resource['model']> }) {
  const { t, i18n } = useTranslation('resources');
  const metrics = shownMetrics(model.metrics);
  const metricName = (key: string) => t(`detail.metricNames.${key}`, { defaultValue: key });
  const task = t(`detail.tasks.${model.task}`, { defaultValue: model.task });
  return (
    <Stack gap="6">
      <Stack as="section" aria-labelledby="resource-model-title" gap="3">
        <Heading as="h2" id="resource-model-title" size="lg">
          {t('detail.model')}
        </Heading>
        <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
          <Fact label={t('detail.task')} value={task} />
          <Fact label={t('detail.network')} value={model.network} />
          <Fact label={t('detail.inputSize')} value={t('detail.inputSizeValue', { size: model.inputSize })} />
        </SimpleGrid>
      </Stack>
      <Stack as="section" aria-labelledby="resource-metrics-title" gap="3" data-testid="resource-metrics">
        <Heading as="h2" id="resource-metrics-title" size="lg">
          {t('detail.metrics')}
        </Heading>
        {metrics.length === 0 ? (
          <Text color="fg.muted">{t('detail.noMetrics')}</Text>
        ) : (
          <SimpleGrid columns={{ base: 2, sm: 3 }} gap="3">
            {metrics.map(({ key, value }) => (
              <Fact
                key={key}
                label={metricName(key)}
                value={formatMetric(key, value, i18n.language)}
                testId={`metric-${key}`}
              />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Stack>
  );
}
