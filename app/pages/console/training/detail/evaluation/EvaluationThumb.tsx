import { Box, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { imageSchema } from '../../../../../../contract/apiProjects';
import { projectImageHref } from '../../../../../../contract/projectRoutes';
import { apiFetch } from '../../../../../api/apiFetch';
import { AuthedThumbnail } from '../../../dataset/AuthedThumbnail';

export const THUMB_SIZE = 132;

/** One image of the project (its thumbnail URL and size), shared by every card that shows it. */
function useImage(projectId: string, imageId: string) {
  return useQuery({
    queryKey: ['project', projectId, 'images', 'one', imageId],
    queryFn: ({ signal }) =>
      apiFetch(`projects/${encodeURIComponent(projectId)}/images/${encodeURIComponent(imageId)}`, {
        schema: imageSchema,
        signal,
      }),
    staleTime: 60_000,
  });
}

/**
 * A test image of the evaluation: its whole thumbnail with the box at fault outlined (image pixels
 * mapped over the thumbnail by the image's own size), linking to the studio with this training's
 * predictions drawn beside the labels.
 */
export function EvaluationThumb({
  projectId,
  trainingId,
  imageId,
  box = null,
  boxColor = '#e53e3e',
  caption,
  testId = 'evaluation-image',
}: {
  projectId: string;
  trainingId: string;
  imageId: string;
  box?: readonly [number, number, number, number] | null;
  boxColor?: string;
  caption?: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation('trainingResults');
  const image = useImage(projectId, imageId);
  const gone = image.isError;
  const data = image.data;
  const thumb = (
    <Box position="relative" w={`${THUMB_SIZE}px`} h={`${THUMB_SIZE}px`}>
      <AuthedThumbnail
        url={data?.thumbnailUrl ?? null}
        alt={data ? t('gallery.imageAlt', { name: data.fileName }) : ''}
        size={THUMB_SIZE}
        fit="contain"
      />
      {box && data && data.width > 0 && (
        <svg
          viewBox={`0 0 ${data.width} ${data.height}`}
          preserveAspectRatio="xMidYMid meet"
          width={THUMB_SIZE}
          height={THUMB_SIZE}
          style={{ position: 'absolute', inset: 0, pointerEvents: 'none' }}
          data-testid="evaluation-box"
        >
          <rect
            x={box[0]}
            y={box[1]}
            width={box[2]}
            height={box[3]}
            fill="none"
            stroke={boxColor}
            strokeWidth={2}
            vectorEffect="non-scaling-stroke"
          />
        </svg>
      )}
      {gone && (
        <Text position="absolute" inset="0" display="flex" alignItems="center" justifyContent="center" fontSize="xs">
          {t('gallery.imageGone')}
        </Text>
      )}
    </Box>
  );
  return (
    <Stack gap="1" w={`${THUMB_SIZE}px`} fontSize="xs" data-testid={testId} data-image={imageId}>
      {gone ? (
        thumb
      ) : (
        <Link
          href={projectImageHref(projectId, imageId, trainingId)}
          aria-label={t('gallery.open', { name: data?.fileName ?? imageId })}
          data-testid="evaluation-image-open"
        >
          {thumb}
        </Link>
      )}
      {data && (
        <Text truncate title={data.fileName} color="fg.muted">
          {data.fileName}
        </Text>
      )}
      {caption}
    </Stack>
  );
}
