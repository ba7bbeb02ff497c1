import { Button, chakra, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { Model } from '../../../../contract/apiModels';
import type { Project } from '../../../../contract/apiProjects';
import { projectHref } from '../../../../contract/projectRoutes';
import { errorCodeOf } from '../../../api/ApiRequestError';
import { AppDialog } from '../../../components/Dialog';
import { Alert } from '../../../theme/parts/alert';
import { NativeSelect } from '../../../theme/parts/nativeSelect';
import { Progress } from '../../../theme/parts/progress';
import { projectKeys } from '../projects/projectQueries';
import { startAutoLabel, THRESHOLD_MAX, THRESHOLD_MIN, useAutoLabelJob, useDefaultThreshold } from './autoLabelApi';

const Range = chakra('input');
const LIMIT_MAX = 100_000;

function modelName(model: Model, t: (key: string, options?: Record<string, unknown>) => string): string {
  const name = model.tag ?? t('trainingResults:autoLabel.untagged');
  const date = model.createdAt.slice(0, 10);
  const text = t('trainingResults:autoLabel.modelOption', {
    name,
    network: t(`trainingResults:networks.${model.network}`),
    date,
  });
  return model.assist ? `${text} (${t('trainingResults:autoLabel.assist')})` : text;
}

/**
 * Auto labeling: a model, a confidence threshold and how many unlabeled images, then the job's
 * progress and its counts, with a link that filters the list to the images it labeled. Closing
 * the dialog does not stop the job; `jobId` lives with the caller so reopening shows it again.
 */
export function AutoLabelDialog({
  project,
  models,
  open,
  onClose,
  jobId,
  onJob,
}: {
  project: Project;
  models: readonly Model[];
  open: boolean;
  onClose: () => void;
  jobId: string | null;
  onJob: (jobId: string | null) => void;
}) {
  const { t } = useTranslation(['trainingResults', 'errors']);
  const client = useQueryClient();
  const [, navigate] = useLocation();
  const ids = { model: useId(), threshold: useId(), limit: useId() };
  const unlabeled = Math.max(0, project.imageCount - project.labeledCount);
  const [modelId, setModelId] = useState(() => (models.find((m) => m.assist) ?? models[0])?.id ?? '');
  const model = models.find((m) => m.id === modelId);
  const defaults = useDefaultThreshold(project.id, model);
  const [threshold, setThreshold] = useState<number | null>(null);
  const [limited, setLimited] = useState(false);
  const [limitText, setLimitText] = useState('100');
  const job = useAutoLabelJob(project.id, jobId);
  const state = job.data?.state;

  // A new model brings its own best threshold until the user moves the slider.
  useEffect(() => setThreshold(null), [modelId]);
  useEffect(() => {
    if (state !== 'done') return;
    void client.invalidateQueries({ queryKey: projectKeys.images(project.id) });
    // Exact: the project's key is the prefix of every query of the project, this job's too.
    void client.invalidateQueries({ queryKey: projectKeys.project(project.id), exact: true });
  }, [client, project.id, state]);

  const value = threshold ?? defaults.threshold ?? 0.5;
  const limit = Number(limitText);
  const limitValid = !limited || (Number.isInteger(limit) && limit >= 1 && limit <= LIMIT_MAX);
  const start = useMutation({
    mutationFn: () => startAutoLabel(project.id, { modelId, threshold: value, ...(limited ? { limit } : {}) }),
    onSuccess: (answer) => onJob(answer.jobId),
  });
  const formShown = jobId === null;
  const canStart = formShown && model !== undefined && unlabeled > 0 && limitValid && !start.isPending;

  const showMachine = () => {
    onClose();
    onJob(null);
    navigate(`${projectHref(project.id)}?machine=true`);
  };

  return (
    <AppDialog
      open={open}
      title={t('autoLabel.title')}
      onClose={() => {
        if (state === 'done' || state === 'failed') onJob(null);
        start.reset();
        onClose();
      }}
      onConfirm={formShown ? () => start.mutate() : undefined}
      confirmText={t('autoLabel.start')}
      confirmDisabled={!canStart}
      autoClose={false}
      cancelText={formShown ? undefined : t('autoLabel.close')}
      width={560}
    >
      {formShown ? (
        <Stack gap="5" data-testid="auto-label-form">
          <Text fontSize="sm" color="fg.muted">
            {t('autoLabel.intro')}
          </Text>
          <Stack gap="1">
            <chakra.label htmlFor={ids.model} fontWeight="600" fontSize="sm">
              {t('autoLabel.model')}
            </chakra.label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field
                id={ids.model}
                value={modelId}
                onChange={(e) => setModelId(e.currentTarget.value)}
                data-testid="auto-label-model"
              >
                {models.map((m) => (
                  <option key={m.id} value={m.id}>
                    {modelName(m, t)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Stack>
          <Stack gap="1">
            <HStack justify="space-between">
              <chakra.label htmlFor={ids.threshold} fontWeight="600" fontSize="sm">
                {t('autoLabel.threshold')}
              </chakra.label>
              <Text fontWeight="700" fontVariantNumeric="tabular-nums" data-testid="auto-label-threshold-value">
                {value.toFixed(2)}
              </Text>
            </HStack>
            <Range
              id={ids.threshold}
              type="range"
              min={THRESHOLD_MIN}
              max={THRESHOLD_MAX}
              step={0.01}
              value={value}
              onChange={(e) => setThreshold(Number(e.currentTarget.value))}
              accentColor="var(--chakra-colors-brand-solid)"
              data-testid="auto-label-threshold"
            />
            <Text fontSize="xs" color="fg.muted">
              {t('autoLabel.thresholdHint', { score: value.toFixed(2) })}{' '}
              {defaults.best !== null && t('autoLabel.thresholdBest', { score: defaults.best.toFixed(2) })}
            </Text>
          </Stack>
          <Stack gap="2">
            <Text fontWeight="600" fontSize="sm">
              {t('autoLabel.images')}
            </Text>
            {unlabeled === 0 ? (
              <Text fontSize="sm" color="fg.muted" data-testid="auto-label-nothing">
                {t('autoLabel.noUnlabeled')}
              </Text>
            ) : (
              <>
                <Text fontSize="sm">{t('autoLabel.allImages', { count: unlabeled })}</Text>
                <HStack gap="3">
                  <chakra.label display="inline-flex" alignItems="center" gap="2" fontSize="sm">
                    <chakra.input
                      type="checkbox"
                      checked={limited}
                      onChange={(e) => setLimited(e.currentTarget.checked)}
                      accentColor="var(--chakra-colors-brand-solid)"
                      w="4"
                      h="4"
                    />
                    {t('autoLabel.someImages')}
                  </chakra.label>
                  <Input
                    id={ids.limit}
                    size="sm"
                    w="28"
                    inputMode="numeric"
                    aria-label={t('autoLabel.someImages')}
                    disabled={!limited}
                    value={limitText}
                    onChange={(e) => setLimitText(e.currentTarget.value.trim())}
                    aria-invalid={!limitValid || undefined}
                    data-testid="auto-label-limit"
                  />
                </HStack>
                {!limitValid && (
                  <Text fontSize="xs" color="fg.error" role="alert">
                    {t('autoLabel.imagesInvalid')}
                  </Text>
                )}
              </>
            )}
          </Stack>
          {start.isError && (
            <Alert.Root status="error" data-testid="auto-label-error">
              <Alert.Indicator />
              <Alert.Description>{t(`errors:${errorCodeOf(start.error)}`)}</Alert.Description>
            </Alert.Root>
          )}
        </Stack>
      ) : (
        <AutoLabelProgress
          job={job.data}
          loadError={job.isError ? errorCodeOf(job.error) : null}
          onShow={showMachine}
        />
      )}
    </AppDialog>
  );
}

function AutoLabelProgress({
  job,
  loadError,
  onShow,
}: {
  job: ReturnType<typeof useAutoLabelJob>['data'];
  loadError: string | null;
  onShow: () => void;
}) {
  const { t } = useTranslation(['trainingResults', 'errors']);
  if (loadError)
    return (
      <Text color="fg.error" role="alert">
        {t('autoLabel.failed', { reason: t(`errors:${loadError}`) })}
      </Text>
    );
  const percent = Math.round(Math.min(1, Math.max(0, job?.progress ?? 0)) * 100);
  return (
    <Stack gap="4" data-testid="auto-label-job" data-state={job?.state ?? 'queued'}>
      {job?.state === 'done' ? (
        <>
          <Text data-testid="auto-label-done">
            {t('autoLabel.done', { labeled: job.labeledImages, images: job.images, count: job.annotations })}
          </Text>
          {job.annotations > 0 && (
            <Button alignSelf="start" colorPalette="brand" onClick={onShow} data-testid="auto-label-show">
              {t('autoLabel.showMachine')}
            </Button>
          )}
        </>
      ) : job?.state === 'failed' ? (
        <Text color="fg.error" role="alert" data-testid="auto-label-failed">
          {t('autoLabel.failed', {
            // The job's error is a code when it has one; anything else is the server's detail, not for users.
            reason: t(`errors:${job.error ?? 'internal'}`, { defaultValue: t('errors:internal') }),
          })}
        </Text>
      ) : (
        <>
          <Text role="status">
            {job?.state === 'running'
              ? t('autoLabel.running', { done: Math.round((job.progress || 0) * job.images), total: job.images })
              : t('autoLabel.queued')}
          </Text>
          <Progress.Root value={job?.state === 'running' ? percent : null} size="sm" colorPalette="brand">
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        </>
      )}
    </Stack>
  );
}
