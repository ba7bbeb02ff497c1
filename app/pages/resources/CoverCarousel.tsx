import { Box, HStack, IconButton } from '@chakra-ui/react';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiImage } from '../../components/market/useApiImage';

/** A horizontal move of at least this many pixels between press and release turns the slide. */
const SWIPE_PX = 40;

export interface CoverCarouselProps {
  /** The image URLs in order (at least one). */
  urls: readonly string[];
  /** Whether the images need the token (not yet public). */
  needsToken: boolean;
  /** The resource's name, for the region's label and each image's alt text. */
  name: string;
}

function Slide({ url, needsToken, alt }: { url: string; needsToken: boolean; alt: string }) {
  const { src } = useApiImage(url, needsToken);
  return src ? (
    <img
      src={src}
      alt={alt}
      draggable={false}
      style={{ width: '100%', height: '100%', objectFit: 'contain' }}
      data-testid="carousel-image"
    />
  ) : null;
}

const arrow = (d: string) => (
  <svg width="20" height="20" viewBox="0 0 20 20" fill="none" aria-hidden="true" focusable="false">
    <path d={d} stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

/**
 * Cover images one at a time: arrows, a dot per image, the arrow keys (Home and End too) while the
 * carousel has focus, and a swipe with a finger or the mouse. It wraps around at both ends.
 */
export function CoverCarousel({ urls, needsToken, name }: CoverCarouselProps) {
  const { t } = useTranslation('resources');
  const [index, setIndex] = useState(0);
  const start = useRef<number | null>(null);
  const total = urls.length;
  const show = (next: number) => setIndex(((next % total) + total) % total);
  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: total - 1 };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    show(next);
  };
  const onPointerDown = (event: PointerEvent) => {
    start.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent) => {
    if (start.current === null) return;
    const dx = event.clientX - start.current;
    start.current = null;
    if (Math.abs(dx) >= SWIPE_PX) show(dx < 0 ? index + 1 : index - 1);
  };
  const current = urls[Math.min(index, total - 1)]!;
  return (
    <Box
      role="region"
      aria-roledescription="carousel"
      aria-label={t('detail.carousel', { name })}
      tabIndex={0}
      onKeyDown={onKeyDown}
      rounded="xl"
      outline="none"
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.500', outlineOffset: '2px' }}
      data-testid="cover-carousel"
    >
      <Box
        position="relative"
        aspectRatio={16 / 10}
        bg="bg.muted"
        rounded="xl"
        overflow="hidden"
        touchAction="pan-y"
        userSelect="none"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (start.current = null)}
      >
        <Box
          role="group"
          aria-roledescription="slide"
          aria-label={t('detail.coverAlt', { index: index + 1, total, name })}
          w="full"
          h="full"
          data-index={index}
          data-testid="carousel-slide"
        >
          <Slide
            key={current}
            url={current}
            needsToken={needsToken}
            alt={t('detail.coverAlt', { index: index + 1, total, name })}
          />
        </Box>
        {total > 1 && (
          <>
            <IconButton
              aria-label={t('detail.previous')}
              position="absolute"
              insetStart="2"
              top="50%"
              transform="translateY(-50%)"
              rounded="full"
              size="sm"
              variant="surface"
              onClick={() => show(index - 1)}
            >
              {arrow('M12.5 4.5 7 10l5.5 5.5')}
            </IconButton>
            <IconButton
              aria-label={t('detail.next')}
              position="absolute"
              insetEnd="2"
              top="50%"
              transform="translateY(-50%)"
              rounded="full"
              size="sm"
              variant="surface"
              onClick={() => show(index + 1)}
            >
              {arrow('M7.5 4.5 13 10l-5.5 5.5')}
            </IconButton>
          </>
        )}
      </Box>
      {total > 1 && (
        <HStack justify="center" gap="1" mt="3">
          {urls.map((url, i) => (
            <Box
              as="button"
              key={url}
              aria-label={t('detail.goTo', { index: i + 1 })}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => show(i)}
              w="6"
              h="6"
              display="grid"
              placeItems="center"
              cursor="pointer"
              data-testid="carousel-dot"
            >
              <Box w="2.5" h="2.5" rounded="full" bg={i === index ? 'brand.600' : 'gray.300'} />
            </Box>
          ))}
        </HStack>
      )}
    </Box>
  );
}
