import { Box, Image, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ResourceSample } from '../../../../contract/apiMarket';
import { samplePath } from './marketApi';
import { useAuthedImage } from './useAuthedImage';

/**
 * A dataset's sample image with its annotations: boxes drawn in an SVG laid over the image in the
 * image's own pixels (the viewBox), so they stay on their objects at any displayed size; class
 * annotations (no box) are listed under it.
 */
export function SampleImage({ resourceId, sample }: { resourceId: string; sample: ResourceSample }) {
  const { t } = useTranslation('market');
  const { src, failed } = useAuthedImage(samplePath(resourceId, sample.index));
  const boxes = sample.annotations.filter((a) => a.box !== null);
  const classes = [...new Set(sample.annotations.filter((a) => a.box === null).map((a) => a.label))];
  const stroke = Math.max(2, Math.round(Math.max(sample.width, sample.height) / 200));
  return (
    <Box data-testid="resource-sample" data-boxes={boxes.length}>
      <Box
        position="relative"
        w="full"
        bg="bg.muted"
        borderRadius="l2"
        overflow="hidden"
        style={{ aspectRatio: `${sample.width} / ${sample.height}` }}
      >
        {src && (
          <Image src={src} alt={t('item.sampleAlt', { index: sample.index + 1 })} w="full" h="full" objectFit="fill" />
        )}
        {failed && (
          <Text position="absolute" inset="0" display="grid" placeItems="center" fontSize="xs" color="fg.muted">
            {t('item.imageFailed')}
          </Text>
        )}
        <svg
          viewBox={`0 0 ${sample.width} ${sample.height}`}
          preserveAspectRatio="none"
          style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', pointerEvents: 'none' }}
          aria-hidden="true"
        >
          {boxes.map((a, i) => (
            <g key={i}>
              <rect
                x={a.box!.x}
                y={a.box!.y}
                width={a.box!.width}
                height={a.box!.height}
                fill="none"
                stroke={a.color}
                strokeWidth={stroke}
                data-testid="resource-sample-box"
              />
              <text
                x={a.box!.x + stroke}
                y={Math.max(a.box!.y - stroke, stroke * 6)}
                fill={a.color}
                fontSize={stroke * 6}
              >
                {a.label}
              </text>
            </g>
          ))}
        </svg>
      </Box>
      <Text fontSize="xs" color="fg.muted" mt="1">
        {classes.length > 0
          ? t('item.sampleClasses', { labels: classes.join(', ') })
          : t('item.sampleBoxes', { count: boxes.length })}
      </Text>
    </Box>
  );
}
