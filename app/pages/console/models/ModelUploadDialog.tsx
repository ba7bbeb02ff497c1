import { Button, chakra, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MODEL_UPLOAD_MAX_BYTES } from '../../../../contract/apiModels';
import type { Project } from '../../../../contract/apiProjects';
import { isAbortError } from '../../../../contract/isAbortError';
import { MODEL_TAG_MAX } from '../../../../contract/validationConsole';
import { V } from '../../../../contract/validationMessages';
import type { ModelCheckResult, ModelTarget } from '../../../../workers/modelCheck/modelFit';
import { modelCheckWorker } from '../../../../workers/clients';
import { AppDialog } from '../../../components/Dialog';
import { Field } from '../../../theme/parts/field';
import { Progress } from '../../../theme/parts/progress';
import { formatBytes } from '../../../utils/formatBytes';
import { toaster } from '../toaster';
import { trainingKeys } from '../training/trainingApi';
import { ModelUploadError, uploadModel } from './modelsApi';
import { failureText, type UploadFailure } from './modelUploadText';

/** What the worker found in a zip that fits (null where the check could not run). */
type CheckedModel = Extract<ModelCheckResult, { ok: true }>;

type Phase =
  | { name: 'idle' }
  | { name: 'checking'; file: File }
  | { name: 'ready'; file: File; summary: CheckedModel | null }
  | { name: 'uploading'; file: File; summary: CheckedModel | null; loaded: number }
  | { name: 'failed'; failure: UploadFailure };

/** Runs the worker's check on one file and always stops the worker. */
async function checkInWorker(file: File, target: ModelTarget): Promise<ModelCheckResult> {
  const worker = modelCheckWorker();
  try {
    return await worker.remote.check(file, target);
  } finally {
    worker.terminate();
  }
}

export interface ModelUploadDialogProps {
  project: Project;
  target: ModelTarget;
  open: boolean;
  onClose: () => void;
  /** The check (a worker in the app; tests pass their own). */
  check?: (file: File, target: ModelTarget) => Promise<ModelCheckResult>;
}

/**
 * Upload a model zip: the zip is checked in a worker first (what the server would refuse is
 * refused here, with its code), then POSTed with progress and an optional tag.
 */
