import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_ADJUSTMENTS, type Adjustments, type Engine } from '../../../../engine';
import { Progress } from '../../../theme/parts/progress';
import { Switch } from '../../../theme/parts/switch';

/** Zoom steps of the buttons and the +/− keys. */
export const ZOOM_STEP = 1.25;

/** Zooms about the canvas centre. */
export function zoomCentre(engine: Engine, canvasRef: RefObject<HTMLCanvasElement | null>, factor: number): void {
  const canvas = canvasRef.current;
  if (!canvas) return;
  engine.zoomAbout({ x: canvas.clientWidth / 2, y: canvas.clientHeight / 2 }, factor);
}

function formatZoom(percent: number): string {
  return percent < 1 ? percent.toFixed(2) : percent < 10 ? percent.toFixed(1) : percent.toFixed(0);
}

interface SliderProps {
  name: 'contrast' | 'brightness' | 'gamma';
  min: number;
  max: number;
  step: number;
  value: number;
  onChange: (value: number) => void;
}

function AdjustmentSlider({ name, min, max, step, value, onChange }: SliderProps) {
  const { t } = useTranslation('imageViewer');
  return (
    <HStack as="label" gap="2" fontSize="sm">
      <Text>{t(`toolbar.${name}`)}</Text>
      <input
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        data-testid={`viewer-${name}`}
        onChange={(e) => onChange(Number(e.target.value))}
      />
      <Text w="10" fontVariantNumeric="tabular-nums" color="fg.muted">
        {value.toFixed(2)}
      </Text>
    </HStack>
  );
}

export interface ViewerToolbarProps {
  engine: Engine | null;
  canvasRef: RefObject<HTMLCanvasElement | null>;
  zoomPercent: number;
  tiles: { loaded: number; wanted: number };
}

/** Zoom (fit, in, out, percent), the engine's adjustments and the tile progress of the view. */
export function ViewerToolbar({ engine, canvasRef, zoomPercent, tiles }: ViewerToolbarProps) {
  const { t } = useTranslation('imageViewer');
  const [adjustments, setAdjustments] = useState<Adjustments>({ ...DEFAULT_ADJUSTMENTS });
  const adjust = (next: Partial<Adjustments>) => {
    setAdjustments((prev) => ({ ...prev, ...next }));
    engine?.setAdjustments(next);
  };
  const done = tiles.wanted > 0 && tiles.loaded >= tiles.wanted;
  return (
    <HStack role="toolbar" aria-label={t('toolbar.label')} wrap="wrap" gap="3" py="2">
      <HStack gap="1">
        <Button size="xs" variant="outline" onClick={() => engine?.fit()} disabled={!engine} data-testid="viewer-fit">
          {t('toolbar.fit')}
        </Button>
        <Button
          size="xs"
          variant="outline"
          onClick={() => engine && zoomCentre(engine, canvasRef, 1 / ZOOM_STEP)}
          disabled={!engine}
          aria-label={t('toolbar.zoomOut')}
          data-testid="viewer-zoom-out"
        >
          −
        </Button>
        <Text minW="20" textAlign="center" fontSize="sm" fontVariantNumeric="tabular-nums" data-testid="viewer-zoom">
          {t('toolbar.zoom', { percent: formatZoom(zoomPercent) })}
        </Text>
        <Button
          size="xs"
          variant="outline"
          onClick={() => engine && zoomCentre(engine, canvasRef, ZOOM_STEP)}
          disabled={!engine}
          aria-label={t('toolbar.zoomIn')}
          data-testid="viewer-zoom-in"
        >
          +
        </Button>
      </HStack>
      <AdjustmentSlider
        name="contrast"
        min={0}
        max={3}
        step={0.05}
        value={adjustments.contrast}
        onChange={(contrast) => adjust({ contrast })}
      />
      <AdjustmentSlider
        name="brightness"
        min={-1}
        max={1}
        step={0.02}
        value={adjustments.brightness}
        onChange={(brightness) => adjust({ brightness })}
      />
      <AdjustmentSlider
        name="gamma"
        min={0.2}
        max={3}
        step={0.05}
        value={adjustments.gamma}
        onChange={(gamma) => adjust({ gamma })}
      />
      <Switch.Root
        size="sm"
        checked={adjustments.invert}
        onCheckedChange={(e) => adjust({ invert: e.checked })}
        data-testid="viewer-invert"
      >
        <Switch.HiddenInput />
        <Switch.Control />
        <Switch.Label>{t('toolbar.invert')}</Switch.Label>
      </Switch.Root>
      <Button size="xs" variant="ghost" onClick={() => adjust({ ...DEFAULT_ADJUSTMENTS })}>
        {t('toolbar.reset')}
      </Button>
      <Box
        minW="36"
        data-testid="viewer-tiles"
        data-loaded={tiles.loaded}
        data-wanted={tiles.wanted}
        aria-live="polite"
      >
        <Text fontSize="xs" color="fg.muted" fontVariantNumeric="tabular-nums">
          {done ? t('toolbar.tilesDone') : t('toolbar.tiles', tiles)}
        </Text>
        <Progress.Root
          value={tiles.wanted > 0 ? Math.min(100, (100 * tiles.loaded) / tiles.wanted) : 0}
          size="xs"
          colorPalette="brand"
          aria-label={t('toolbar.tiles', tiles)}
        >
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      </Box>
    </HStack>
  );
}
