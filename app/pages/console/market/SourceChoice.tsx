import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ResourceKind, ResourceSources } from '../../../../contract/apiMarket';
import { Field } from '../../../theme/parts/field';
import { NativeSelect } from '../../../theme/parts/nativeSelect';
import { formatKoreanTime } from '../../../utils/formatKoreanTime';

type SourceProject = ResourceSources['projects'][number];

/**
 * What of the chosen project is posted: its dataset (with its counts, and a warning when this very
 * snapshot is already on the market) or one of its models (posted ones disabled, saying why).
 */
export function SourceChoice({
  project,
  kind,
  modelId,
  modelError,
  onModel,
}: {
  project: SourceProject | undefined;
  kind: ResourceKind;
  modelId: string;
  modelError: string | undefined;
  onModel: (modelId: string) => void;
}) {
  const { t } = useTranslation(['market', 'validation', 'training']);
  if (!project) return null;
  if (kind === 'dataset')
    return (
      <Text
        fontSize="sm"
        color={project.datasetPosted ? 'fg.error' : 'fg.muted'}
        role={project.datasetPosted ? 'alert' : undefined}
        data-testid="resource-dataset-facts"
      >
        {project.datasetPosted
          ? t('form.datasetPosted')
          : t('form.datasetFacts', {
              images: project.images,
              annotations: project.annotations,
              labels: project.labels,
            })}
      </Text>
    );
  return (
    <Field.Root required invalid={!!modelError}>
      <Field.Label>
        {t('form.model')}
        <Field.RequiredIndicator />
      </Field.Label>
      {project.models.length === 0 ? (
        <Text fontSize="sm" color="fg.muted" data-testid="resource-no-models">
          {t('form.noModels')}
        </Text>
      ) : (
        <NativeSelect.Root>
          <NativeSelect.Field
            name="modelId"
            value={modelId}
            onChange={(e) => onModel(e.currentTarget.value)}
            data-testid="resource-model"
          >
            <option value="">{t('form.chooseModel')}</option>
            {project.models.map((m) => {
              const name = t('form.modelName', {
                tag: m.tag || t('form.untagged'),
                network: t(`training:networks.${m.network}`, { defaultValue: m.network }),
                date: formatKoreanTime(m.createdAt),
              });
              return (
                <option key={m.id} value={m.id} disabled={m.posted}>
                  {m.posted ? t('form.modelPosted', { name }) : name}
                </option>
              );
            })}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      )}
      {modelError && <Field.ErrorText>{t(modelError)}</Field.ErrorText>}
    </Field.Root>
  );
}