export function ModelUploadDialog({ project, target, open, onClose, check = checkInWorker }: ModelUploadDialogProps) {
  const { t } = useTranslation(['models', 'errors', 'validation']);
  const client = useQueryClient();
  const [phase, setPhase] = useState<Phase>({ name: 'idle' });
  const [tag, setTag] = useState('');
  const abortRef = useRef<AbortController | null>(null);
  const runRef = useRef(0);

  useEffect(() => {
    if (open) return;
    abortRef.current?.abort();
    runRef.current += 1;
    setPhase({ name: 'idle' });
    setTag('');
  }, [open]);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    const run = ++runRef.current;
    setPhase({ name: 'checking', file });
    let result: ModelCheckResult | null;
    try {
      result = await check(file, target);
    } catch {
      // The check itself could not run here (no worker, no TensorFlow.js backend): the server
      // checks every upload anyway, so the file may still be sent, without a summary.
      result = null;
    }
    if (run !== runRef.current) return;
    if (!result) {
      setPhase({ name: 'ready', file, summary: null });
      return;
    }
    if (!result.ok) {
      setPhase({ name: 'failed', failure: { modelError: result.code, code: 'model_invalid', detail: result.detail } });
      return;
    }
    setTag((current) => current || (result.tag ?? ''));
    setPhase({ name: 'ready', file, summary: result });
  };

  const tagError = tag.trim().length > MODEL_TAG_MAX ? V.max20 : null;

  const send = async () => {
    if (phase.name !== 'ready' || tagError) return;
    const { file, summary } = phase;
    const controller = new AbortController();
    abortRef.current = controller;
    const run = runRef.current;
    setPhase({ name: 'uploading', file, summary, loaded: 0 });
    try {
      await uploadModel(
        project.id,
        file,
        tag.trim() || null,
        (loaded) => setPhase({ name: 'uploading', file, summary, loaded }),
        controller.signal,
      );
      void client.invalidateQueries({ queryKey: trainingKeys.models(project.id) });
      toaster.create({ type: 'success', title: t('upload.done') });
      onClose();
    } catch (error) {
      // Canceled: the checked file stays ready to send again (unless the dialog closed).
      if (isAbortError(error)) {
        if (run === runRef.current) setPhase({ name: 'ready', file, summary });
        return;
      }
      const failure =
        error instanceof ModelUploadError
          ? { modelError: error.modelError, code: error.code, detail: error.detail }
          : { modelError: null, code: 'internal', detail: null };
      setPhase({ name: 'failed', failure });
    } finally {
      abortRef.current = null;
    }
  };

  const busy = phase.name === 'checking' || phase.name === 'uploading';
  return (
    <AppDialog
      open={open}
      title={t('upload.title')}
      onClose={() => onClose()}
      onConfirm={() => void send()}
      confirmText={t('upload.send')}
      confirmDisabled={phase.name !== 'ready' || !!tagError}
      autoClose={false}
      cancelText={t('upload.cancel')}
      mobileFull
    >
      <Stack gap="4" data-testid="model-upload">
        <Text fontSize="sm" color="fg.muted">
          {t('upload.hint', { size: formatBytes(MODEL_UPLOAD_MAX_BYTES) })}
        </Text>
        <chakra.label display="flex" flexDirection="column" gap="1" fontSize="sm" fontWeight="500">
          {t('upload.choose')}
          <chakra.input
            type="file"
            accept=".zip,application/zip"
            disabled={busy}
            data-testid="model-upload-file"
            onChange={(e) => void pick(e.currentTarget.files?.[0])}
            fontSize="sm"
          />
        </chakra.label>
        {phase.name === 'checking' && (
          <Text fontSize="sm" color="fg.muted" data-testid="model-upload-checking">
            {t('upload.checking')}
          </Text>
        )}
        {phase.name === 'ready' && phase.summary && (
          <Text fontSize="sm" data-testid="model-upload-summary">
            {t('upload.checked', {
              task: t(`tasks.${phase.summary.task}`),
              labels: phase.summary.labels.length,
              size: phase.summary.inputSize,
            })}
          </Text>
        )}
        {(phase.name === 'ready' || phase.name === 'uploading') && (
          <Field.Root invalid={!!tagError} disabled={phase.name === 'uploading'}>
            <Field.Label>{t('upload.tag')}</Field.Label>
            <Input name="modelTag" value={tag} onChange={(e) => setTag(e.currentTarget.value)} />
            {tagError && <Field.ErrorText>{t(tagError)}</Field.ErrorText>}
          </Field.Root>
        )}
        {phase.name === 'uploading' && (
          <Stack gap="1">
            <Progress.Root
              value={Math.round((phase.loaded / Math.max(1, phase.file.size)) * 100)}
              size="xs"
              colorPalette="brand"
              aria-label={t('upload.title')}
            >
              <Progress.Track>
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
            <HStack justify="space-between">
              <Text fontSize="xs" color="fg.muted" data-testid="model-upload-progress">
                {t('upload.uploading', {
                  percent: Math.round((phase.loaded / Math.max(1, phase.file.size)) * 100),
                })}
              </Text>
              <Button size="xs" variant="ghost" onClick={() => abortRef.current?.abort()}>
                {t('upload.cancel')}
              </Button>
            </HStack>
          </Stack>
        )}
        {phase.name === 'failed' && (
          <Stack gap="1" role="alert" data-testid="model-upload-error">
            <Text fontWeight="600" color="fg.error">
              {t('upload.failed')}
            </Text>
            <Text fontSize="sm">{failureText(phase.failure, t)}</Text>
            <Text fontSize="xs" color="fg.muted" data-testid="model-upload-code">
              {t('upload.code', { code: phase.failure.modelError ?? phase.failure.code })}
            </Text>
          </Stack>
        )}
      </Stack>
    </AppDialog>
  );
}
