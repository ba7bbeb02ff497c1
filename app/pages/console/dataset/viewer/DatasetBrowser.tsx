import { Button, ButtonGroup, HStack, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Project } from '../../../../../contract/apiProjects';
import { ImageList } from '../ImageList';
import { GalleryPanel } from './GalleryPanel';

type Mode = 'list' | 'gallery';

/** The Dataset tab's data area: the image list, or the gallery of every image (toggle). */
export function DatasetBrowser({ project }: { project: Project }) {
  const { t } = useTranslation('projects');
  const [mode, setMode] = useState<Mode>('list');
  const option = (value: Mode) => (
    <Button
      variant={mode === value ? 'solid' : 'outline'}
      aria-pressed={mode === value}
      onClick={() => setMode(value)}
      data-testid={`view-${value}`}
    >
      {t(`viewer.${value}`)}
    </Button>
  );
  return (
    <Stack gap="3" minW="0">
      <HStack justify="flex-end">
        <ButtonGroup size="sm" attached role="group" aria-label={t('viewer.mode')}>
          {option('list')}
          {option('gallery')}
        </ButtonGroup>
      </HStack>
      {mode === 'list' ? <ImageList project={project} /> : <GalleryPanel project={project} />}
    </Stack>
  );
}
