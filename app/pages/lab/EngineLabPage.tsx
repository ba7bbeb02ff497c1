import { Box, Button, HStack, Heading, Text } from '@chakra-ui/react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as engineApi from '../../../engine';
import {
  ProceduralTileSource,
  SYNTHETIC_LABELS,
  syntheticBoxes,
  type Engine,
  type RenderStats,
  type ToolName,
} from '../../../engine';
import * as workerClients from '../../../workers/clients';
import { tileDecoder } from '../../../workers/clients';
import { EngineCanvas, EngineProvider, useEngine, useEngineValue } from '../../components/engine';
import { usePageTitle } from '../../i18n/usePageTitle';
import { fontStack } from '../../theme/system';

const IMAGE = { width: 100_000, height: 100_000 };
const DEFAULT_BOXES = 100_000;

/** `?boxes=N` changes the scene's box count (the pixel tests use 0 to start faster). */
function boxCount(): number {
  const n = Number(new URLSearchParams(window.location.search).get('boxes') ?? DEFAULT_BOXES);
  return Number.isInteger(n) && n >= 0 && n <= 1_000_000 ? n : DEFAULT_BOXES;
}
const TOOLS: ToolName[] = ['pan', 'select', 'box', 'polygon', 'zoomIn', 'zoomOut'];

declare global {
  interface Window {
    /** The lab's engine, the engine module and the worker clients, for e2e tests (lab builds only). */
    __engineLab?: { engine: Engine | null; api: typeof engineApi; workers: typeof workerClients };
  }
}

/** The zoom, read by this small component only (it changes every frame of a zoom). */
function LabZoom() {
  const { t } = useTranslation('lab');
  const zoom = useEngineValue('view', (e, last) => last?.zoomPercent ?? e.getZoomPercent()) ?? 0;
  return (
    <Text data-testid="lab-zoom" fontVariantNumeric="tabular-nums">
      {t('engine.zoom', { percent: zoom.toFixed(zoom < 1 ? 2 : 0) })}
    </Text>
  );
}

function LabTiles() {
  const { t } = useTranslation('lab');
  const tiles = useEngineValue('tileProgress', (e, last) => last ?? e.debug.tileProgress()) ?? { loaded: 0, wanted: 0 };
  return <Text fontVariantNumeric="tabular-nums">{t('engine.tiles', tiles)}</Text>;
}

function LabToolbar() {
  const { t } = useTranslation('lab');
  const engine = useEngine();
  const tool = useEngineValue('tool', (e, last) => last?.tool ?? e.getTool()) ?? 'pan';
  const [contrast, setContrast] = useState(1);
  const [brightness, setBrightness] = useState(0);
  const adjust = (next: { contrast?: number; brightness?: number }) => {
    if (next.contrast !== undefined) setContrast(next.contrast);
    if (next.brightness !== undefined) setBrightness(next.brightness);
    engine?.setAdjustments(next);
  };
  return (
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
      <LabZoom />
      <LabTiles />
    </HStack>
  );
}

function LabError() {
  const { t } = useTranslation('lab');
  const error = useEngineValue('error', (e, last) => last?.code ?? e.getError()) ?? null;
  if (!error) return null;
  return (
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
  );
}

/**
 * Dev page (`/lab/engine`, only in dev and VITE_LAB=1 builds): the engine on a procedural
 * 100k × 100k image with 100,000 seeded boxes, a minimal toolbar and the render counters.
 */
export default function EngineLabPage() {
  const { t } = useTranslation('lab');
  usePageTitle(t('engine.title'));
  const [stats, setStats] = useState<RenderStats | null>(null);
  const [count] = useState(boxCount);

  const onEngine = useCallback(
    (e: Engine) => {
      e.setLabels([...SYNTHETIC_LABELS]);
      e.loadImage(new ProceduralTileSource(IMAGE));
      e.setAnnotations(syntheticBoxes(count, IMAGE.width, IMAGE.height, 42));
      window.__engineLab = { engine: e, api: engineApi, workers: workerClients };
      // Counters change every frame: poll them twice a second instead of pushing frames into React.
      const timer = setInterval(() => setStats(e.stats()), 500);
      return () => {
        clearInterval(timer);
        window.__engineLab = { engine: null, api: engineApi, workers: workerClients };
      };
    },
    [count],
  );

  return (
    <EngineProvider>
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
        <LabToolbar />
        <LabError />
        <Box position="relative" h="600px" bg="gray.900" rounded="md" overflow="hidden">
          <EngineCanvas
            options={{ services: { decoder: tileDecoder() }, labelFont: fontStack }}
            onEngine={onEngine}
            aria-label={t('engine.canvas')}
            data-testid="lab-canvas"
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
    </EngineProvider>
  );
}
