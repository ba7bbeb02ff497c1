import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Project } from '../../../../contract/apiProjects';
import { formatBytes } from '../../../utils/formatBytes';
import { Progress } from '../../../theme/parts/progress';
import { useLabels } from '../projects/projectQueries';
import { toaster } from '../toaster';
import { planUpload, uploadBlock, type PickedFile, type UploadPlan } from './planUpload';
import type { UploadItem } from './UploadQueue';
import { useUploadQueue } from './useUploadQueue';

function ProgressBar({ value, label }: { value: number; label: string }) {
  return (
    <Progress.Root value={Math.round(value * 100)} size="xs" colorPalette="brand" aria-label={label} flex="1">
      <Progress.Track>
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}

function UploadRow({ item, onCancel, onRetry }: { item: UploadItem; onCancel: () => void; onRetry: () => void }) {
  const { t } = useTranslation(['projects', 'errors']);
  const fraction = item.bytes === 0 ? 0 : item.loaded / item.bytes;
  return (
    <Stack as="li" gap="1" py="2" borderBottomWidth="1px" data-testid="upload-row" data-state={item.state}>
      <HStack gap="3">
        <Text flex="1" truncate fontSize="sm" title={item.name}>
          {item.name}
          {item.label ? ` → ${item.label}` : ''}
        </Text>
        <Text fontSize="xs" color="fg.muted">
          {formatBytes(item.bytes)}
        </Text>
        <Text fontSize="xs" fontWeight="600" color={item.state === 'failed' ? 'fg.error' : 'fg.muted'}>
          {t(`projects:upload.states.${item.state}`)}
        </Text>
        {(item.state === 'queued' || item.state === 'uploading') && (
          <Button size="xs" variant="ghost" onClick={onCancel}>
            {t('projects:upload.cancel')}
          </Button>
        )}
        {item.state === 'failed' && (
          <Button size="xs" variant="outline" onClick={onRetry}>
            {t('projects:upload.retry')}
          </Button>
        )}
      </HStack>
      {item.state !== 'canceled' && <ProgressBar value={fraction} label={item.name} />}
      {item.error && (
        <Text fontSize="sm" color="fg.error" data-testid="upload-error">
          {t(`errors:${item.error}`)}
        </Text>
      )}
    </Stack>
  );
}

function pickedFrom(files: FileList | null, folder: boolean): PickedFile[] {
  return Array.from(files ?? [], (file) => ({
    file,
    name: file.name,
    relativePath: folder ? file.webkitRelativePath : file.name,
  }));
}

/**
 * Upload: image files (picker or drag and drop) or a folder (directory picker; a classification
 * project's sub-folders may name labels). Blocked without a label, and for folders above 10
 * labels. Progress per file and overall, cancel, retry of a failed file.
 */
export function UploadPanel({ project }: { project: Project }) {
  const { t } = useTranslation(['projects', 'errors']);
  const labelQuery = useLabels(project.id);
  const labels = labelQuery.data ?? [];
  const [plan, setPlan] = useState<UploadPlan | null>(null);
  const [dragging, setDragging] = useState(false);
  const [folderTried, setFolderTried] = useState(false);
  const { queue, snapshot } = useUploadQueue(project.id, (s) => {
    if (s.failedCount === 0 && s.doneCount > 0)
      toaster.create({ type: 'success', title: t('projects:upload.complete') });
    else if (s.failedCount > 0)
      toaster.create({ type: 'error', title: t('projects:upload.completeWithErrors', { failed: s.failedCount }) });
  });
  const accept = project.kind === 'IMAGE' ? 'image/*' : undefined;

  const start = (picked: PickedFile[], folder: boolean) => {
    const block = uploadBlock(labels.length, folder);
    if (folder) setFolderTried(true);
    if (block || picked.length === 0) return;
    const next = planUpload(picked, labels, folder && project.subtype === 'IMAGE_CLASSIFICATION', folder);
    setPlan(folder ? next : null);
    queue.add(next.files);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    start(pickedFrom(event.dataTransfer.files, false), false);
  };

  // Until the labels are known, neither button is offered and no rule is shown yet.
  const imageBlock = labelQuery.isSuccess ? uploadBlock(labels.length, false) : null;
  const folderBlock = labelQuery.isSuccess ? uploadBlock(labels.length, true) : null;
  const waiting = !labelQuery.isSuccess;
  const message = imageBlock ?? (folderTried ? folderBlock : null);
  const items = snapshot.items;

  return (
    <Stack as="section" gap="3" aria-labelledby="upload-heading" data-testid="upload-panel">
      <Text as="h2" id="upload-heading" fontWeight="700" fontSize="lg">
        {t('projects:upload.title')}
      </Text>
      <Box
        borderWidth="2px"
        borderStyle="dashed"
        borderRadius="l2"
        p="5"
        textAlign="center"
        borderColor={dragging ? 'brand.500' : 'border'}
        bg={dragging ? 'brand.50' : undefined}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="upload-drop"
      >
        <Stack gap="3" align="center">
          <Text fontSize="sm" color="fg.muted">
            {dragging ? t('projects:upload.dropActive') : t('projects:upload.drop')}
          </Text>
          <HStack gap="2" wrap="wrap" justify="center">
            <Button asChild size="sm" colorPalette="brand" aria-disabled={waiting || imageBlock !== null}>
              <label>
                {t('projects:upload.images')}
                <input
                  type="file"
                  multiple
                  hidden
                  accept={accept}
                  data-testid="upload-files"
                  disabled={waiting || imageBlock !== null}
                  onChange={(e) => {
                    start(pickedFrom(e.currentTarget.files, false), false);
                    e.currentTarget.value = '';
                  }}
                />
              </label>
            </Button>
            <Button asChild size="sm" variant="outline" aria-disabled={folderBlock !== null}>
              <label>
                {t('projects:upload.folder')}
                <input
                  type="file"
                  multiple
                  hidden
                  data-testid="upload-folder"
                  disabled={waiting}
                  ref={(el) => el?.setAttribute('webkitdirectory', '')}
                  onChange={(e) => {
                    start(pickedFrom(e.currentTarget.files, true), true);
                    e.currentTarget.value = '';
                  }}
                  onClick={(e) => {
                    if (folderBlock) {
                      e.preventDefault();
                      setFolderTried(true);
                    }
                  }}
                />
              </label>
            </Button>
          </HStack>
        </Stack>
      </Box>
      {message && (
        <Text fontSize="sm" color="fg.error" role="alert" data-testid="upload-blocked">
          {t(`errors:${message}`)}
        </Text>
      )}
      {plan && (
        <Stack gap="1" fontSize="sm" color="fg.muted" data-testid="upload-plan">
          {Object.keys(plan.mapped).length > 0 && (
            <Text>
              {t('projects:upload.mapped', {
                pairs: Object.entries(plan.mapped)
                  .map(([f, l]) => `${f} → ${l}`)
                  .join(', '),
              })}
            </Text>
          )}
          {plan.unmatched.length > 0 && (
            <Text>{t('projects:upload.unmatched', { folders: plan.unmatched.join(', ') })}</Text>
          )}
          {plan.skipped > 0 && <Text>{t('projects:upload.skipped', { count: plan.skipped })}</Text>}
        </Stack>
      )}
      {items.length > 0 && (
        <Stack gap="2" data-testid="upload-queue">
          <HStack gap="3">
            <Text fontSize="sm" fontWeight="600">
              {t('projects:upload.overall')}
            </Text>
            <ProgressBar value={snapshot.overall} label={t('projects:upload.overall')} />
            <Text fontSize="sm" data-testid="upload-summary">
              {t('projects:upload.summary', {
                done: snapshot.doneCount,
                total: items.filter((i) => i.state !== 'canceled').length,
              })}
            </Text>
            {snapshot.settled ? (
              <Button
                size="xs"
                variant="ghost"
                onClick={() => {
                  queue.clearFinished();
                  setPlan(null);
                }}
              >
                {t('projects:upload.clear')}
              </Button>
            ) : (
              <Button size="xs" variant="outline" onClick={() => queue.cancelAll()}>
                {t('projects:upload.cancelAll')}
              </Button>
            )}
          </HStack>
          {snapshot.settled && snapshot.failedCount === 0 && snapshot.doneCount > 0 && (
            <Text fontSize="sm" color="fg.success" role="status" data-testid="upload-complete">
              {t('projects:upload.complete')}
            </Text>
          )}
          <Stack as="ul" gap="0" listStyleType="none" maxH="72" overflowY="auto">
            {items.map((item) => (
              <UploadRow
                key={item.id}
                item={item}
                onCancel={() => queue.cancel(item.id)}
                onRetry={() => queue.retry(item.id)}
              />
            ))}
          </Stack>
        </Stack>
      )}
    </Stack>
  );
}
