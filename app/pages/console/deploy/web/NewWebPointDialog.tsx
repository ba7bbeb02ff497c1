import { Input, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  LOCAL_INSTANCE_TYPES,
  POINT_DESCRIPTION_MAX,
  POINT_NAME_MAX,
  PREPARATION_SECONDS,
} from '../../../../../contract/apiDeploy';
import { V } from '../../../../../contract/validationMessages';
import { errorCodeOf, isApiRequestError } from '../../../../api/ApiRequestError';
import { AppDialog } from '../../../../components/Dialog';
import { ApiErrorText } from '../../checkout/ApiErrorText';
import { Field } from '../../../../theme/parts/field';
import { NativeSelect } from '../../../../theme/parts/nativeSelect';
import { modelMetrics } from '../../models/modelMetrics';
import { useModels } from '../../training/trainingApi';
import { formatRatio } from '../../training/trainingFormat';
import { deployApi } from '../deployApi';
import { PointNameFields, ProjectField } from '../PointFields';
import { usePointDraft, type NewPointDialogProps } from '../usePointDraft';

interface Draft {
  projectId: string;
  modelId: string;
  name: string;
  description: string;
  instanceType: string;
}
const EMPTY: Draft = { projectId: '', modelId: '', name: '', description: '', instanceType: 'local-1' };

function check(draft: Draft): Partial<Record<keyof Draft, string>> {
  const errors: Partial<Record<keyof Draft, string>> = {};
  if (!draft.projectId) errors.projectId = V.required;
  if (!draft.modelId) errors.modelId = V.required;
  if (!draft.name.trim()) errors.name = V.required;
  else if (draft.name.trim().length > POINT_NAME_MAX) errors.name = V.max40;
  if (draft.description.length > POINT_DESCRIPTION_MAX) errors.description = V.max100;
  return errors;
}

function ModelSelect({
  projectId,
  value,
  invalid,
  onChange,
}: {
  projectId: string;
  value: string;
  invalid: boolean;
  onChange: (modelId: string) => void;
}) {
  const { t } = useTranslation(['webPoints', 'models', 'errors']);
  const models = useModels(projectId);
  if (models.isError) return <Text color="fg.error">{t(`errors:${errorCodeOf(models.error)}`)}</Text>;
  const items = models.data?.items ?? [];
  if (models.isSuccess && items.length === 0)
    return (
      <Text fontSize="sm" color="fg.muted" data-testid="web-create-no-models">
        {t('create.noModels')}
      </Text>
    );
  return (
    <NativeSelect.Root disabled={models.isPending}>
      <NativeSelect.Field
        name="modelId"
        value={value}
        aria-invalid={invalid}
        onChange={(e) => onChange(e.currentTarget.value)}
        data-testid="web-create-model"
      >
        <option value="">{models.isPending ? '…' : t('create.chooseModel')}</option>
        {items.map((m) => {
          const metrics = modelMetrics(m).map(([name, v]) => t(`models:metrics.${name}`, { value: formatRatio(v) }));
          return (
            <option key={m.id} value={m.id}>
              {[m.tag || m.id, t(`models:tasks.${m.task}`), ...metrics].join(' · ')}
            </option>
          );
        })}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/**
 * New web point: project, model, name, description and the server it runs on. Only this server
 * ('local') is offered; cloud servers are listed but disabled, as no cloud account is configured.
 */
export function NewWebPointDialog({ open, projects, onClose }: NewPointDialogProps) {
  const { t } = useTranslation(['webPoints', 'validation', 'errors']);
  const client = useQueryClient();
  const { draft, serverErrors, setServerErrors, update, show, submit } = usePointDraft(open, projects, EMPTY, check);
  const create = useMutation({
    mutationFn: () =>
      deployApi.create(draft.projectId, {
        kind: 'web',
        name: draft.name.trim(),
        description: draft.description,
        modelId: draft.modelId,
        serverType: 'local',
        cloudType: 'none',
        cloudRegion: 'local',
        instanceType: draft.instanceType,
      }),
    onSuccess: (answer) => {
      void client.invalidateQueries({ queryKey: ['points'] });
      onClose(answer.point);
    },
    onError: (error) => {
      if (isApiRequestError(error)) setServerErrors(error.fields);
    },
  });
  const [minS, maxS] = PREPARATION_SECONDS.local;
  const [cloudMin, cloudMax] = PREPARATION_SECONDS.cloud;
  return (
    <AppDialog
      open={open}
      title={t('create.title')}
      onClose={() => onClose(null)}
      onConfirm={() => submit() && create.mutate()}
      confirmText={t('create.submit')}
      confirmDisabled={create.isPending}
      autoClose={false}
      enterConfirm
      width={600}
      mobileFull
    >
      <Stack gap="4" data-testid="web-create">
        <ProjectField
          ns="webPoints"
          error={show('projectId')}
          projects={projects}
          value={draft.projectId}
          onChange={(projectId) => update({ projectId, modelId: '' })}
          name="projectId"
          testId="web-create-project"
        />
        <Field.Root required invalid={!!show('modelId')}>
          <Field.Label>
            {t('create.model')}
            <Field.RequiredIndicator />
          </Field.Label>
          {draft.projectId ? (
            <ModelSelect
              projectId={draft.projectId}
              value={draft.modelId}
              invalid={!!show('modelId')}
              onChange={(modelId) => update({ modelId })}
            />
          ) : (
            <Text fontSize="sm" color="fg.muted">
              {t('create.projectFirst')}
            </Text>
          )}
          {show('modelId') && <Field.ErrorText>{t(show('modelId')!)}</Field.ErrorText>}
        </Field.Root>
        <PointNameFields
          ns="webPoints"
          name={draft.name}
          description={draft.description}
          nameError={show('name')}
          descriptionError={show('description')}
          onName={(name) => update({ name })}
          onDescription={(description) => update({ description })}
          testIds={{ name: 'web-create-name', description: 'web-create-description' }}
          nameHint
        />
        <Field.Root>
          <Field.Label>{t('create.serverType')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field name="serverType" value="local" onChange={() => {}} data-testid="web-create-server">
              <option value="local">{t('serverType.local')}</option>
              <option value="cloud" disabled>
                {t('serverType.cloudUnavailable')}
              </option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.HelperText data-testid="web-create-cloud-note">{t('create.cloudNote')}</Field.HelperText>
        </Field.Root>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="4">
          <Field.Root readOnly>
            <Field.Label>{t('fields.cloudType')}</Field.Label>
            <Input value={t('cloudType.none')} readOnly />
          </Field.Root>
          <Field.Root readOnly>
            <Field.Label>{t('fields.cloudRegion')}</Field.Label>
            <Input value="local" readOnly />
          </Field.Root>
        </Stack>
        <Field.Root>
          <Field.Label>{t('fields.instanceType')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              name="instanceType"
              value={draft.instanceType}
              onChange={(e) => update({ instanceType: e.currentTarget.value })}
              data-testid="web-create-instance"
            >
              {LOCAL_INSTANCE_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t('create.instanceOption', { type, count: Number(type.split('-')[1]) })}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Text fontSize="sm" color="fg.muted" data-testid="web-create-preparation">
          {t('create.preparation', { min: minS, max: maxS, cloudMin: cloudMin / 60, cloudMax: cloudMax / 60 })}
        </Text>
        {create.isError && Object.keys(serverErrors).length === 0 && (
          <ApiErrorText error={create.error} testId="web-create-error" />
        )}
      </Stack>
    </AppDialog>
  );
}
