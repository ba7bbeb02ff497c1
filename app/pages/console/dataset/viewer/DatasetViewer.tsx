import { Box, Text } from '@chakra-ui/react';
import { Canvas } from '@react-three/fiber';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { AtlasImage, AtlasIndex } from '../../../../../contract/apiAtlas';
import { projectImageHref } from '../../../../../contract/projectRoutes';
import type { ImageSelection } from '../imageSelection';
import { AtlasPageMesh } from './AtlasPageMesh';
import { CELL_INSET } from './atlasMaterial';
import { GalleryRig, type GalleryState } from './GalleryRig';
import { cellAt, cellCentre, galleryLayout, type GalleryLayout } from './galleryLayout';
import type { SelectionUpdate } from './DatasetBrowser';
import { SelectionMesh } from './SelectionMesh';
import { useGallerySelection } from './useGallerySelection';
import {
  fitView,
  MAX_ZOOM,
  minZoom,
  panBy,
  screenToWorld,
  worldToScreen,
  zoomAbout,
  type GalleryView,
  type ViewportSize,
} from './galleryView';

/** A pointer that moved less than this (px) between down and up clicked rather than dragged. */
const CLICK_SLOP = 4;
/** Zoom per wheel notch (100 px of deltaY) and per +/− key. */
const WHEEL_ZOOM = 1.25;
const KEY_ZOOM = 1.5;
/** Arrow keys pan by this fraction of the viewport. */
const KEY_PAN = 0.15;

interface Hover {
  n: number;
  image: AtlasImage;
  x: number;
  y: number;
}

/** The scene: one instanced mesh per atlas page. Memoised so hover re-renders skip it. */
function Pages({
  index,
  layout,
  onLoaded,
}: {
  index: AtlasIndex;
  layout: GalleryLayout;
  onLoaded: (key: string, ok: boolean) => void;
}) {
  const perPage = index.columns * index.columns;
  return index.pages.map((page, i) => (
    // Two pages with the same content share a key (and an atlas), so the position is in the React key.
    <AtlasPageMesh
      key={`${i}:${page.key}`}
      page={page}
      first={i * perPage}
      columns={index.columns}
      layout={layout}
      onLoaded={onLoaded}
    />
  ));
}

/**
 * The dataset gallery: every image of the filtered list as a cell of a WebGL grid (thumbnail
 * atlases drawn as instanced quads), with wheel zoom about the cursor, drag pan, +/−/0/arrow
 * keys, a hover highlight with the file name, and a click that opens the image. Drawn only when
 * something changes (`frameloop="demand"`). Loaded lazily: three.js stays out of the tab's first paint.
 *
 * With a selection (admins): Ctrl/⌘-click toggles an image, Shift-click selects the run from the
 * last clicked one, and while anything is selected a plain click toggles too (Escape clears).
 */
