import { Badge, Box, HStack, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Resource } from '../../../../contract/apiMarket';
import { SampleImage } from '../../../components/market/SampleImage';
import { sampleUrl } from '../../../components/market/resourceImages';
import { formatBytes } from '../../../utils/formatBytes';
import { formatRatio } from '../training/trainingFormat';
import { formatKoreanTime } from '../../../utils/formatKoreanTime';
import { usePrice } from './marketFormat';

/** Metrics a model resource shows, in this order, when the model has them. */
const METRICS = ['accuracy', 'map50', 'map5095'] as const;

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap="0">
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Box fontWeight="600" data-testid={testId}>
        {children}
      </Box>
    </Stack>
  );
}

/**
 * Everything recorded about a resource: kind, format, fields of use, price, counts, seller and dates;
 * its label classes; a dataset's samples drawn with their boxes, a model's network and test metrics.
 * The resource page and the review queue both show it.
 */
export function ResourceFacts({ resource }: { resource: Resource }) {
  const { t, i18n } = useTranslation(['market', 'projects', 'training']);
  const price = usePrice();
  const count = (n: number) => n.toLocaleString(i18n.language);
  const metrics = METRICS.filter((m) => {
    const v = resource.model?.metrics[m];
    return typeof v === 'number' && Number.isFinite(v);
  });
  return (
    <Stack gap="5" data-testid="resource-facts">
      {resource.description && <Text whiteSpace="pre-wrap">{resource.description}</Text>}
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
        <Fact label={t('item.kind')}>{t(`kinds.${resource.kind}`)}</Fact>
        <Fact label={t('item.type')}>
          {t(`projects:subtypes.${resource.subtype}`, { defaultValue: resource.subtype })}
        </Fact>
        <Fact label={t('item.format')}>{t(`formats.${resource.format}`)}</Fact>
        <Fact label={t('item.price')} testId="resource-price">
          {price(resource.price)}
        </Fact>
        <Fact label={t('item.fields')}>
          <HStack gap="1" wrap="wrap">
            {resource.fields.map((f) => (
              <Badge key={f} variant="subtle">
                {t(`fields.${f}`)}
              </Badge>
            ))}
          </HStack>
        </Fact>
        <Fact label={t('item.seller')}>{resource.seller.name}</Fact>
        <Fact label={t('item.createdAt')}>{formatKoreanTime(resource.createdAt)}</Fact>
        <Fact label={t('item.size')}>{formatBytes(resource.bytes)}</Fact>
        {resource.kind === 'dataset' && (
          <>
            <Fact label={t('item.images')} testId="resource-images">
              {count(resource.counts.images)}
            </Fact>
            <Fact label={t('item.annotations')}>{count(resource.counts.annotations)}</Fact>
          </>
        )}
        <Fact label={t('item.labels')}>{count(resource.counts.labels)}</Fact>
        <Fact label={t('item.purchases')} testId="resource-purchases">
          {count(resource.purchases)}
        </Fact>
      </SimpleGrid>
      {resource.labels.length > 0 && (
        <Stack gap="2">
          <Heading as="h3" size="sm">
            {t('item.labelList')}
          </Heading>
          <HStack gap="1" wrap="wrap" data-testid="resource-labels">
            {resource.labels.map((label) => (
              <Badge key={label.name} variant="outline">
                <Box as="span" w="2" h="2" rounded="full" bg={label.color} aria-hidden="true" />
                {label.name}
              </Badge>
            ))}
          </HStack>
        </Stack>
      )}
      {resource.model && (
        <Stack gap="2" data-testid="resource-model">
          <Heading as="h3" size="sm">
            {t('item.model')}
          </Heading>
          <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
            <Fact label={t('item.task')}>
              {t(`tasks.${resource.model.task}`, { defaultValue: resource.model.task })}
            </Fact>
            <Fact label={t('item.network')}>
              {t(`training:networks.${resource.model.network}`, { defaultValue: resource.model.network })}
            </Fact>
            <Fact label={t('item.inputSize')}>{t('item.pixels', { size: resource.model.inputSize })}</Fact>
            {metrics.map((m) => (
              <Fact key={m} label={t(`metrics.${m}`)} testId={`resource-metric-${m}`}>
                {formatRatio(resource.model!.metrics[m] as number)}
              </Fact>
            ))}
          </SimpleGrid>
          {metrics.length === 0 && (
            <Text fontSize="sm" color="fg.muted">
              {t('item.noMetrics')}
            </Text>
          )}
        </Stack>
      )}
      {resource.samples.length > 0 && (
        <Stack gap="2">
          <Heading as="h3" size="sm">
            {t('item.samples')}
          </Heading>
          <SimpleGrid columns={{ base: 1, sm: 2, md: 3 }} gap="3">
            {resource.samples.map((sample) => (
              <SampleImage
                key={sample.index}
                sample={sample}
                url={sampleUrl(resource.id, sample.index)}
                needsToken
                alt={t('item.sampleAlt', { index: sample.index + 1 })}
              />
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </Stack>
  );
}
