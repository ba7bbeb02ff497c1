import { Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Purchase, ResourceExport, ResourceExportResult } from '../../../../contract/apiMarket';
import { newDeploymentHref } from '../../../../contract/deployRoutes';
import { projectHref, trainingHref } from '../../../../contract/projectRoutes';
import { resourceNameSchema } from '../../../../contract/validationConsole';
import { errorCodeOf } from '../../../api/ApiRequestError';
import { AppDialog } from '../../../components/Dialog';
import { Field } from '../../../theme/parts/field';
import { NativeSelect } from '../../../theme/parts/nativeSelect';
import { projectKeys } from '../projects/projectQueries';
import { toaster } from '../toaster';
import { taskOfSubtype } from '../training/wizard/wizardForm';
import { marketApi, marketKeys } from './marketApi';

type Target = 'new' | 'existing';

/**
 * Brings a purchase into a project: a dataset into a new project or an existing one of the same
 * type where I am admin (its label classes merged), a model into an existing project of the same
 * task, after which it can be trained from or deployed. The outcome stays in the dialog.
 */
export function ExportDialog({ purchase, onClose }: { purchase: Purchase | null; onClose: () => void }) {
  const { t } = useTranslation(['market', 'validation', 'errors']);
  const client = useQueryClient();
  const resource = purchase?.resource;
  const isModel = resource?.kind === 'model';
  const [target, setTarget] = useState<Target>(isModel ? 'existing' : 'new');
  const [title, setTitle] = useState(resource?.name ?? '');
  const [projectId, setProjectId] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<ResourceExportResult | null>(null);
  const projects = useQuery({
    queryKey: marketKeys.adminProjects,
    queryFn: marketApi.adminProjects,
    enabled: !!purchase,
  });
  const fitting = (projects.data ?? []).filter((p) =>
    isModel ? taskOfSubtype(p.subtype) === resource?.model?.task : p.subtype === resource?.subtype,
  );
  const titleIssue = resourceNameSchema.safeParse(title);
  const titleError = target === 'new' && !titleIssue.success ? titleIssue.error.issues[0]?.message : undefined;
  const invalid = target === 'new' ? !!titleError : !projectId;

  const run = useMutation({
    mutationFn: (body: ResourceExport) => marketApi.exportPurchase(purchase!.id, body),
    onSuccess: (answer) => {
      setResult(answer);
      toaster.create({ type: 'success', title: t('export.done') });
      void client.invalidateQueries({ queryKey: marketKeys.purchases });
      void client.invalidateQueries({ queryKey: projectKeys.list });
      void client.invalidateQueries({ queryKey: ['project', answer.projectId] });
    },
    onError: (error) => {
      const code = errorCodeOf(error);
      setFailure(code);
      toaster.create({ type: 'error', title: t('export.failed'), description: t(`errors:${code}`) });
    },
  });
  const confirm = () => {
    setFailure(null);
    run.mutate(target === 'new' ? { target: 'new', title } : { target: 'existing', projectId });
  };

  return (
    <AppDialog
      open={purchase !== null}
      title={t(isModel ? 'export.modelTitle' : 'export.title', { name: resource?.name ?? '' })}
      onClose={onClose}
      onConfirm={result ? undefined : confirm}
      confirmText={t(isModel ? 'export.add' : 'export.submit')}
      confirmDisabled={invalid || run.isPending}
      cancelText={result ? t('export.close') : undefined}
      autoClose={false}
      mobileFull
    >
      {result ? (
        <Stack gap="3" data-testid="export-result">
          <Text fontWeight="600">{t('export.done')}</Text>
          {isModel ? (
            <HStack gap="2" wrap="wrap">
              <Button asChild size="sm" colorPalette="brand" data-testid="export-train">
                <Link href={trainingHref(result.projectId, 'new')}>{t('export.train')}</Link>
              </Button>
              <Button asChild size="sm" variant="outline" data-testid="export-deploy">
                <Link href={newDeploymentHref(result.projectId, { modelId: result.modelId ?? undefined })}>
                  {t('export.deploy')}
                </Link>
              </Button>
            </HStack>
          ) : (
            <>
              <Text fontSize="sm" data-testid="export-counts">
                {t('export.counts', {
                  images: result.images,
                  annotations: result.annotations,
                  labels: result.labelsAdded,
                })}
              </Text>
              <Button asChild size="sm" colorPalette="brand" alignSelf="start" data-testid="export-open">
                <Link href={projectHref(result.projectId)}>{t('export.openProject')}</Link>
              </Button>
            </>
          )}
        </Stack>
      ) : (
        <Stack gap="4" data-testid="export-form">
          {!isModel && (
            <NativeSelect.Root>
              <NativeSelect.Field
                aria-label={t('export.target')}
                value={target}
                onChange={(e) => setTarget(e.currentTarget.value as Target)}
                data-testid="export-target"
              >
                <option value="new">{t('export.toNew')}</option>
                <option value="existing">{t('export.toExisting')}</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          )}
          {target === 'new' ? (
            <Field.Root required invalid={!!titleError}>
              <Field.Label>
                {t('export.projectTitle')}
                <Field.RequiredIndicator />
              </Field.Label>
              <Input value={title} onChange={(e) => setTitle(e.currentTarget.value)} data-testid="export-title" />
              {titleError && <Field.ErrorText data-testid="export-title-error">{t(titleError)}</Field.ErrorText>}
            </Field.Root>
          ) : (
            <Field.Root required>
              <Field.Label>
                {t('export.project')}
                <Field.RequiredIndicator />
              </Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field
                  value={projectId}
                  onChange={(e) => setProjectId(e.currentTarget.value)}
                  data-testid="export-project"
                >
                  <option value="">{t('form.chooseProject')}</option>
                  {fitting.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.title}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Field.HelperText>
                {projects.isSuccess && fitting.length === 0
                  ? t(isModel ? 'export.noModelProjects' : 'export.noProjects')
                  : t(isModel ? 'export.modelProjectsHint' : 'export.projectsHint')}
              </Field.HelperText>
            </Field.Root>
          )}
          {!isModel && (
            <Text fontSize="xs" color="fg.muted">
              {t('export.labelsHint')}
            </Text>
          )}
          {failure && (
            <Text color="fg.error" role="alert" data-testid="export-error">
              {failure === 'label_room' ? t('errors:label_room') : `${t('export.failed')} ${t(`errors:${failure}`)}`}
            </Text>
          )}
        </Stack>
      )}
    </AppDialog>
  );
}
