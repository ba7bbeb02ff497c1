import { Badge, Box, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ResourceSample } from '../../../contract/apiMarket';
import { useApiImage } from './useApiImage';

/**
 * About how wide a bold sans-serif label runs (an SVG has no layout to ask before it is drawn):
 * wide letters for Latin text, a full em for Hangul and other CJK characters.
 */
function textWidth(label: string, font: number): number {
  let ems = 0;
  for (const ch of label) ems += /[\u1100-\u11ff\u3000-\u9fff\uac00-\ud7af\uff00-\uffef]/.test(ch) ? 1 : 0.72;
  return ems * font;
}

/**
 * A sample image with its boxes drawn over it: an SVG whose viewBox is the sample's own size is
 * stretched over the shown image, so boxes in the sample's pixels land where they belong at any
 * width. Each box carries its label's name on a tag in the label's colour; class annotations (no
 * box) are listed under the image. The public market and the console (My resources, the review
 * queue) both show samples with it, so a dataset reads the same before and after it is bought.
 */
export function SampleImage({
  sample,
  url,
  needsToken,
  alt,
}: {
  sample: ResourceSample;
  url: string;
  needsToken: boolean;
  alt: string;
}) {
  const { t } = useTranslation('resources');
  const { src, failed } = useApiImage(url, needsToken);
  const { width, height } = sample;
  // Lines and tags sized to the image, so they read the same on small and large samples.
  const unit = Math.max(width, height, 1) / 100;
  const stroke = Math.max(unit * 0.6, 1);
  const font = unit * 4.5;
  const boxes = sample.annotations.filter((a) => a.box);
  const classes = [...new Set(sample.annotations.filter((a) => !a.box).map((a) => a.label))];
  const colorOf = (label: string) => sample.annotations.find((a) => a.label === label)?.color ?? 'gray';
  return (
    <Stack gap="2" data-testid="sample-image" data-index={sample.index}>
      <Box
        position="relative"
        bg="bg.muted"
        rounded="md"
        overflow="hidden"
        aspectRatio={width > 0 && height > 0 ? width / height : 1}
      >
        {src && <img src={src} alt={alt} loading="lazy" style={{ display: 'block', width: '100%', height: '100%' }} />}
        {failed && (
          <Text position="absolute" inset="0" display="grid" placeItems="center" fontSize="xs" color="fg.muted">
            {t('detail.imageFailed')}
          </Text>
        )}
        {boxes.length > 0 && (
          <svg
            viewBox={`0 0 ${width} ${height}`}
            preserveAspectRatio="none"
            aria-hidden="true"
            style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', pointerEvents: 'none' }}
            data-testid="sample-overlay"
          >
            {boxes.map((a, i) => {
              const box = a.box!;
              const tagHeight = font * 1.4;
              // The tag sits above the box, or inside its top when the box touches the image's top.
              const tagY = box.y - tagHeight >= 0 ? box.y - tagHeight : box.y;
              const tagWidth = Math.min(textWidth(a.label, font) + font, width - box.x);
              return (
                <g key={i} data-testid="sample-box" data-label={a.label}>
                  <rect
                    x={box.x}
                    y={box.y}
                    width={box.width}
                    height={box.height}
                    fill="none"
                    stroke={a.color}
                    strokeWidth={stroke}
                  />
                  <rect x={box.x} y={tagY} width={Math.max(tagWidth, 0)} height={tagHeight} fill={a.color} />
                  <text
                    x={box.x + font * 0.5}
                    y={tagY + tagHeight * 0.75}
                    fontSize={font}
                    fontFamily="sans-serif"
                    fontWeight="bold"
                    fill="white"
                    stroke="rgba(0,0,0,0.35)"
                    strokeWidth={font / 12}
                    paintOrder="stroke"
                  >
                    {a.label}
                  </text>
                </g>
              );
            })}
          </svg>
        )}
      </Box>
      {classes.length > 0 && (
        <HStack gap="1" wrap="wrap" aria-label={t('detail.classTags')}>
          {classes.map((label) => (
            <Badge key={label} variant="solid" style={{ background: colorOf(label) }}>
              {label}
            </Badge>
          ))}
        </HStack>
      )}
    </Stack>
  );
}