export default function DatasetViewer({
  projectId,
  index,
  selection = null,
  onSelectionChange,
}: {
  projectId: string;
  index: AtlasIndex;
  /** null: images cannot be selected here (a click only opens). */
  selection?: ImageSelection | null;
  onSelectionChange?: (update: SelectionUpdate) => void;
}) {
  const { t } = useTranslation('projects');
  const [, navigate] = useLocation();
  const container = useRef<HTMLDivElement>(null);
  const size = useRef<ViewportSize>({ width: 800, height: 600 });
  const state = useRef<GalleryState>({ view: { x: 0, y: 0, zoom: 1 }, hovered: -1 });
  const apply = useRef<(() => void) | null>(null);
  const drag = useRef<{ x: number; y: number; moved: boolean; id: number } | null>(null);
  const loaded = useRef(new Set<string>());
  const [hover, setHover] = useState<Hover | null>(null);
  const [aspect] = useState(() => 4 / 3);

  const layout = useMemo(() => galleryLayout(index.total, aspect), [index.total, aspect]);
  const images = useMemo(() => index.pages.flatMap((p) => p.images), [index]);
  const selected = useGallerySelection(images, index.total, selection, onSelectionChange);
  const limits = useCallback(() => ({ min: minZoom(layout, size.current), max: MAX_ZOOM }), [layout]);

  // The view is also written on the element (tests and benchmarks compute cell positions from it).
  const update = useCallback(() => {
    apply.current?.();
    const { x, y, zoom } = state.current.view;
    if (container.current) container.current.dataset.view = `${x},${y},${zoom}`;
  }, []);

  const fit = useCallback(() => {
    state.current.view = fitView(layout, size.current);
    update();
  }, [layout, update]);

  // A new layout (another filter, more images) starts from the whole grid.
  useEffect(() => {
    const el = container.current;
    if (el) size.current = { width: el.clientWidth || 800, height: el.clientHeight || 600 };
    fit();
  }, [fit]);

  // The canvas follows its box; the view keeps its centre and zoom.
  useEffect(() => {
    const el = container.current;
    if (!el || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => {
      size.current = { width: el.clientWidth || size.current.width, height: el.clientHeight || size.current.height };
      update();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [update]);

  const onLoaded = useCallback(
    (key: string, ok: boolean) => {
      if (ok) loaded.current.add(key);
      const el = container.current;
      if (el) el.dataset.loadedPages = String(index.pages.filter((p) => loaded.current.has(p.key)).length);
    },
    [index],
  );

  const hoverAt = useCallback(
    (px: number, py: number) => {
      const [wx, wy] = screenToWorld(state.current.view, size.current, px, py);
      const n = cellAt(layout, wx, wy, CELL_INSET);
      if (n === state.current.hovered) return;
      state.current.hovered = n;
      update();
      const image = images[n];
      if (n < 0 || !image) {
        setHover(null);
        return;
      }
      const [cx, cy] = cellCentre(layout, n);
      const [sx, sy] = worldToScreen(state.current.view, size.current, cx, cy + 0.5);
      setHover({ n, image, x: sx, y: sy });
    },
    [images, layout, update],
  );

  const clearHover = useCallback(() => {
    state.current.hovered = -1;
    setHover(null);
    update();
  }, [update]);

  // Wheel zoom needs preventDefault, which React's passive wheel listener cannot do.
  useEffect(() => {
    const el = container.current;
    if (!el) return undefined;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const rect = el.getBoundingClientRect();
      const factor = WHEEL_ZOOM ** (-e.deltaY / 100);
      state.current.view = zoomAbout(
        state.current.view,
        size.current,
        factor,
        e.clientX - rect.left,
        e.clientY - rect.top,
        limits(),
      );
      clearHover();
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [limits, clearHover]);

  const local = (e: PointerEvent<HTMLDivElement>): [number, number] => {
    const rect = e.currentTarget.getBoundingClientRect();
    return [e.clientX - rect.left, e.clientY - rect.top];
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX, y: e.clientY, moved: false, id: e.pointerId };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (d && d.id === e.pointerId) {
      if (!d.moved && Math.hypot(e.clientX - d.x, e.clientY - d.y) < CLICK_SLOP) return;
      if (!d.moved) clearHover();
      state.current.view = panBy(state.current.view, e.clientX - d.x, e.clientY - d.y);
      drag.current = { ...d, x: e.clientX, y: e.clientY, moved: true };
      update();
      return;
    }
    hoverAt(...local(e));
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    drag.current = null;
    if (!d || d.id !== e.pointerId || d.moved) return;
    const [wx, wy] = screenToWorld(state.current.view, size.current, ...local(e));
    const image = images[cellAt(layout, wx, wy, CELL_INSET)];
    if (!image) return;
    if (!selected.click(image.id, e)) navigate(projectImageHref(projectId, image.id));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const { width, height } = size.current;
    const view = state.current.view;
    let next: GalleryView;
    if (e.key === '+' || e.key === '=') next = zoomAbout(view, size.current, KEY_ZOOM, width / 2, height / 2, limits());
    else if (e.key === '-' || e.key === '_')
      next = zoomAbout(view, size.current, 1 / KEY_ZOOM, width / 2, height / 2, limits());
    else if (e.key === '0') next = fitView(layout, size.current);
    else if (e.key === 'ArrowLeft') next = panBy(view, width * KEY_PAN, 0);
    else if (e.key === 'ArrowRight') next = panBy(view, -width * KEY_PAN, 0);
    else if (e.key === 'ArrowUp') next = panBy(view, 0, height * KEY_PAN);
    else if (e.key === 'ArrowDown') next = panBy(view, 0, -height * KEY_PAN);
    else if (e.key === 'Escape' && selected.clear()) {
      e.preventDefault();
      return;
    } else return;
    e.preventDefault();
    state.current.view = next;
    clearHover();
  };

  const pages = useMemo(() => <Pages index={index} layout={layout} onLoaded={onLoaded} />, [index, layout, onLoaded]);

  return (
    <Box
      ref={container}
      position="relative"
      h={{ base: '420px', lg: '600px' }}
      borderWidth="1px"
      borderRadius="l2"
      overflow="hidden"
      bg="bg.subtle"
      tabIndex={0}
      role="application"
      aria-label={t('viewer.canvasLabel', { count: index.total })}
      aria-describedby="gallery-help"
      cursor={hover ? 'pointer' : 'grab'}
      touchAction="none"
      data-testid="dataset-viewer"
      data-total={index.total}
      data-loaded-pages="0"
      data-pages={index.pages.length}
      data-columns={layout.columns}
      data-selected={selected.cells.length}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => {
        drag.current = null;
      }}
      onPointerLeave={() => {
        if (!drag.current) clearHover();
      }}
      onKeyDown={onKeyDown}
      _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing' }}
    >
      <Canvas
        orthographic
        frameloop="demand"
        camera={{ position: [0, 0, 10], zoom: 1, near: 0.1, far: 100 }}
        gl={{ antialias: false, powerPreference: 'high-performance' }}
        onCreated={({ gl, size: s }) => {
          size.current = { width: s.width, height: s.height };
          const context = gl.getContext();
          const info = context.getExtension('WEBGL_debug_renderer_info');
          const renderer = String(context.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : context.RENDERER));
          if (container.current) container.current.dataset.renderer = renderer;
          fit();
        }}
      >
        <GalleryRig state={state} layout={layout} bind={apply} />
        {pages}
        <SelectionMesh cells={selected.cells} layout={layout} />
      </Canvas>
      {hover && (
        <Text
          position="absolute"
          left={`${hover.x}px`}
          top={`${hover.y}px`}
          transform="translate(-50%, -100%)"
          mt="-1"
          px="2"
          py="0.5"
          fontSize="xs"
          bg="gray.900"
          color="white"
          borderRadius="l1"
          pointerEvents="none"
          whiteSpace="nowrap"
          data-testid="viewer-tooltip"
          data-image-id={hover.image.id}
        >
          {hover.image.fileName}
          {hover.image.state !== 'ready' && ` · ${t(`images.${hover.image.state}`)}`}
        </Text>
      )}
      <Text id="gallery-help" srOnly>
        {t('viewer.help')}
      </Text>
    </Box>
  );
}
