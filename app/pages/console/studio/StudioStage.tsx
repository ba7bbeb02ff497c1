import { Box } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImageItem } from '../../../../contract/apiProjects';
import { isAbortError } from '../../../../contract/isAbortError';
import { EngineError, type EngineErrorCode, type EngineOptions } from '../../../../engine';
import { tileDecoder } from '../../../../workers/clients';
import { EngineCanvas, useEngine, useEngineFatal } from '../../../components/engine';
import { fontStack } from '../../../theme/system';
import { openImageSource } from '../image/openImageSource';

/** Codes that mean the image itself could not be shown ('There seems to be an error in the image file.'). */
const SOURCE_ERRORS: readonly EngineErrorCode[] = ['tile_load_failed', 'image_decode_failed'];

/**
 * Loads the image into the engine: a new image (or its pyramid arriving) opens a new source; the
 * engine disposes the previous one. The image object changes with every poll, so the key names
 * only what decides the source. Returns the source error code, if any.
 */
function useImageSource(projectId: string, image: ImageItem): EngineErrorCode | null {
  const engine = useEngine();
  const [error, setError] = useState<EngineErrorCode | null>(null);
  const imageRef = useRef(image);
  useEffect(() => {
    imageRef.current = image;
  });
  const sourceKey = `${image.id}|${image.tiles?.urlTemplate ?? 'original'}|${image.width}x${image.height}`;
  useEffect(() => {
    if (!engine || engine.getError() === 'webgl_unavailable') return undefined;
    const controller = new AbortController();
    setError(null);
    const off = engine.on('error', ({ code }) => {
      if (SOURCE_ERRORS.includes(code)) setError(code);
    });
    const offProgress = engine.on('tileProgress', (p) => {
      // A tile that failed and then arrived on a retry leaves nothing to report.
      if (p.wanted > 0 && p.loaded >= p.wanted) setError(null);
    });
    openImageSource(projectId, imageRef.current, controller.signal)
      .then((source) => {
        if (controller.signal.aborted) source.dispose?.();
        else engine.loadImage(source);
      })
      .catch((e: unknown) => {
        if (controller.signal.aborted || isAbortError(e)) return;
        setError(e instanceof EngineError ? e.code : 'tile_load_failed');
      });
    return () => {
      controller.abort();
      off();
      offProgress();
    };
  }, [engine, projectId, sourceKey]);
  return error;
}

const ENGINE_OPTIONS = (): EngineOptions => ({
  services: { decoder: tileDecoder() },
  tool: 'pan',
  labelFont: fontStack,
});

/** The canvas filling its box, the image's source, and the messages that replace or overlay it. */
export function StudioStage({ projectId, image }: { projectId: string; image: ImageItem }) {
  const { t } = useTranslation('studio');
  const fatal = useEngineFatal();
  const sourceError = useImageSource(projectId, image);
  const [options] = useState(ENGINE_OPTIONS);
  return (
    <Box data-testid="viewer-stage" position="absolute" inset="0" bg="gray.900" overflow="hidden">
      <EngineCanvas
        options={options}
        hidden={fatal !== null}
        aria-label={t('canvas', { name: image.fileName })}
        data-testid="viewer-canvas"
      />
      {sourceError && !fatal && (
        <Box
          role="alert"
          data-testid="viewer-error"
          data-code={sourceError}
          position="absolute"
          top="2"
          left="2"
          right="2"
          bg="red.50"
          color="red.800"
          borderWidth="1px"
          borderColor="red.200"
          rounded="md"
          px="3"
          py="2"
          fontSize="sm"
        >
          {t(`engineErrors.${sourceError}`)}
        </Box>
      )}
      {fatal && (
        <Box
          role="alert"
          data-testid="viewer-fatal"
          data-code={fatal}
          position="absolute"
          inset="0"
          display="flex"
          alignItems="center"
          justifyContent="center"
          p="6"
          textAlign="center"
          color="white"
        >
          {t(`engineErrors.${fatal}`)}
        </Box>
      )}
    </Box>
  );
}
