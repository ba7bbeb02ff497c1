// OpenSeadragon with its WebGL drawer on the same DeepZoom pyramid. Views are set at once
// (immediately = true, no springs), so both viewers get the same camera on the same frame.
// Everything else is OpenSeadragon's default (tile loader limits, blending, caching).
/* global OpenSeadragon */
const params = new URLSearchParams(location.search);
const width = Number(params.get('w'));
const height = Number(params.get('h'));
const tileSize = Number(params.get('tile'));
const dzMin = Number(params.get('dzMin'));
const dzMax = Number(params.get('dzMax'));

let tilesLoaded = 0;
let errors = 0;
const viewer = OpenSeadragon({
  element: document.getElementById('host'),
  drawer: 'webgl',
  prefixUrl: '/osd/images/',
  showNavigationControl: false,
  animationTime: 0,
  visibilityRatio: 0,
  constrainDuringPan: false,
  minZoomImageRatio: 0.01,
  maxZoomPixelRatio: 64,
  tileSources: {
    width,
    height,
    tileSize,
    tileOverlap: 0,
    minLevel: dzMin,
    maxLevel: dzMax,
    getTileUrl: (level, x, y) => `/tiles/osd/${level}/${x}_${y}.jpg`,
  },
});
viewer.addHandler('tile-loaded', () => {
  tilesLoaded += 1;
});
viewer.addHandler('tile-load-failed', () => {
  errors += 1;
});

window.subject = {
  name: 'openseadragon',
  setView(view) {
    const vp = viewer.viewport;
    const container = vp.getContainerSize();
    // OpenSeadragon's viewport units: the image width is 1; zoom 1 fits that width to the container.
    vp.zoomTo((view.zoom * width) / container.x, null, true);
    vp.panTo(new OpenSeadragon.Point(view.centerX / width, view.centerY / width), true);
  },
  isSharp() {
    const item = viewer.world.getItemAt(0);
    return !!item && item.getFullyLoaded() && !viewer.world.needsDraw();
  },
  tilesUsed: () => tilesLoaded,
  errors: () => errors,
};
