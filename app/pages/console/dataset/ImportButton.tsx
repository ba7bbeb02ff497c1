import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Project } from '../../../../contract/apiProjects';
import { ImportDialog, type CheckZip } from './ImportDialog';

/** Dataset import (VOC or COCO zip) for the project's admins: an import may create label classes. */
export function ImportButton({
  project,
  checkZip,
}: {
  project: Project;
  /** Tests check on the page's thread. */ checkZip?: CheckZip;
}) {
  const { t } = useTranslation('projects');
  const [open, setOpen] = useState(false);
  if (project.role !== 'admin') return null;
  return (
    <Stack gap="3" data-testid="dataset-import">
      <Heading as="h2" size="md">
        {t('datasetImport.title')}
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        {t('datasetImport.hint')}
      </Text>
      <Button
        size="sm"
        variant="outline"
        alignSelf="flex-start"
        onClick={() => setOpen(true)}
        data-testid="import-open"
      >
        {t('datasetImport.open')}
      </Button>
      <ImportDialog project={project} open={open} onClose={() => setOpen(false)} checkZip={checkZip} />
    </Stack>
  );
}
