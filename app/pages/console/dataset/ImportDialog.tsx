import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportErrorCode } from '../../../../contract/apiImports';
import type { Project } from '../../../../contract/apiProjects';
import { isAbortError } from '../../../../contract/isAbortError';
import { datasetImportWorker } from '../../../../workers/clients';
import type { ImportPreview, ImportPreviewResult } from '../../../../workers/import/previewImport';
import { AppDialog } from '../../../components/Dialog';
import { Progress } from '../../../theme/parts/progress';
import { formatBytes } from '../../../utils/formatBytes';
import { projectKeys, useLabels } from '../projects/projectQueries';
import { importCallErrorKey, importErrorKey } from './importErrors';
import { PreviewSummary, SkippedList } from './ImportPreview';
import { importFinished, importKeys, importsApi, useDatasetImport } from './importQueries';

/** Checks a picked zip and answers its preview or the code refusing it (a worker by default). */
export type CheckZip = (file: File) => Promise<ImportPreviewResult>;

type Phase =
  | { phase: 'pick'; canceled: boolean }
  | { phase: 'checking'; file: File }
  | { phase: 'refused'; file: File; code: ImportErrorCode; entry: string | null }
  | { phase: 'preview'; file: File; preview: ImportPreview }
  | { phase: 'uploading'; file: File; loaded: number }
  | { phase: 'importing'; importId: string }
  | { phase: 'callFailed'; key: string };

/** The default check: the dataset-import worker, started for one zip and stopped after it. */
const checkInWorker: CheckZip = async (file) => {
  const worker = datasetImportWorker();
  try {
    return await worker.remote.preview(file);
  } finally {
    worker.terminate();
  }
};

