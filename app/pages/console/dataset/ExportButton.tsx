import { Box, Button, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { proxy } from 'comlink';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Project } from '../../../../contract/apiProjects';
import type { ExportProgress, ExportReport } from '../../../../workers/export/exportDataset';
import { exportFileName } from '../../../../workers/export/exportFileName';
import { ZIP_LIMIT_ERROR } from '../../../../workers/export/zipLimitError';
import { datasetExportWorker } from '../../../../workers/clients';
import { apiUrl } from '../../../api/apiFetch';
import { refreshAccessToken } from '../../../api/refreshTokens';
import { getAccessToken } from '../../../api/tokenStorage';
import { Progress } from '../../../theme/parts/progress';
import { formatBytes } from '../../../utils/formatBytes';
import { openExportTarget } from './openExportTarget';

type ExportState =
  | { phase: 'idle' }
  | { phase: 'running'; progress: ExportProgress }
  | { phase: 'done'; report: ExportReport }
  | { phase: 'canceled' }
  | { phase: 'failed'; reason: FailReason };

/** Text key of a failed export: the Blob fallback's cap, the zip format's limits, or anything else. */
type FailReason = 'tooLarge' | 'zipLimit' | 'failed';

function failReason(error: unknown): FailReason {
  const message = error instanceof Error ? error.message : '';
  if (message.includes('export_too_large')) return 'tooLarge';
  if (message.includes(ZIP_LIMIT_ERROR)) return 'zipLimit';
  return 'failed';
}

/** The API base as an absolute URL (the worker resolves nothing against the page). */
function absoluteApiBase(): string {
  return new URL(apiUrl(''), window.location.href).href.replace(/\/+$/, '');
}

/**
 * Exports the dataset as `{project}_dataset_{timestamp}.zip` (VOC layout plus COCO JSON), built
 * in a worker and streamed to the file; progress, cancel, and a report of what was left out.
 */
export function ExportButton({ project }: { project: Project }) {
  const { t } = useTranslation('projects');
  const [state, setState] = useState<ExportState>({ phase: 'idle' });
  const cancelRef = useRef<(() => void) | null>(null);

  // Leaving the page stops a running export (and discards its file).
  useEffect(() => () => cancelRef.current?.(), []);

  async function start() {
    const createdAt = new Date();
    const fileName = exportFileName(project.title, createdAt);
    let target;
    try {
      target = await openExportTarget(fileName);
    } catch {
      setState({ phase: 'failed', reason: 'failed' });
      return;
    }
    if (!target) return;
    const worker = datasetExportWorker();
    let canceled = false;
    // A terminated worker never answers, so cancel also settles the wait for its result.
    let stopWaiting: (reason: Error) => void = () => undefined;
    const canceledRun = new Promise<never>((_resolve, reject) => {
      stopWaiting = reject;
    });
    cancelRef.current = () => {
      canceled = true;
      worker.terminate();
      void target.abort();
      stopWaiting(new Error('export_canceled'));
    };
    setState({ phase: 'running', progress: { done: 0, total: 0, bytes: 0 } });
    // Progress arrives over the callback proxy's own channel, so a last report can land after the
    // run's answer: once the run settled, later reports are dropped instead of undoing 'done'.
    let settled = false;
    try {
      const run = worker.remote.run(
        {
          apiBase: absoluteApiBase(),
          projectId: project.id,
          projectTitle: project.title,
          classification: project.subtype.endsWith('_CLASSIFICATION'),
          createdAt,
        },
        proxy({
          token: async () => getAccessToken(),
          renew: (failed: string | null) => refreshAccessToken(failed).catch(() => null),
          write: (chunk: Uint8Array) => target.write(chunk),
          progress: (progress: ExportProgress) => {
            if (!canceled && !settled) setState({ phase: 'running', progress });
          },
        }),
      );
      const report = await Promise.race([run, canceledRun]);
      settled = true;
      await target.close();
      setState({ phase: 'done', report });
    } catch (error) {
      settled = true;
      if (canceled) {
        setState({ phase: 'canceled' });
        return;
      }
      await target.abort();
      setState({ phase: 'failed', reason: failReason(error) });
    } finally {
      if (!canceled) worker.terminate();
      cancelRef.current = null;
    }
  }

  const running = state.phase === 'running';
  return (
    <Stack gap="3" data-testid="dataset-export">
      <Heading as="h2" size="md">
        {t('export.title')}
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        {t('export.hint')}
      </Text>
      <HStack>
        <Button
          size="sm"
          colorPalette="brand"
          onClick={() => void start()}
          loading={running}
          data-testid="export-start"
        >
          {t('export.start')}
        </Button>
        {running && (
          <Button size="sm" variant="outline" onClick={() => cancelRef.current?.()} data-testid="export-cancel">
            {t('export.cancel')}
          </Button>
        )}
      </HStack>
      {state.phase === 'running' && (
        <Stack gap="1">
          <Progress.Root
            value={state.progress.total === 0 ? null : Math.round((state.progress.done / state.progress.total) * 100)}
            size="xs"
            colorPalette="brand"
            aria-label={t('export.title')}
          >
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
          <Text fontSize="xs" color="fg.muted" data-testid="export-progress">
            {t('export.progress', {
              done: state.progress.done,
              total: state.progress.total,
              size: formatBytes(state.progress.bytes),
            })}
          </Text>
        </Stack>
      )}
      {state.phase === 'done' && (
        <Box fontSize="sm" data-testid="export-report">
          <Text>{t('export.done', { n: state.report.images })}</Text>
          {state.report.skipped.length > 0 && (
            <>
              <Text color="fg.warning">{t('export.skipped', { n: state.report.skipped.length })}</Text>
              <Box as="ul" ps="4" listStyleType="disc">
                {state.report.skipped.slice(0, 20).map((s) => (
                  <li key={`${s.fileName}-${s.reason}`}>
                    {s.fileName}: {t(`export.skipReasons.${s.reason}`)}
                  </li>
                ))}
              </Box>
            </>
          )}
          {state.report.invalidBoxes.length > 0 && (
            <Text color="fg.warning">{t('export.invalidBoxes', { n: state.report.invalidBoxes.length })}</Text>
          )}
        </Box>
      )}
      {state.phase === 'canceled' && (
        <Text fontSize="sm" color="fg.muted">
          {t('export.canceled')}
        </Text>
      )}
      {state.phase === 'failed' && (
        <Text fontSize="sm" color="fg.error" role="alert">
          {t(`export.${state.reason}`)}
        </Text>
      )}
    </Stack>
  );
}
