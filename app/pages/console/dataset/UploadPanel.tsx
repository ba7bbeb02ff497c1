import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Project } from '../../../../contract/apiProjects';
import { useLabels } from '../projects/projectQueries';
import { toaster } from '../toaster';
import { DuplicateDialog } from './DuplicateDialog';
import { planUpload, uploadBlock, type PickedFile, type UploadPlan } from './planUpload';
import { FINAL_STATES } from './uploadTypes';
import { ProgressBar, UploadRow } from './UploadRow';
import { useUploadQueue } from './useUploadQueue';

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
 * labels. Each file is first checked for bytes the project already holds (skip or keep, asked
 * before sending), then sent with progress per file and overall, then followed on the server to
 * ready or failed (with the reason). Cancel, retry or dismiss per file; finished rows can be cleared.
 */
export function UploadPanel({ project }: { project: Project }) {
  const { t } = useTranslation(['projects', 'errors']);
  const labelQuery = useLabels(project.id);
  const labels = labelQuery.data ?? [];
  const [plan, setPlan] = useState<UploadPlan | null>(null);
  const [dragging, setDragging] = useState(false);
  const [folderTried, setFolderTried] = useState(false);
  /** Duplicates whose dialog was closed without an answer: their rows still ask. */
  const [unasked, setUnasked] = useState<ReadonlySet<number>>(new Set());
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
  const asking = snapshot.duplicates.find((d) => !unasked.has(d.id)) ?? null;
  const othersToAsk = asking
    ? snapshot.duplicates.length - 1 + items.filter((i) => i.batch === asking.batch && i.state === 'checking').length
    : 0;
  const finished = items.some((i) => FINAL_STATES.includes(i.state));

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
              {t('projects:upload.summary', { done: snapshot.doneCount, total: snapshot.totalCount })}
            </Text>
            {snapshot.sending && (
              <Button size="xs" variant="outline" onClick={() => queue.cancelAll()}>
                {t('projects:upload.cancelAll')}
              </Button>
            )}
            {finished && (
              <Button
                size="xs"
                variant="ghost"
                data-testid="upload-clear"
                onClick={() => {
                  queue.clearFinished();
                  if (snapshot.settled) setPlan(null);
                }}
              >
                {t('projects:upload.clear')}
              </Button>
            )}
          </HStack>
          {snapshot.skippedCount > 0 && (
            <Text fontSize="sm" color="fg.muted" data-testid="upload-skipped">
              {t('projects:upload.duplicate.skippedCount', { count: snapshot.skippedCount })}
            </Text>
          )}
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
                actions={{
                  onCancel: () => queue.cancel(item.id),
                  onRetry: () => queue.retry(item.id),
                  onDismiss: () => queue.dismiss(item.id),
                  onDecide: (choice) => queue.decide(item.id, choice),
                }}
              />
            ))}
          </Stack>
        </Stack>
      )}
      <DuplicateDialog
        key={asking?.id ?? 0}
        item={asking}
        others={othersToAsk}
        onDecide={(item, choice, forAll) => queue.decide(item.id, choice, forAll)}
        onClose={() => setUnasked(new Set([...unasked, ...snapshot.duplicates.map((d) => d.id)]))}
      />
    </Stack>
  );
}
