import { Grid, Stack } from '@chakra-ui/react';
import { Suspense } from 'react';
import type { Project } from '../../../../contract/apiProjects';
import { AutoLabelButton } from './AutoLabelButton';
import { ExportButton } from './ExportButton';
import { ImportButton } from './ImportButton';
import { LabelPanel } from './LabelPanel';
import { MarketPostButton } from './MarketPostButton';
import { UploadPanel } from './UploadPanel';
import { DatasetBrowser } from './viewer/DatasetBrowser';

/** The Dataset tab: label classes, upload and export beside the image list or gallery. */
export function DatasetTab({ project }: { project: Project }) {
  return (
    <Grid templateColumns={{ base: '1fr', lg: '320px 1fr' }} gap="8" pt="4" data-testid="dataset-tab">
      <Stack gap="8">
        <LabelPanel project={project} />
        <UploadPanel project={project} />
        <ExportButton project={project} />
        <ImportButton project={project} />
        <MarketPostButton project={project} />
        <Suspense fallback={null}>
          <AutoLabelButton project={project} />
        </Suspense>
      </Stack>
      <DatasetBrowser project={project} />
    </Grid>
  );
}
