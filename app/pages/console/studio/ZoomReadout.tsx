import { Box, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useEngineValue } from '../../../components/engine';

function formatZoom(percent: number): string {
  return percent < 1 ? percent.toFixed(2) : percent < 10 ? percent.toFixed(1) : percent.toFixed(0);
}

/** The zoom percent: the only component a zoom or pan re-renders. */
export function ZoomReadout() {
  const { t } = useTranslation('studio');
  const zoom = useEngineValue('view', (e, last) => formatZoom(last?.zoomPercent ?? e.getZoomPercent())) ?? '0';
  return (
    <Text minW="16" textAlign="center" fontSize="xs" fontVariantNumeric="tabular-nums" data-testid="viewer-zoom">
      {t('toolbar.zoom', { percent: zoom })}
    </Text>
  );
}

/** Tiles of the view, loaded of wanted: re-rendered by tile arrivals only. */
export function TileProgress() {
  const { t } = useTranslation('studio');
  const tiles = useEngineValue(
    'tileProgress',
    (e, last) => last ?? e.debug.tileProgress(),
    (a, b) => a.loaded === b.loaded && a.wanted === b.wanted,
  ) ?? { loaded: 0, wanted: 0 };
  const done = tiles.wanted > 0 && tiles.loaded >= tiles.wanted;
  return (
    <Box data-testid="viewer-tiles" data-loaded={tiles.loaded} data-wanted={tiles.wanted} aria-live="polite">
      <Text fontSize="xs" color="fg.muted" fontVariantNumeric="tabular-nums">
        {done ? t('toolbar.tilesDone') : t('toolbar.tiles', tiles)}
      </Text>
    </Box>
  );
}
