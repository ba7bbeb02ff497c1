import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Model } from '../../../../contract/apiModels';
import { newDeploymentHref } from '../../../../contract/deployRoutes';
import { marketHref } from '../../../../contract/marketRoutes';
import { trainingHref } from '../../../../contract/projectRoutes';
import { ScrollingTable } from '../../../components/ScrollingTable';
import { Table } from '../../../theme/parts/table';
import { formatBytes } from '../../../utils/formatBytes';
import { formatDateTime, formatRatio, NONE } from '../training/trainingFormat';
import { modelMetrics } from './modelMetrics';

const COLUMNS = [
  'tag',
  'task',
  'network',
  'inputSize',
  'labels',
  'metrics',
  'source',
  'size',
  'createdAt',
  'actions',
] as const;
const LABELS_SHOWN = 4;

export interface ModelActions {
  download: (model: Model) => void;
  rename: (model: Model) => void;
  toggleAssist: (model: Model) => void;
  remove: (model: Model) => void;
  /** The model whose download or assist change is running (its buttons wait). */
  busyId: string | null;
  /** Admins delete. */
  canDelete: boolean;
  /** Admins post a model to the market. */
  canPost: boolean;
  /** Training numbers by id, for the source link's text. */
  trainingNumbers: ReadonlyMap<string, number>;
}

/** Every model of the project with its facts, metrics and actions; scrolls sideways on a phone. */
export function ModelsTable({
  projectId,
  models,
  actions,
}: {
  projectId: string;
  models: Model[];
  actions: ModelActions;
}) {
  const { t, i18n } = useTranslation(['models', 'training']);
  return (
    <ScrollingTable
      label={t('tableLabel')}
      headers={COLUMNS.map((column) => t(`columns.${column}`))}
      minW="1100px"
      data-testid="model-list"
    >
      {models.map((model) => {
        const metrics = modelMetrics(model);
        const busy = actions.busyId === model.id;
        const number = model.trainingId ? actions.trainingNumbers.get(model.trainingId) : undefined;
        return (
          <Table.Row key={model.id} data-testid="model-row" data-model={model.id}>
            <Table.Cell>
              <Stack gap="1" align="start">
                <Text fontWeight="600" data-testid="model-tag">
                  {model.tag || t('untagged')}
                </Text>
                {model.assist && (
                  <Badge colorPalette="purple" data-testid="model-assist">
                    {t('assist.mark')}
                  </Badge>
                )}
              </Stack>
            </Table.Cell>
            <Table.Cell>{t(`tasks.${model.task}`)}</Table.Cell>
            <Table.Cell whiteSpace="nowrap">{t(`training:networks.${model.network}`)}</Table.Cell>
            <Table.Cell whiteSpace="nowrap">{t('inputSize', { size: model.inputSize })}</Table.Cell>
            <Table.Cell>
              <HStack gap="1" wrap="wrap" maxW="56">
                {model.labels.slice(0, LABELS_SHOWN).map((label) => (
                  <Badge key={label.id} variant="outline">
                    <Box as="span" w="2" h="2" rounded="full" bg={label.color} aria-hidden="true" />
                    {label.name}
                  </Badge>
                ))}
                {model.labels.length > LABELS_SHOWN && (
                  <Text as="span" fontSize="xs" color="fg.muted">
                    {t('labelsMore', { count: model.labels.length - LABELS_SHOWN })}
                  </Text>
                )}
              </HStack>
            </Table.Cell>
            <Table.Cell data-testid="model-metrics">
              {metrics.length === 0
                ? NONE
                : metrics.map(([name, value]) => (
                    <Text key={name} whiteSpace="nowrap">
                      {t(`metrics.${name}`, { value: formatRatio(value) })}
                    </Text>
                  ))}
            </Table.Cell>
            <Table.Cell data-testid="model-source">
              <Stack gap="0">
                <Text>{t(`source.${model.source}`)}</Text>
                {model.trainingId && (
                  <Link href={trainingHref(projectId, model.trainingId)} aria-label={t('source.openTraining')}>
                    <Text as="span" fontSize="xs" color="fg.info" textDecoration="underline">
                      {number !== undefined ? t('source.training', { number }) : t('source.openTraining')}
                    </Text>
                  </Link>
                )}
              </Stack>
            </Table.Cell>
            <Table.Cell whiteSpace="nowrap">{formatBytes(model.bytes)}</Table.Cell>
            <Table.Cell whiteSpace="nowrap">{formatDateTime(model.createdAt, i18n.language)}</Table.Cell>
            <Table.Cell>
              <HStack gap="1" wrap="wrap">
                <Button
                  size="xs"
                  variant="outline"
                  loading={busy}
                  onClick={() => actions.download(model)}
                  data-testid="model-download"
                >
                  {t('download.button')}
                </Button>
                <Button asChild size="xs" variant="outline" colorPalette="brand" data-testid="model-deploy">
                  <Link href={newDeploymentHref(projectId, { modelId: model.id })}>{t('deployAction')}</Link>
                </Button>
                {actions.canPost && (
                  <Button asChild size="xs" variant="outline" data-testid="model-post">
                    <Link href={marketHref.newResource(projectId, model.id)}>{t('postToMarket')}</Link>
                  </Button>
                )}
                <Button size="xs" variant="ghost" onClick={() => actions.rename(model)} data-testid="model-rename">
                  {t('rename.button')}
                </Button>
                <Button
                  size="xs"
                  variant="ghost"
                  disabled={busy}
                  onClick={() => actions.toggleAssist(model)}
                  data-testid="model-assist-toggle"
                >
                  {model.assist ? t('assist.stop') : t('assist.use')}
                </Button>
                {actions.canDelete && (
                  <Button
                    size="xs"
                    variant="ghost"
                    colorPalette="red"
                    onClick={() => actions.remove(model)}
                    data-testid="model-delete"
                  >
                    {t('delete.button')}
                  </Button>
                )}
              </HStack>
            </Table.Cell>
          </Table.Row>
        );
      })}
    </ScrollingTable>
  );
}
