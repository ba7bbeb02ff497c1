import { Box, Stack } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImageItem } from '../../../../contract/apiProjects';
import { isAbortError } from '../../../../contract/isAbortError';
import { createEngine, EngineError, type Engine, type EngineErrorCode } from '../../../../engine';
import { tileDecoder } from '../../../../workers/clients';
import { fontStack } from '../../../theme/system';
import type { EngineAnnotations } from './annotationBoxes';
import { openImageSource } from './openImageSource';
import { useShortcuts } from './useShortcuts';
import { ViewerToolbar, ZOOM_STEP, zoomCentre } from './ViewerToolbar';

/** Errors after which nothing can be drawn: the canvas gives way to the message. */
const FATAL: readonly EngineErrorCode[] = ['webgl_unavailable', 'context_lost'];

/**
 * The image in the WebGL engine, read-only (pan tool; boxes drawn, never edited), with the
 * zoom and adjustment toolbar. One engine lives as long as the stage; stepping to another
 * image loads a new source into it.
 */
export function ImageStage({
  projectId,
  image,
  annotations,
}: {
  projectId: string;
  image: ImageItem;
  annotations: EngineAnnotations;
}) {
  const { t } = useTranslation('imageViewer');
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [engine, setEngine] = useState<Engine | null>(null);
  const [error, setError] = useState<EngineErrorCode | null>(null);
  const [zoom, setZoom] = useState(0);
  const [tiles, setTiles] = useState({ loaded: 0, wanted: 0 });

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return undefined;
    const e = createEngine(canvas, { services: { decoder: tileDecoder() }, tool: 'pan', labelFont: fontStack });
    const offs = [
      e.on('view', (v) => setZoom(v.zoomPercent)),
      e.on('tileProgress', (p) => {
        setTiles(p);
        // A tile that failed and then arrived on a retry leaves nothing to report.
        if (p.wanted > 0 && p.loaded >= p.wanted) setError((code) => (code === 'tile_load_failed' ? null : code));
      }),
      e.on('error', (v) => setError(v.code)),
    ];
    setError(e.getError());
    setEngine(e);
    return () => {
      offs.forEach((off) => off());
      e.dispose();
      setEngine(null);
    };
  }, []);

  // A new image (or its pyramid arriving) loads a new source; the previous one is disposed by
  // the engine. The image object changes with every poll, so the key names what decides the source.
  const imageRef = useRef(image);
  useEffect(() => {
    imageRef.current = image;
  });
  const sourceKey = `${image.id}|${image.tiles?.urlTemplate ?? 'original'}|${image.width}x${image.height}`;
  useEffect(() => {
    if (!engine || engine.getError() === 'webgl_unavailable') return undefined;
    const controller = new AbortController();
    setError((code) => (code && FATAL.includes(code) ? code : null));
    openImageSource(projectId, imageRef.current, controller.signal)
      .then((source) => {
        if (controller.signal.aborted) source.dispose?.();
        else engine.loadImage(source);
      })
      .catch((e: unknown) => {
        if (controller.signal.aborted || isAbortError(e)) return;
        setError(e instanceof EngineError ? e.code : 'tile_load_failed');
      });
    return () => controller.abort();
  }, [engine, projectId, sourceKey]);

  useEffect(() => {
    if (!engine) return;
    engine.setLabels(annotations.labels);
    engine.setAnnotations(annotations.boxes);
  }, [engine, annotations]);

  useShortcuts({
    '+': () => engine && zoomCentre(engine, canvasRef, ZOOM_STEP),
    '=': () => engine && zoomCentre(engine, canvasRef, ZOOM_STEP),
    '-': () => engine && zoomCentre(engine, canvasRef, 1 / ZOOM_STEP),
    '0': () => engine?.fit(),
  });

  const fatal = error !== null && FATAL.includes(error);
  return (
    <Stack gap="0">
      <ViewerToolbar engine={fatal ? null : engine} canvasRef={canvasRef} zoomPercent={zoom} tiles={tiles} />
      {error && !fatal && (
        <Box
          role="alert"
          data-testid="viewer-error"
          data-code={error}
          bg="red.50"
          color="red.800"
          borderWidth="1px"
          borderColor="red.200"
          rounded="md"
          px="3"
          py="2"
          mb="2"
          fontSize="sm"
        >
          {t(`engineErrors.${error}`)}
        </Box>
      )}
      <Box
        data-testid="viewer-stage"
        position="relative"
        h={{ base: '60vh', md: 'calc(100dvh - 300px)' }}
        minH="420px"
        bg="gray.900"
        rounded="md"
        overflow="hidden"
      >
        <canvas
          ref={canvasRef}
          tabIndex={0}
          aria-label={t('canvas', { name: image.fileName })}
          data-testid="viewer-canvas"
          style={{
            width: '100%',
            height: '100%',
            display: 'block',
            touchAction: 'none',
            visibility: fatal ? 'hidden' : 'visible',
          }}
        />
        {fatal && (
          <Box
            role="alert"
            data-testid="viewer-fatal"
            data-code={error}
            position="absolute"
            inset="0"
            display="flex"
            alignItems="center"
            justifyContent="center"
            p="6"
            textAlign="center"
            color="white"
          >
            {t(`engineErrors.${error}`)}
          </Box>
        )}
      </Box>
    </Stack>
  );
}
