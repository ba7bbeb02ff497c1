import { Badge, HStack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { ImageItem } from '../../../../contract/apiProjects';
import { projectHref } from '../../../../contract/projectRoutes';

export interface StudioHeaderProps {
  projectId: string;
  image: ImageItem;
  /** The save indicator and anything else the right side shows. */
  children?: ReactNode;
}

/** One compact line: the way back, the file name, its resolution, split and labeled state, then the save state. */
export function StudioHeader({ projectId, image, children }: StudioHeaderProps) {
  const { t } = useTranslation(['studio', 'projects']);
  return (
    <HStack gap="3" px="2" py="1" borderBottomWidth="1px" flexShrink={0} minW="0" data-testid="studio-header">
      <Text fontSize="sm" flexShrink={0}>
        <Link href={projectHref(projectId)} data-testid="viewer-back" aria-label={t('back')}>
          ←
        </Link>
      </Text>
      <Text as="h1" fontWeight="700" fontSize="md" truncate minW="0" title={image.fileName} data-testid="viewer-name">
        {image.fileName}
      </Text>
      {image.width > 0 && (
        <Text color="fg.muted" fontSize="xs" flexShrink={0} hideBelow="md" data-testid="viewer-resolution">
          {t('resolution', { width: image.width, height: image.height })}
        </Text>
      )}
      <Badge variant="outline" hideBelow="md" data-testid="viewer-split">
        {t(`projects:images.splits.${image.split}`)}
      </Badge>
      <Badge colorPalette={image.labeled ? 'green' : 'gray'} hideBelow="sm" data-testid="viewer-labeled">
        {image.labeled ? t('projects:images.isLabeled') : t('projects:images.notLabeled')}
      </Badge>
      <HStack gap="2" ms="auto" flexShrink={0}>
        {children}
      </HStack>
    </HStack>
  );
}
