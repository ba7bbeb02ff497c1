import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { ImageItem } from '../../../../contract/apiProjects';
import { projectHref } from '../../../../contract/projectRoutes';
import type { ImageNeighbors } from './useImageNeighbors';

export interface ImageHeaderProps {
  projectId: string;
  image: ImageItem;
  neighbors: ImageNeighbors;
  /** Names of the image's whole-image ('class') labels. */
  classLabels: string[];
  annotationCount: number | null;
  onStep: (imageId: string) => void;
}

/** File name, resolution, split and labeled state, the way back, and prev/next in list order. */
export function ImageHeader({ projectId, image, neighbors, classLabels, annotationCount, onStep }: ImageHeaderProps) {
  const { t } = useTranslation(['imageViewer', 'projects']);
  const { prevId, nextId, index, total } = neighbors;
  return (
    <Stack gap="2" mb="2">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Text fontSize="sm">
          <Link href={projectHref(projectId)} data-testid="viewer-back">
            ← {t('back')}
          </Link>
        </Text>
        <HStack gap="2" title={t('shortcuts')}>
          <Button
            size="xs"
            variant="outline"
            disabled={!prevId}
            onClick={() => prevId && onStep(prevId)}
            data-testid="viewer-prev"
          >
            ← {t('prev')}
          </Button>
          {index !== null && total !== null && (
            <Text fontSize="sm" fontVariantNumeric="tabular-nums" data-testid="viewer-position">
              {t('position', { index, total })}
            </Text>
          )}
          <Button
            size="xs"
            variant="outline"
            disabled={!nextId}
            onClick={() => nextId && onStep(nextId)}
            data-testid="viewer-next"
          >
            {t('next')} →
          </Button>
        </HStack>
      </HStack>
      <HStack gap="3" wrap="wrap" align="baseline">
        <Text
          as="h1"
          fontWeight="700"
          fontSize="xl"
          truncate
          maxW="full"
          title={image.fileName}
          data-testid="viewer-name"
        >
          {image.fileName}
        </Text>
        {image.width > 0 && (
          <Text color="fg.muted" fontSize="sm" data-testid="viewer-resolution">
            {t('resolution', { width: image.width, height: image.height })}
          </Text>
        )}
        <Badge variant="outline" data-testid="viewer-split">
          {t(`projects:images.splits.${image.split}`)}
        </Badge>
        <Badge colorPalette={image.labeled ? 'green' : 'gray'} data-testid="viewer-labeled">
          {image.labeled ? t('projects:images.isLabeled') : t('projects:images.notLabeled')}
        </Badge>
        {classLabels.length > 0 && (
          <Text fontSize="sm">
            {t('classLabels')}: {classLabels.join(', ')}
          </Text>
        )}
        {annotationCount !== null && (
          <Text fontSize="sm" color="fg.muted" data-testid="viewer-annotations">
            {annotationCount > 0 ? t('annotations', { count: annotationCount }) : t('annotationsNone')}
          </Text>
        )}
      </HStack>
    </Stack>
  );
}
