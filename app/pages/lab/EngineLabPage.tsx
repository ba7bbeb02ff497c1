import { Box, Button, HStack, Heading, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as engineApi from '../../../engine';
import {
  createEngine,
  ProceduralTileSource,
  SYNTHETIC_LABELS,
  syntheticBoxes,
  type Engine,
  type EngineErrorCode,
  type RenderStats,
  type ToolName,
} from '../../../engine';
import * as workerClients from '../../../workers/clients';
import { tileDecoder } from '../../../workers/clients';
import { usePageTitle } from '../../i18n/usePageTitle';
import { fontStack } from '../../theme/system';

const IMAGE = { width: 100_000, height: 100_000 };
const DEFAULT_BOXES = 100_000;

/** `?boxes=N` changes the scene's box count (the pixel tests use 0 to start faster). */
function boxCount(): number {
  const n = Number(new URLSearchParams(window.location.search).get('boxes') ?? DEFAULT_BOXES);
  return Number.isInteger(n) && n >= 0 && n <= 1_000_000 ? n : DEFAULT_BOXES;
}
const TOOLS: ToolName[] = ['pan', 'select', 'box', 'zoomIn', 'zoomOut'];

declare global {
  interface Window {
    /** The lab's engine, the engine module and the worker clients, for e2e tests (lab builds only). */
    __engineLab?: { engine: Engine | null; api: typeof engineApi; workers: typeof workerClients };
  }
}

/**
 * Dev page (`/lab/engine`, only in dev and VITE_LAB=1 builds): the engine on a procedural
 * 100k × 100k image with 100,000 seeded boxes, a minimal toolbar and the render counters.
 */
export default function EngineLabPage() {
  const { t } = useTranslation('lab');
  usePageTitle(t('engine.title'));
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [engine, setEngine] = useState<Engine | null>(null);
  const [error, setError] = useState<EngineErrorCode | null>(null);
  const [zoom, setZoom] = useState(0);
  const [tool, setTool] = useState<ToolName>('pan');
  const [tiles, setTiles] = useState({ loaded: 0, wanted: 0 });
  const [stats, setStats] = useState<RenderStats | null>(null);
  const [contrast, setContrast] = useState(1);
  const [brightness, setBrightness] = useState(0);
  const [count] = useState(boxCount);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const e = createEngine(canvas, { services: { decoder: tileDecoder() }, labelFont: fontStack });
    const offs = [
      e.on('view', (v) => setZoom(v.zoomPercent)),
      e.on('tool', (v) => setTool(v.tool)),
      e.on('tileProgress', (p) => setTiles(p)),
      e.on('error', (v) => setError(v.code)),
    ];
    e.setLabels([...SYNTHETIC_LABELS]);
    e.loadImage(new ProceduralTileSource(IMAGE));
    e.setAnnotations(syntheticBoxes(count, IMAGE.width, IMAGE.height, 42));
    setEngine(e);
    window.__engineLab = { engine: e, api: engineApi, workers: workerClients };
    // Counters change every frame: poll them twice a second instead of pushing frames into React.
    const timer = setInterval(() => setStats(e.stats()), 500);
    return () => {
      clearInterval(timer);
      offs.forEach((off) => off());
      e.dispose();
      window.__engineLab = { engine: null, api: engineApi, workers: workerClients };
      setEngine(null);
    };
  }, [count]);

  const adjust = (next: { contrast?: number; brightness?: number }) => {
    if (next.contrast !== undefined) setContrast(next.contrast);
    if (next.brightness !== undefined) setBrightness(next.brightness);
    engine?.setAdjustments(next);
  };

  return (
    <Box maxW="1280px" mx="auto" px="4" py="6">
      <Heading as="h1" size="lg">
        {t('engine.title')}
      </Heading>
      <Text color="fg.muted" mb="3">
        {t('engine.intro', {
          width: IMAGE.width.toLocaleString(),
          height: IMAGE.height.toLocaleString(),
          count: count.toLocaleString(),
        })}
      </Text>
      <HStack role="toolbar" aria-label={t('engine.toolbar')} wrap="wrap" gap="2" mb="2">
        {TOOLS.map((name) => (
          <Button
            key={name}
            size="sm"
            variant={tool === name ? 'solid' : 'outline'}
            colorPalette="brand"
            aria-pressed={tool === name}
            onClick={() => engine?.setTool(name)}
          >
            {t(`engine.tools.${name}`)}
          </Button>
        ))}
        <Button size="sm" variant="outline" onClick={() => engine?.fit()}>
          {t('engine.fit')}
        </Button>
        <Button size="sm" variant="outline" onClick={() => engine?.undo()}>
          {t('engine.undo')}
        </Button>
        <Button size="sm" variant="outline" onClick={() => engine?.redo()}>
          {t('engine.redo')}
        </Button>
        <label>
          {t('engine.contrast')}{' '}
          <input
            type="range"
            min={0}
            max={3}
            step={0.05}
            value={contrast}
            onChange={(ev) => adjust({ contrast: Number(ev.target.value) })}
          />
        </label>
        <label>
          {t('engine.brightness')}{' '}
          <input
            type="range"
            min={-1}
            max={1}
            step={0.02}
            value={brightness}
            onChange={(ev) => adjust({ brightness: Number(ev.target.value) })}
          />
        </label>
        <Text data-testid="lab-zoom" fontVariantNumeric="tabular-nums">
          {t('engine.zoom', { percent: zoom.toFixed(zoom < 1 ? 2 : 0) })}
        </Text>
        <Text fontVariantNumeric="tabular-nums">{t('engine.tiles', tiles)}</Text>
      </HStack>
      {error && (
        <Box
          role="alert"
          data-testid="lab-error"
          data-code={error}
          bg="red.50"
          color="red.800"
          borderWidth="1px"
          borderColor="red.200"
          rounded="md"
          p="3"
          mb="2"
        >
          {t(`engine.errors.${error}`)}
        </Box>
      )}
      <Box position="relative" h="600px" bg="gray.900" rounded="md" overflow="hidden">
        <canvas
          ref={canvasRef}
          tabIndex={0}
          aria-label={t('engine.canvas')}
          data-testid="lab-canvas"
          style={{ width: '100%', height: '100%', display: 'block', touchAction: 'none' }}
        />
      </Box>
      {stats && (
        <Text data-testid="lab-stats" fontSize="sm" color="fg.muted" mt="2" fontVariantNumeric="tabular-nums">
          {t('engine.stats', {
            frames: stats.frames,
            uploads: stats.textureUploads,
            requests: stats.tileRequests,
            draws: stats.drawCalls,
            ms: stats.lastFrameMs.toFixed(1),
          })}
        </Text>
      )}
    </Box>
  );
}
