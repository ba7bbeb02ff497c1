import type { ImageItem } from '../../../../contract/apiProjects';
import { deepZoomLevels, pyramidInfo, templateLevel, tileUrl } from '../../../../engine';
import { apiUrl } from '../../../api/apiFetch';
import { authorizedFetch } from '../../../api/authorizedFetch';
import { originalPath } from '../image/openImageSource';
import type { SyncManager } from './sync/SyncManager';

/** Most tiles fetched ahead for one image. */
const PREFETCH_TILES_MAX = 16;

/**
 * The tile URLs a fitted view of `image` draws first: the pyramid's coarsest levels, from the
 * one-tile level up to the first level at least `screenPx` wide (what a fit on this screen asks
 * for), while their tiles number at most PREFETCH_TILES_MAX. Empty for images without a pyramid.
 */
export function firstTileUrls(image: ImageItem, screenPx: number): string[] {
  const tiles = image.tiles;
  if (!tiles || tiles.overlap !== 0) return [];
  const info = pyramidInfo(image.width, image.height, tiles.tileSize);
  const mapping = deepZoomLevels(image.width, image.height);
  const urls: string[] = [];
  for (let level = info.levels - 1; level >= 0; level--) {
    const width = Math.ceil(image.width / 2 ** level);
    const height = Math.ceil(image.height / 2 ** level);
    const cols = Math.ceil(width / tiles.tileSize);
    const rows = Math.ceil(height / tiles.tileSize);
    if (urls.length + cols * rows > PREFETCH_TILES_MAX) break;
    for (let y = 0; y < rows; y++) {
      for (let x = 0; x < cols; x++) urls.push(tileUrl(tiles.urlTemplate, templateLevel(level, mapping), x, y));
    }
    if (Math.max(width, height) >= screenPx) break;
  }
  return urls;
}

/**
 * Fetches ahead what opening `image` needs first, so that stepping to it shows it at once: its
 * annotations into the user's save layer (`sync`), where opening the image takes them without a
 * round trip, and its first tiles (or, without a pyramid, its original) through the same
 * authorized fetch the engine uses, so the HTTP cache and the service worker answer the
 * engine's requests. Failures are ignored: the image then loads as usual.
 */
export function prefetchImage(projectId: string, image: ImageItem, sync?: SyncManager): void {
  if (image.state !== 'ready') return;
  sync?.prefetch(projectId, image.id);
  const screenPx =
    Math.max(globalThis.innerWidth ?? 1024, globalThis.innerHeight ?? 768) * (globalThis.devicePixelRatio || 1);
  const urls = image.tiles ? firstTileUrls(image, screenPx) : [apiUrl(originalPath(projectId, image.id))];
  for (const url of urls) {
    authorizedFetch(url)
      .then((response) => response.blob())
      .catch(() => undefined);
  }
}
