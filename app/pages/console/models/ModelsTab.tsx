import { Button, HStack, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Model } from '../../../../contract/apiModels';
import type { Project } from '../../../../contract/apiProjects';
import { errorCodeOf } from '../../../api/ApiRequestError';
import { AppDialog } from '../../../components/Dialog';
import { EmptyState } from '../../../components/EmptyState';
import { useLabels } from '../projects/projectQueries';
import { toaster } from '../toaster';
import { useModels, useTrainings, trainingKeys } from '../training/trainingApi';
import { canTrain } from '../training/TrainingTab';
import { taskOfSubtype } from '../training/wizard/wizardForm';
import { downloadModel, modelsApi } from './modelsApi';
import { ModelsTable } from './ModelsTable';
import { ModelTagDialog } from './ModelTagDialog';
import { ModelUploadDialog } from './ModelUploadDialog';

/** The project's Models tab: every model with its metrics; download, upload, tag, assist model, delete. */
export function ModelsTab({ project }: { project: Project }) {
  const { t } = useTranslation(['models', 'errors', 'training']);
  if (!canTrain(project)) return <EmptyState data-testid="models-forbidden" message={t('errors:forbidden')} />;
  return <ModelsView project={project} />;
}

function ModelsView({ project }: { project: Project }) {
  const { t } = useTranslation(['models', 'errors', 'console']);
  const client = useQueryClient();
  const models = useModels(project.id);
  const trainings = useTrainings(project.id);
  const labels = useLabels(project.id);
  const [uploading, setUploading] = useState(false);
  const [renaming, setRenaming] = useState<Model | null>(null);
  const [removing, setRemoving] = useState<Model | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const refresh = () => void client.invalidateQueries({ queryKey: trainingKeys.models(project.id) });
  const fail = (title: string) => (error: unknown) =>
    toaster.create({ type: 'error', title, description: t(`errors:${errorCodeOf(error)}`) });

  const trainingNumbers = useMemo(
    () => new Map(trainings.data?.items.map((training) => [training.id, training.number]) ?? []),
    [trainings.data],
  );
  const target = useMemo(
    () => ({ task: taskOfSubtype(project.subtype), labelNames: labels.data?.map((label) => label.name) ?? [] }),
    [project.subtype, labels.data],
  );

  const rename = useMutation({
    mutationFn: (v: { model: Model; tag: string | null }) => modelsApi.rename(project.id, v.model.id, v.tag),
    onSuccess: () => {
      toaster.create({ type: 'success', title: t('console:toast.saved') });
      setRenaming(null);
      refresh();
    },
    onError: fail(t('console:toast.saveFailed')),
  });
  const assist = useMutation({
    mutationFn: (model: Model) => modelsApi.setAssist(project.id, model.assist ? null : model.id),
    onMutate: (model) => setBusyId(model.id),
    onSuccess: (_answer, model) => {
      toaster.create({ type: 'success', title: model.assist ? t('assist.cleared') : t('assist.set') });
      refresh();
      void client.invalidateQueries({ queryKey: ['project', project.id, 'assist-model'] });
    },
    onError: fail(t('console:toast.saveFailed')),
    onSettled: () => setBusyId(null),
  });
  const remove = useMutation({
    mutationFn: (model: Model) => modelsApi.remove(project.id, model.id),
    onSuccess: () => {
      toaster.create({ type: 'success', title: t('delete.done') });
      setRemoving(null);
      refresh();
    },
    onError: fail(t('delete.failed')),
  });
  const download = async (model: Model) => {
    setBusyId(model.id);
    try {
      await downloadModel(project.id, model);
    } catch (error) {
      fail(t('download.failed'))(error);
    } finally {
      setBusyId(null);
    }
  };

  return (
    <Stack gap="4" data-testid="models-tab">
      <HStack justify="space-between" align="start" gap="4" wrap="wrap">
        <Stack gap="1" flex="1" minW="0">
          <Heading as="h2" size="md">
            {t('title')}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {t('description')}
          </Text>
        </Stack>
        <Button size="sm" colorPalette="brand" onClick={() => setUploading(true)} data-testid="model-upload-open">
          {t('upload.button')}
        </Button>
      </HStack>
      {models.isPending ? (
        <Skeleton h="32" borderRadius="l3" />
      ) : models.isError ? (
        <Text color="fg.error" role="alert" data-testid="models-load-failed">
          {t('loadFailed')}
        </Text>
      ) : models.data.items.length === 0 ? (
        <EmptyState message={t('empty')} hint={t('emptyHint')} />
      ) : (
        <ModelsTable
          projectId={project.id}
          models={models.data.items}
          actions={{
            download: (model) => void download(model),
            rename: setRenaming,
            toggleAssist: (model) => assist.mutate(model),
            remove: setRemoving,
            busyId,
            canDelete: project.role === 'admin',
            canPost: project.role === 'admin',
            trainingNumbers,
          }}
        />
      )}
      <ModelUploadDialog project={project} target={target} open={uploading} onClose={() => setUploading(false)} />
      <ModelTagDialog
        model={renaming}
        saving={rename.isPending}
        onSave={(tag) => renaming && rename.mutate({ model: renaming, tag })}
        onClose={() => setRenaming(null)}
      />
      <AppDialog
        open={removing !== null}
        title={t('delete.title')}
        onClose={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing)}
        confirmText={t('delete.button')}
        confirmDisabled={remove.isPending}
        autoClose={false}
      >
        <Text data-testid="model-delete-confirm">{t('delete.confirm', { name: removing?.tag || t('untagged') })}</Text>
      </AppDialog>
    </Stack>
  );
}