function Bar({ value, label }: { value: number | null; label: string }) {
  return (
    <Progress.Root
      value={value === null ? null : Math.round(value * 100)}
      size="xs"
      colorPalette="brand"
      aria-label={label}
    >
      <Progress.Track>
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}

/** The refusal's text and what it names: a zip entry, or for `label_invalid` the label. */
function Refusal({ code, entry }: { code: ImportErrorCode; entry: string | null }) {
  const { t } = useTranslation('projects');
  return (
    <Stack gap="1" role="alert" data-testid="import-error" data-code={code}>
      <Text color="fg.error">{t(importErrorKey(code))}</Text>
      {entry && (
        <Text fontSize="xs" color="fg.muted" wordBreak="break-all">
          {t(code === 'label_invalid' ? 'datasetImport.atLabel' : 'datasetImport.atEntry', { entry })}
        </Text>
      )}
    </Stack>
  );
}

/**
 * Import of a Pascal VOC or COCO zip: the zip is checked in a worker before a byte is sent (a
 * refused zip is never uploaded), previewed, uploaded with progress and cancel, then followed
 * until the server's import job ends with its report or its refusal.
 */
export function ImportDialog({
  project,
  open,
  onClose,
  checkZip = checkInWorker,
}: {
  project: Project;
  open: boolean;
  onClose: () => void;
  checkZip?: CheckZip;
}) {
  const { t } = useTranslation(['projects', 'errors']);
  const client = useQueryClient();
  const projectLabels = useLabels(project.id).data ?? [];
  const [phase, setPhase] = useState<Phase>({ phase: 'pick', canceled: false });
  const upload = useRef<AbortController | null>(null);
  const input = useRef<HTMLInputElement | null>(null);
  const importId = phase.phase === 'importing' ? phase.importId : null;
  const job = useDatasetImport(project.id, importId).data;

  // The dataset changed: everything under the project's key (images, labels, tags, counts) and
  // the project list's counts are read again.
  const finishedId = job?.state === 'done' ? job.id : null;
  useEffect(() => {
    if (finishedId === null) return;
    void client.invalidateQueries({ queryKey: projectKeys.project(project.id) });
    void client.invalidateQueries({ queryKey: projectKeys.list });
  }, [client, finishedId, project.id]);

  // Closing the dialog (or leaving the page) stops an upload under way.
  useEffect(() => () => upload.current?.abort(), []);

  async function check(file: File) {
    setPhase({ phase: 'checking', file });
    const result = await checkZip(file).catch((): ImportPreviewResult => ({
      ok: false,
      code: 'import_failed',
      entry: null,
    }));
    setPhase(
      result.ok
        ? { phase: 'preview', file, preview: result.preview }
        : { phase: 'refused', file, code: result.code, entry: result.entry },
    );
  }

  async function start(file: File) {
    const controller = new AbortController();
    upload.current = controller;
    setPhase({ phase: 'uploading', file, loaded: 0 });
    try {
      const { importId: id } = await importsApi.create(project.id, { fileName: file.name, bytes: file.size });
      const queued = await importsApi.sendBytes(
        project.id,
        id,
        file,
        (loaded) => {
          if (!controller.signal.aborted) setPhase({ phase: 'uploading', file, loaded });
        },
        controller.signal,
      );
      client.setQueryData(importKeys.one(project.id, id), queued);
      setPhase({ phase: 'importing', importId: id });
    } catch (error) {
      const canceled = isAbortError(error);
      setPhase(canceled ? { phase: 'pick', canceled: true } : { phase: 'callFailed', key: importCallErrorKey(error) });
    } finally {
      if (upload.current === controller) upload.current = null;
    }
  }

  // An import the server is running goes on while the dialog is closed: this component stays
  // mounted under the button, keeps polling and refreshes the dataset when it ends; reopening
  // shows where it is. Anything else starts over.
  function close() {
    upload.current?.abort();
    if (phase.phase !== 'importing' || importFinished(job?.state)) setPhase({ phase: 'pick', canceled: false });
    onClose();
  }

  const picking =
    phase.phase === 'pick' || phase.phase === 'refused' || phase.phase === 'preview' || phase.phase === 'callFailed';
  const preview = phase.phase === 'preview' ? phase : null;
  return (
    <AppDialog
      open={open}
      title={t('datasetImport.title')}
      onClose={close}
      onConfirm={preview ? () => void start(preview.file) : undefined}
      confirmText={t('datasetImport.start')}
      autoClose={false}
      cancelText={t('datasetImport.close')}
      width={560}
      mobileFull
    >
      <Stack gap="4" fontSize="sm" data-testid="import-dialog" data-phase={phase.phase}>
        <Text color="fg.muted">{t('datasetImport.hint')}</Text>
        {picking && (
          <HStack>
            <input
              ref={input}
              type="file"
              accept=".zip,application/zip"
              hidden
              data-testid="import-file"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) void check(file);
              }}
            />
            <Button size="sm" variant="outline" onClick={() => input.current?.click()}>
              {t('datasetImport.pick')}
            </Button>
            {'file' in phase && (
              <Text truncate color="fg.muted" title={phase.file.name}>
                {phase.file.name} · {formatBytes(phase.file.size)}
              </Text>
            )}
          </HStack>
        )}
        {phase.phase === 'pick' && phase.canceled && (
          <Text color="fg.muted" data-testid="import-canceled">
            {t('datasetImport.canceled')}
          </Text>
        )}
        {phase.phase === 'checking' && (
          <Stack gap="1">
            <Text>{t('datasetImport.checking', { name: phase.file.name })}</Text>
            <Bar value={null} label={t('datasetImport.checking', { name: phase.file.name })} />
          </Stack>
        )}
        {phase.phase === 'refused' && (
          <Stack gap="1">
            <Refusal code={phase.code} entry={phase.entry} />
            <Text fontSize="xs" color="fg.muted">
              {t('datasetImport.notSent')}
            </Text>
          </Stack>
        )}
        {phase.phase === 'callFailed' && (
          <Text color="fg.error" role="alert" data-testid="import-error">
            {t(phase.key)}
          </Text>
        )}
        {preview && <PreviewSummary preview={preview.preview} projectLabels={projectLabels} />}
        {phase.phase === 'uploading' && (
          <Stack gap="1" data-testid="import-uploading">
            <Text>
              {t('datasetImport.uploading', { loaded: formatBytes(phase.loaded), total: formatBytes(phase.file.size) })}
            </Text>
            <Bar value={phase.file.size === 0 ? 0 : phase.loaded / phase.file.size} label={t('datasetImport.title')} />
            <HStack>
              <Button size="xs" variant="outline" onClick={() => upload.current?.abort()} data-testid="import-cancel">
                {t('datasetImport.cancel')}
              </Button>
            </HStack>
          </Stack>
        )}
        {phase.phase === 'importing' &&
          (!job || job.state === 'uploading' || job.state === 'queued' || job.state === 'running') && (
            <Stack gap="1" data-testid="import-running">
              <Text>
                {job?.state === 'running'
                  ? t('datasetImport.running', { percent: Math.round(job.progress * 100) })
                  : t('datasetImport.queued')}
              </Text>
              <Bar value={job?.state === 'running' ? job.progress : null} label={t('datasetImport.title')} />
            </Stack>
          )}
        {job?.state === 'failed' && (
          <Stack gap="1">
            <Refusal code={job.error ?? 'import_failed'} entry={job.errorEntry} />
            <Text fontSize="xs" color="fg.muted">
              {t('datasetImport.nothingWritten')}
            </Text>
          </Stack>
        )}
        {job?.state === 'done' && job.report && (
          <Stack gap="2" data-testid="import-report">
            <Text fontWeight="600">
              {t('datasetImport.done', { images: job.report.images, annotations: job.report.annotations })}
            </Text>
            {job.report.labelsCreated.length > 0 && (
              <Text>{t('datasetImport.labelsCreated', { names: job.report.labelsCreated.join(', ') })}</Text>
            )}
            <SkippedList skipped={job.report.skipped} />
          </Stack>
        )}
      </Stack>
    </AppDialog>
  );
}
