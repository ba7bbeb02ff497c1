import { Button, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Project } from '../../../../contract/apiProjects';
import { AutoLabelDialog } from './AutoLabelDialog';
import { useModels } from './autoLabelApi';

/**
 * The Dataset tab's way into auto labeling, for admins and members of a project that has a model
 * (trained or uploaded). The job it starts is remembered here, so the dialog shows its progress
 * again when reopened.
 */
export function AutoLabelButton({ project }: { project: Project }) {
  const { t } = useTranslation('trainingResults');
  const allowed = project.role !== 'worker';
  const models = useModels(project.id, allowed);
  const [open, setOpen] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const items = models.data?.items ?? [];
  if (!allowed || items.length === 0) return null;
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)} data-testid="auto-label-open">
        {t('autoLabel.button')}
        {jobId !== null && (
          <Text as="span" color="fg.muted" fontSize="xs">
            …
          </Text>
        )}
      </Button>
      {open && (
        <AutoLabelDialog
          project={project}
          models={items}
          open={open}
          onClose={() => setOpen(false)}
          jobId={jobId}
          onJob={setJobId}
        />
      )}
    </>
  );
}
